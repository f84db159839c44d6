import {
  Button,
  Group,
  Modal,
  NumberInput,
  Paper,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form/form-error';
import { splitError } from '@/lib/api/form-errors';
import type { Customer } from '@/lib/api/types';
import { isolate, useFormat } from '@/lib/format';
import { usePermissions } from '@/lib/session/permissions';
import { showToast } from '@/lib/toasts';
import { useAddPoints } from '../api/add-points';
import { ADD_POINTS_MAX, ADD_POINTS_MIN, addPointsProblem, REASON_MAX } from '../customer-rules';

interface AddPointsDialogProps {
  opened: boolean;
  customer: Customer | null;
  onClose: () => void;
  onAdded?: (customer: Customer) => void;
}

export function AddPointsDialog({ opened, customer, onClose, onAdded }: AddPointsDialogProps) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  return (
    <Modal
      stackId="add-points-dialog"
      opened={opened}
      onClose={onClose}
      title={can('remove_points') ? t('customers.addPoints.titleAdjust') : t('customers.addPoints.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {customer && (
        <AddPointsForm key={customer.id} customer={customer} onClose={onClose} onAdded={onAdded} />
      )}
    </Modal>
  );
}

interface AddPointsFormProps {
  customer: Customer;
  onClose: () => void;
  onAdded?: (customer: Customer) => void;
}

function AddPointsForm({ customer, onClose, onAdded }: AddPointsFormProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const addPoints = useAddPoints();
  // Who may take points away (the store's owner, with a reason) is the server's answer.
  const mayRemove = usePermissions().can('remove_points');
  const [direction, setDirection] = useState<'add' | 'remove'>('add');
  const removing = mayRemove && direction === 'remove';
  // Spec section 4: the dialog opens with 0 points and an empty reason.
  const [points, setPoints] = useState<number | string>(0);
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const [serverErrors, setServerErrors] = useState<{ points?: string; reason?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);

  const problem = addPointsProblem(points);
  const valid = problem === null;
  // The live total follows what is typed, even past the limit (the error says why it cannot be sent).
  const typed = Number(points);
  const adding = points !== '' && Number.isInteger(typed) && typed > 0 ? typed : 0;
  const blocked = points === '' || Number(points) < ADD_POINTS_MIN;
  const pointsError =
    serverErrors.points ??
    (touched && problem
      ? t(`customers.addPoints.rules.${problem === 'max' && removing ? 'maxRemove' : problem}`, {
          max: format.points(ADD_POINTS_MAX),
        })
      : undefined);
  const change = removing ? -adding : adding;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    setFormError(null);
    if (!valid) return;
    addPoints.mutate(
      {
        id: customer.id,
        body: { points: removing ? -Number(points) : Number(points), reason: reason.trim() || null },
      },
      {
        onSuccess: (updated) => {
          showToast(
            t(removing ? 'customers.addPoints.removed' : 'customers.addPoints.success', {
              count: adding,
              points: format.points(adding),
              name: isolate(updated.name),
            }),
          );
          onAdded?.(updated);
          onClose();
        },
        onError: (error) => {
          const shown = splitError(error, ['points', 'reason'], t('customers.addPoints.failed'));
          setServerErrors(shown.fields);
          setFormError(shown.alert);
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="add-points-form">
      <Stack gap="md">
        <FormError message={formError} />
        <Text size="sm" c="dimmed">
          {t(mayRemove ? 'customers.addPoints.forAdjust' : 'customers.addPoints.for', {
            name: isolate(customer.name),
            max: format.points(ADD_POINTS_MAX),
          })}
        </Text>
        {mayRemove && (
          <SegmentedControl
            aria-label={t('customers.addPoints.mode')}
            value={direction}
            onChange={(value) => {
              setDirection(value === 'remove' ? 'remove' : 'add');
              setServerErrors({});
            }}
            data={[
              { value: 'add', label: t('customers.addPoints.add') },
              { value: 'remove', label: t('customers.addPoints.remove') },
            ]}
            fullWidth
          />
        )}
        <NumberInput
          label={t('customers.addPoints.points')}
          value={points}
          onChange={(value) => {
            setPoints(value);
            setTouched(true);
            setServerErrors({});
          }}
          min={ADD_POINTS_MIN}
          max={ADD_POINTS_MAX}
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          error={pointsError}
          required
          data-autofocus
          name="points"
        />
        <TextInput
          label={t('customers.addPoints.reason')}
          placeholder={
            mayRemove
              ? t('customers.addPoints.reasonRequiredPlaceholder')
              : t('customers.addPoints.reasonPlaceholder')
          }
          withAsterisk={mayRemove}
          value={reason}
          onChange={(event) => setReason(event.currentTarget.value)}
          error={serverErrors.reason}
          maxLength={REASON_MAX}
          name="reason"
        />
        <SimpleGrid cols={2} spacing="sm">
          <Paper withBorder p="sm" radius="md">
            <Text size="xs" c="dimmed">
              {t('customers.addPoints.current')}
            </Text>
            <Text fw={700} fz="lg" data-testid="current-points">
              {format.points(customer.loyalty_points)}
            </Text>
          </Paper>
          <Paper withBorder p="sm" radius="md" bg="brand.0">
            <Text size="xs" c="dimmed">
              {t('customers.addPoints.newTotal')}
            </Text>
            <Text fw={800} fz="lg" c="brand.8" data-testid="new-total" aria-live="polite">
              {format.points(customer.loyalty_points + change)}
            </Text>
          </Paper>
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={addPoints.isPending}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            leftSection={removing ? <IconMinus size={18} aria-hidden /> : <IconPlus size={18} aria-hidden />}
            color={removing ? 'red' : undefined}
            disabled={blocked}
            loading={addPoints.isPending}
          >
            {removing ? t('customers.addPoints.submitRemove') : t('customers.addPoints.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
