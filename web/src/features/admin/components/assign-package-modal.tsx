import { Alert, Button, Group, Modal, Select, Stack, Switch, Text, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanChangeChoices } from '@/components/plan-change-choices';
import { ApiError } from '@/lib/api/errors';
import type { PlanChangePreview, PlanMode } from '@/lib/api/types';
import { useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { FormError } from '@/components/form/form-error';
import { useAssignPackage, usePreviewAssignment } from '../api/mutations';
import { usePackages } from '../api/queries';
import type { StoreOwnerRecord } from '../types';

interface AssignPackageModalProps {
  owner: StoreOwnerRecord | null;
  onClose: () => void;
}

export function AssignPackageModal({ owner, onClose }: AssignPackageModalProps) {
  const { t } = useTranslation('admin');
  return (
    <Modal
      opened={owner !== null}
      onClose={onClose}
      title={owner ? t('owners.assignTitle', { name: owner.user.name }) : ''}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {owner && <AssignForm key={owner.id} owner={owner} onDone={onClose} />}
    </Modal>
  );
}

function AssignForm({ owner, onDone }: { owner: StoreOwnerRecord; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const packages = usePackages();
  const assign = useAssignPackage();
  const preview = usePreviewAssignment();
  // A package for another plan: its choices, shown before anything changes.
  const [choosing, setChoosing] = useState<PlanChangePreview | null>(null);
  const current = owner.active_subscription ?? null;
  const [packageId, setPackageId] = useState<string | null>(null);
  const [autoRenew, setAutoRenew] = useState(current?.auto_renew ?? false);
  const [notes, setNotes] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  // Only active packages are offered for assignment (spec section 4).
  const active = (packages.data ?? []).filter((pkg) => pkg.is_active);

  function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    if (!packageId) {
      setError(t('owners.packageRequired'));
      return;
    }
    setError(undefined);
    const body = { store_owner_id: owner.id, package_id: Number(packageId) };
    preview.mutate(body, {
      onSuccess: (answer) => {
        const [only] = answer.choices;
        // A start or an extension changes no paid time: no question to ask.
        if (
          answer.choices.length === 1 &&
          only &&
          only.outcome !== 'queue' &&
          only.outcome !== 'switch_now'
        ) {
          take(only.mode);
        } else {
          setChoosing(answer);
        }
      },
      onError: showFailure,
    });
  }

  function showFailure(failure: Error) {
    const field =
      failure instanceof ApiError
        ? (failure.fieldError('package_id') ?? failure.fieldError('store_owner_id'))
        : undefined;
    if (field) setError(field);
    else
      setAlert(
        failure instanceof ApiError && failure.hasServerMessage
          ? t('owners.assignFailedWith', { message: failure.message })
          : t('owners.assignFailed'),
      );
  }

  function take(mode: PlanMode) {
    assign.mutate(
      {
        store_owner_id: owner.id,
        package_id: Number(packageId),
        auto_renew: autoRenew,
        notes: notes.trim() || null,
        mode,
      },
      {
        onSuccess: () => {
          showToast(t('owners.assigned'));
          onDone();
        },
        onError: (failure) => {
          setChoosing(null);
          showFailure(failure);
        },
      },
    );
  }

  if (choosing) {
    return (
      <PlanChangeChoices
        preview={choosing}
        busy={assign.isPending}
        onChoose={take}
        onKeep={() => setChoosing(null)}
      />
    );
  }

  return (
    <form onSubmit={submit} noValidate data-testid="assign-form">
      <Stack>
        <FormError message={alert} />
        <Alert
          variant="light"
          color={current ? 'blue' : 'gray'}
          icon={<IconInfoCircle size={20} />}
          data-testid="current-package"
        >
          {current ? (
            <>
              <Text size="sm" fw={500}>
                {t('owners.currentPackage', { name: current.package.name })}
              </Text>
              <Text size="sm">{t('owners.expires', { date: format.date(current.end_date) })}</Text>
            </>
          ) : (
            <Text size="sm">{t('owners.noSubscription')}</Text>
          )}
        </Alert>
        <Select
          label={t('owners.package')}
          placeholder={t('owners.selectPackage')}
          data={active.map((pkg) => ({
            value: String(pkg.id),
            label: `${pkg.name} — ${format.lyd(pkg.price)} · ${t('months', { count: pkg.duration_months, value: format.number(pkg.duration_months) })}`,
          }))}
          value={packageId}
          onChange={setPackageId}
          error={error ?? (packages.isError ? t('loadFailed') : undefined)}
          required
          nothingFoundMessage={t('owners.noActivePackages')}
        />
        <Switch
          label={t('owners.autoRenew')}
          checked={autoRenew}
          onChange={(e) => setAutoRenew(e.currentTarget.checked)}
        />
        <Textarea
          label={t('notes')}
          value={notes}
          onChange={(e) => setNotes(e.currentTarget.value)}
          rows={2}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={assign.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={assign.isPending || preview.isPending}>
            {t('owners.assign')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
