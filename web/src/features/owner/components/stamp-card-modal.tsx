import { Button, Group, Loader, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
import { WholeNumberInput } from '@/components/form/whole-number-input';
import { bounds } from '@/lib/api/bounds';
import { messageOf } from '@/lib/api/errors';
import type { StampCard } from '@/lib/api/types';
import { normalizeDigits } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { useDeleteStampCard, useSaveStampCard, useStampCard } from '../api/stamp-card';
import type { Store } from '../types';

const REQUIRED = bounds.StampCardRequest.stamps_required;
const DAYS = bounds.StampCardRequest.expires_after_days;

/** The store's stamp card: set, changed or turned off by its owner. */
export function StampCardModal({ store, onClose }: { store: Store | null; onClose: () => void }) {
  const { t } = useTranslation('owner');
  const card = useStampCard(store?.id ?? null);
  return (
    <FormModal
      opened={store !== null}
      onClose={onClose}
      title={t('stampCard.title', { store: store?.name ?? '' })}
    >
      {store && card.isPending && <Loader aria-label={t('stampCard.loading')} />}
      {store && card.isSuccess && (
        <StampCardForm key={store.id} storeId={store.id} card={card.data} onDone={onClose} />
      )}
    </FormModal>
  );
}

function StampCardForm({
  storeId,
  card,
  onDone,
}: {
  storeId: number;
  card: StampCard | null;
  onDone: () => void;
}) {
  const { t } = useTranslation('owner');
  const save = useSaveStampCard();
  const remove = useDeleteStampCard();
  const form = useApiForm({
    initialValues: {
      min_total: card?.min_total ?? '',
      stamps_required: card ? String(card.stamps_required) : '10',
      reward_name: card?.reward_name ?? '',
      expires_after_days: card?.expires_after_days ? String(card.expires_after_days) : '',
    },
    submit: (values) =>
      save.mutateAsync({
        storeId,
        body: {
          min_total: normalizeDigits(values.min_total.trim()),
          stamps_required: Number(normalizeDigits(values.stamps_required)),
          reward_name: values.reward_name,
          expires_after_days: values.expires_after_days.trim()
            ? Number(normalizeDigits(values.expires_after_days))
            : null,
        },
      }),
    onSuccess: () => {
      showToast(t('stampCard.saved'));
      onDone();
    },
    failure: t('stampCard.saveFailed'),
  });
  return (
    <ApiForm form={form} testId="stamp-card-form">
      <Text size="sm" c="dimmed">
        {t('stampCard.explain')}
      </Text>
      <TextInput
        label={t('stampCard.minTotal')}
        description={t('stampCard.minTotalHint')}
        inputMode="decimal"
        dir="ltr"
        {...form.getInputProps('min_total')}
        required
        data-autofocus
      />
      <WholeNumberInput
        label={t('stampCard.stampsRequired')}
        min={REQUIRED.minimum}
        max={REQUIRED.maximum}
        {...form.getInputProps('stamps_required')}
        required
      />
      <TextInput
        label={t('stampCard.rewardName')}
        maxLength={bounds.StampCardRequest.reward_name.maxLength}
        {...form.getInputProps('reward_name')}
        required
      />
      <WholeNumberInput
        label={t('stampCard.expiresAfterDays')}
        description={t('stampCard.expiresAfterDaysHint')}
        min={DAYS.minimum}
        max={DAYS.maximum}
        {...form.getInputProps('expires_after_days')}
      />
      {remove.isError && (
        <Text size="sm" c="red.8" role="alert">
          {messageOf(remove.error, t('stampCard.turnOffFailed'))}
        </Text>
      )}
      <Group justify="space-between" wrap="wrap">
        {card ? (
          <Button
            variant="subtle"
            color="red"
            loading={remove.isPending}
            onClick={() =>
              remove.mutate(storeId, {
                onSuccess: () => {
                  showToast(t('stampCard.turnedOff'));
                  onDone();
                },
              })
            }
            data-testid="stamp-card-off"
          >
            {t('stampCard.turnOff')}
          </Button>
        ) : (
          <span />
        )}
      </Group>
      <FormActions onCancel={onDone} submitLabel={t('save')} pendingLabel={t('saving')} />
    </ApiForm>
  );
}
