import { Select, Text, Textarea, TextInput } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ltr';
import { useFormat } from '@/lib/format';
import { bounds } from '@/lib/api/bounds';
import { showToast } from '@/lib/toasts';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
import { useSaveCard } from '../api/save-card';
import { usePackages } from '../api/list-packages';
import { canChangeCard, cardRequest, expiryDay } from '../card-rules';
import type { RedemptionCard } from '../types';
import { Notice } from '@/components/notice';

interface CardModalProps {
  opened: boolean;
  card: RedemptionCard | null;
  onClose: () => void;
}

export function CardModal({ opened, card, onClose }: CardModalProps) {
  const { t } = useTranslation('admin');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={
        // A redeemed card is history: shown, not edited.
        card ? t(canChangeCard(card) ? 'cards.editTitle' : 'cards.viewTitle') : t('cards.addTitle')
      }
    >
      <CardForm key={card?.id ?? 'new'} card={card} onDone={onClose} />
    </FormModal>
  );
}

export function CardForm({ card, onDone }: { card: RedemptionCard | null; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const packages = usePackages();
  const save = useSaveCard();
  const readOnly = card !== null && !canChangeCard(card);
  const form = useApiForm({
    initialValues: {
      packageId: card ? String(card.package.id) : '',
      code: card?.code ?? '',
      expiresAt: expiryDay(card?.expires_at),
      notes: card?.notes ?? '',
    },
    serverFields: { package_id: 'packageId', expires_at: 'expiresAt' },
    validate: (values) => ({ package_id: values.packageId ? undefined : t('cards.packageRequired') }),
    submit: (values) => save.mutateAsync({ id: card?.id, body: cardRequest(values) }),
    onSuccess: () => {
      showToast(card ? t('cards.updated') : t('cards.created'));
      onDone();
    },
    failure: t('cards.saveFailed'),
  });
  const { packageId } = form.values;
  // Active packages, plus the card's own package if it has since been disabled.
  const options = (packages.data ?? []).filter((pkg) => pkg.is_active || String(pkg.id) === packageId);

  return (
    <ApiForm form={form} testId="card-form">
      {readOnly && card && (
        <Notice
          color="gray"
          icon={IconLock}
          title={t('cards.redeemedTitle')}
          data-testid="card-redeemed-block"
        >
          <Text size="sm">
            {t('cards.redeemedBy')}: {card.redeemed_by ? card.redeemed_by.name : '—'}
            {card.redeemed_by && (
              <>
                {' '}
                (<Ltr>{card.redeemed_by.email}</Ltr>)
              </>
            )}
          </Text>
          <Text size="sm">
            {t('cards.redeemedAt')}: {card.redeemed_at ? format.dateTime(card.redeemed_at) : '—'}
          </Text>
          <Text size="sm" mt="xs" c="dimmed">
            {t('cards.cannotEdit')}
          </Text>
        </Notice>
      )}
      <Select
        label={t('cards.package')}
        placeholder={t('cards.selectPackage')}
        data={options.map((pkg) => ({ value: String(pkg.id), label: pkg.name }))}
        {...form.getInputProps('packageId')}
        value={packageId || null}
        onChange={(value) => form.setFieldValue('packageId', value ?? '')}
        error={form.errors.packageId ?? (packages.isError ? t('loadFailed') : undefined)}
        required
        disabled={readOnly}
        data-autofocus
      />
      <TextInput
        label={t('cards.code')}
        description={card ? undefined : t('cards.codeHint')}
        {...form.getInputProps('code')}
        onChange={(e) => form.setFieldValue('code', e.currentTarget.value.toUpperCase())}
        maxLength={bounds.RedeemCodeRequest.code.maxLength}
        disabled={readOnly}
        dir="ltr"
        ff="monospace"
      />
      <TextInput
        label={t('cards.expiresAt')}
        description={t('cards.expiryHint')}
        type="date"
        // The picker offers today (Tripoli) or later; the server refuses a past day.
        min={expiryDay(new Date().toISOString())}
        {...form.getInputProps('expiresAt')}
        disabled={readOnly}
      />
      <Textarea label={t('notes')} {...form.getInputProps('notes')} rows={2} disabled={readOnly} />
      <FormActions
        onCancel={onDone}
        cancelLabel={readOnly ? t('close') : undefined}
        readOnly={readOnly}
        submitLabel={card ? t('save') : t('cards.create')}
      />
    </ApiForm>
  );
}
