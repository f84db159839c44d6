import { NumberInput, Paper, SegmentedControl, SimpleGrid, Text, TextInput } from '@mantine/core';
import { IconMinus, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
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
    <FormModal
      stackId="add-points-dialog"
      opened={opened}
      onClose={onClose}
      title={can('remove_points') ? t('customers.addPoints.titleAdjust') : t('customers.addPoints.title')}
      styles={{ title: { fontWeight: 700 } }}
    >
      {customer && (
        <AddPointsForm key={customer.id} customer={customer} onClose={onClose} onAdded={onAdded} />
      )}
    </FormModal>
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
  const form = useApiForm({
    // Spec section 4: the dialog opens with 0 points and an empty reason.
    initialValues: { points: 0 as number | string, reason: '', direction: 'add' as 'add' | 'remove' },
    validate: ({ points, direction }) => {
      const problem = addPointsProblem(points);
      const removing = mayRemove && direction === 'remove';
      return {
        points: problem
          ? t(`customers.addPoints.rules.${problem === 'max' && removing ? 'maxRemove' : problem}`, {
              max: format.points(ADD_POINTS_MAX),
            })
          : undefined,
      };
    },
    // The points' message follows what is typed, once something is.
    validateInputOnChange: ['points'],
    submit: ({ points, reason, direction }) =>
      addPoints.mutateAsync({
        id: customer.id,
        body: {
          points: mayRemove && direction === 'remove' ? -Number(points) : Number(points),
          reason: reason.trim() || null,
        },
      }),
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
    failure: t('customers.addPoints.failed'),
  });
  const { points, direction } = form.values;
  const removing = mayRemove && direction === 'remove';
  // The live total follows what is typed, even past the limit (the error says why it cannot be sent).
  const typed = Number(points);
  const adding = points !== '' && Number.isInteger(typed) && typed > 0 ? typed : 0;
  const blocked = points === '' || Number(points) < ADD_POINTS_MIN;
  const change = removing ? -adding : adding;

  return (
    <ApiForm form={form} testId="add-points-form" gap="md">
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
            form.setFieldValue('direction', value === 'remove' ? 'remove' : 'add');
            // The server's messages were about the other direction; the points' own is said anew.
            const shown = form.errors.points;
            form.clearErrors();
            if (shown) form.validateField('points');
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
        {...form.getInputProps('points')}
        onChange={(value) => {
          form.setFieldValue('points', value);
          form.clearFieldError('reason');
        }}
        min={ADD_POINTS_MIN}
        max={ADD_POINTS_MAX}
        clampBehavior="none"
        allowDecimal={false}
        allowNegative={false}
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
        {...form.getInputProps('reason')}
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
      <FormActions
        gap="sm"
        mt="xs"
        onCancel={onClose}
        submitLabel={removing ? t('customers.addPoints.submitRemove') : t('customers.addPoints.submit')}
        submitProps={{
          leftSection: removing ? <IconMinus size={18} aria-hidden /> : <IconPlus size={18} aria-hidden />,
          color: removing ? 'red' : undefined,
          disabled: blocked,
        }}
      />
    </ApiForm>
  );
}
