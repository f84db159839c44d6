import { Select, Switch, Text, Textarea } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanChangeChoices } from '@/components/plan-change-choices';
import { ApiError } from '@/lib/api/errors';
import type { PlanChangePreview, PlanMode } from '@/lib/api/types';
import { useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
import { useAssignPackage } from '../api/assign-package';
import { usePreviewAssignment } from '../api/preview-assignment';
import { usePackages } from '../api/list-packages';
import type { StoreOwnerRecord } from '../types';
import { Notice } from '@/components/notice';

interface AssignPackageModalProps {
  owner: StoreOwnerRecord | null;
  onClose: () => void;
}

export function AssignPackageModal({ owner, onClose }: AssignPackageModalProps) {
  const { t } = useTranslation('admin');
  return (
    <FormModal
      opened={owner !== null}
      onClose={onClose}
      title={owner ? t('owners.assignTitle', { name: owner.user.name }) : ''}
    >
      {owner && <AssignForm key={owner.id} owner={owner} onDone={onClose} />}
    </FormModal>
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
  const form = useApiForm({
    initialValues: { package_id: null as string | null, auto_renew: current?.auto_renew ?? false, notes: '' },
    // The owner's own field is not on the form: its message goes under the package.
    serverFields: { store_owner_id: 'package_id' },
    validate: (values) => ({ package_id: values.package_id ? undefined : t('owners.packageRequired') }),
    submit: async (values) => {
      const answer = await preview.mutateAsync({
        store_owner_id: owner.id,
        package_id: Number(values.package_id),
      });
      const [only] = answer.choices;
      // A start or an extension changes no paid time: no question to ask.
      if (answer.choices.length === 1 && only && only.outcome !== 'queue' && only.outcome !== 'switch_now') {
        await assign.mutateAsync(assignment(only.mode));
        done();
      } else {
        setChoosing(answer);
      }
    },
    failure: (error) => ({
      message:
        error instanceof ApiError && error.hasServerMessage
          ? t('owners.assignFailedWith', { message: error.message })
          : t('owners.assignFailed'),
    }),
  });
  // Only active packages are offered for assignment (spec section 4).
  const active = (packages.data ?? []).filter((pkg) => pkg.is_active);

  function assignment(mode: PlanMode) {
    const { values } = form;
    return {
      store_owner_id: owner.id,
      package_id: Number(values.package_id),
      auto_renew: values.auto_renew,
      notes: values.notes.trim() || null,
      mode,
    };
  }

  function done() {
    showToast(t('owners.assigned'));
    onDone();
  }

  function take(mode: PlanMode) {
    assign.mutate(assignment(mode), {
      onSuccess: done,
      onError: (failure) => {
        setChoosing(null);
        form.showError(failure);
      },
    });
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
    <ApiForm form={form} testId="assign-form">
      <Notice color={current ? 'blue' : 'gray'} icon={IconInfoCircle} data-testid="current-package">
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
      </Notice>
      <Select
        label={t('owners.package')}
        placeholder={t('owners.selectPackage')}
        data={active.map((pkg) => ({
          value: String(pkg.id),
          label: `${pkg.name} — ${format.lyd(pkg.price)} · ${t('months', { count: pkg.duration_months, value: format.number(pkg.duration_months) })}`,
        }))}
        {...form.getInputProps('package_id')}
        error={form.errors.package_id ?? (packages.isError ? t('loadFailed') : undefined)}
        required
        nothingFoundMessage={t('owners.noActivePackages')}
      />
      <Switch label={t('owners.autoRenew')} {...form.getInputProps('auto_renew', { type: 'checkbox' })} />
      <Textarea label={t('notes')} {...form.getInputProps('notes')} rows={2} />
      <FormActions onCancel={onDone} submitLabel={t('owners.assign')} />
    </ApiForm>
  );
}
