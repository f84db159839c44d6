import { Button, Group, List, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconTicket } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PlanChangeChoices } from '@/components/plan-change-choices';
import { useApiForm } from '@/components/form/use-api-form';
import type { PlanChangePreview, PlanMode } from '@/lib/api/types';
import { isolate, useFormat } from '@/lib/format';
import { bounds } from '@/lib/api/bounds';
import { showToast } from '@/lib/toasts';
import { usePreviewCode, useRedeemCode } from '../api/subscription';
import type { SubscriptionStatus } from '../types';

/** Spec section 9. */
export const REDEEM_CODE_MAX_LENGTH = bounds.RedeemCodeRequest.code.maxLength;

interface RedeemCodeFormProps {
  /** Focuses the input whenever it changes (the ribbon's "Renew now"). */
  focusSignal?: number;
}

export function RedeemCodeForm({ focusSignal = 0 }: RedeemCodeFormProps) {
  const { t } = useTranslation('owner');
  const common = useTranslation().t;
  const format = useFormat();
  const redeem = useRedeemCode();
  const preview = usePreviewCode();
  // A card for another plan: its choices, shown before anything changes.
  const [choosing, setChoosing] = useState<{ code: string; preview: PlanChangePreview } | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const form = useApiForm({
    initialValues: { code: '' },
    validate: ({ code }) => ({ code: code.trim() ? undefined : t('subscription.codeEmpty') }),
    submit: async ({ code }) => {
      const trimmed = code.trim();
      const answer = await preview.mutateAsync(trimmed);
      const [only] = answer.choices;
      // The same plan (or none yet): it starts or runs on, nothing is given up.
      if (answer.choices.length === 1 && only && only.outcome !== 'queue' && only.outcome !== 'switch_now') {
        redeemed(await redeem.mutateAsync({ code: trimmed, mode: only.mode }), only.mode);
      } else {
        setChoosing({ code: trimmed, preview: answer });
      }
    },
    failure: t('subscription.redeemFailed'),
    failureField: 'code',
  });

  useEffect(() => {
    if (focusSignal > 0) {
      input.current?.focus();
      input.current?.scrollIntoView({ block: 'center' });
    }
  }, [focusSignal]);

  function redeemed(status: SubscriptionStatus, mode: PlanMode) {
    form.setFieldValue('code', '');
    setChoosing(null);
    const next = status.next_subscription;
    showToast(
      next && mode === 'queue'
        ? common('planChange.queued', { name: isolate(next.package.name), date: format.date(next.starts_at) })
        : t('subscription.activated'),
    );
  }

  function take(chosen: string, mode: PlanMode) {
    redeem.mutate(
      { code: chosen, mode },
      {
        onSuccess: (status) => redeemed(status, mode),
        onError: (failure) => {
          setChoosing(null);
          form.showError(failure);
        },
      },
    );
  }

  return (
    <Stack gap="md" data-testid="redeem-code">
      <Title order={3} fz="h4">
        {t('subscription.redeemTitle')}
      </Title>
      {/* A form, so Enter in the input submits. */}
      <form onSubmit={form.handleSubmit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            ref={input}
            style={{ flex: 1, minWidth: 220 }}
            label={t('subscription.code')}
            placeholder={t('subscription.codePlaceholder')}
            {...form.getInputProps('code')}
            maxLength={REDEEM_CODE_MAX_LENGTH}
            autoComplete="off"
            spellCheck={false}
            dir="ltr"
            name="code"
          />
          <Button
            type="submit"
            mt={25}
            leftSection={<IconTicket size={18} />}
            loading={(form.pending || redeem.isPending) && !choosing}
          >
            {redeem.isPending ? t('subscription.redeeming') : t('subscription.redeem')}
          </Button>
        </Group>
      </form>
      <Modal
        opened={choosing !== null}
        onClose={() => setChoosing(null)}
        title={common('planChange.title')}
        closeButtonProps={{ 'aria-label': t('close') }}
        size="lg"
      >
        {choosing && (
          <PlanChangeChoices
            preview={choosing.preview}
            busy={redeem.isPending}
            onChoose={(mode) => take(choosing.code, mode)}
            onKeep={() => setChoosing(null)}
          />
        )}
      </Modal>
      <div>
        <Text fw={600} mb={4}>
          {t('subscription.howTitle')}
        </Text>
        <List type="ordered" spacing={4} size="sm">
          <List.Item>{t('subscription.step1')}</List.Item>
          <List.Item>{t('subscription.step2')}</List.Item>
          <List.Item>{t('subscription.step3')}</List.Item>
        </List>
      </div>
    </Stack>
  );
}
