import { Select, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { normalizeDigits } from '@/lib/format';
import { bounds } from '@/lib/api/bounds';
import { showToast } from '@/lib/toasts';
import { ApiForm } from '@/components/form/api-form';
import { WholeNumberInput } from '@/components/form/whole-number-input';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
import { useCreateCardBatch } from '../api/create-card-batch';
import { usePackages } from '../api/list-packages';
import type { RedemptionCard } from '../types';

/** The most cards one batch makes: the server's bound (the OpenAPI document). */
export const MAX_BATCH = bounds.CardBatchRequest.count.maximum;

interface BatchCardsModalProps {
  opened: boolean;
  onClose: () => void;
  onCreated: (cards: RedemptionCard[]) => void;
}

export function BatchCardsModal({ opened, onClose, onCreated }: BatchCardsModalProps) {
  const { t } = useTranslation('admin');
  return (
    <FormModal opened={opened} onClose={onClose} title={t('cards.batchTitle')}>
      <BatchForm onClose={onClose} onCreated={onCreated} />
    </FormModal>
  );
}

function BatchForm({ onClose, onCreated }: Omit<BatchCardsModalProps, 'opened'>) {
  const { t } = useTranslation('admin');
  const packages = usePackages();
  const create = useCreateCardBatch();
  const form = useApiForm({
    initialValues: { count: '10', package_id: null as string | null, expires_at: '', notes: '' },
    validate: (values) => {
      const number = Number(normalizeDigits(values.count).trim());
      return {
        count:
          !Number.isInteger(number) || number < bounds.CardBatchRequest.count.minimum || number > MAX_BATCH
            ? t('cards.countRange', { max: MAX_BATCH })
            : undefined,
        package_id: values.package_id ? undefined : t('cards.packageRequired'),
      };
    },
    submit: (values) =>
      create.mutateAsync({
        count: Number(normalizeDigits(values.count).trim()),
        package_id: Number(values.package_id),
        expires_at: values.expires_at || null,
        notes: values.notes.trim() || null,
      }),
    onSuccess: (cards) => {
      showToast(t('cards.batchCreated', { count: cards.length }));
      onCreated(cards);
    },
    failure: t('cards.saveFailed'),
  });

  return (
    <ApiForm form={form} testId="batch-form">
      <WholeNumberInput
        label={t('cards.count')}
        min={1}
        max={MAX_BATCH}
        {...form.getInputProps('count')}
        required
        data-autofocus
      />
      <Select
        label={t('cards.package')}
        placeholder={t('cards.selectPackage')}
        data={(packages.data ?? [])
          .filter((pkg) => pkg.is_active)
          .map((pkg) => ({ value: String(pkg.id), label: pkg.name }))}
        {...form.getInputProps('package_id')}
        error={form.errors.package_id ?? (packages.isError ? t('loadFailed') : undefined)}
        required
      />
      <TextInput
        label={t('cards.expiresAt')}
        description={t('cards.expiryHint')}
        type="date"
        {...form.getInputProps('expires_at')}
      />
      <Textarea label={t('notes')} {...form.getInputProps('notes')} rows={2} />
      <FormActions onCancel={onClose} submitLabel={t('cards.batchCreate')} />
    </ApiForm>
  );
}
