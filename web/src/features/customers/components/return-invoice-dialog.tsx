import { Button, Text, Textarea, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
import { bounds } from '@/lib/api/bounds';
import { ApiError } from '@/lib/api/errors';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import type { Invoice } from '@/lib/api/types';
import { isolate, normalizeDigits, useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { useReturnInvoice, useReturnPreview } from '../api/return-invoice';

interface ReturnInvoiceDialogProps {
  /** The invoice to take a return against, or null when closed. */
  invoice: Invoice | null;
  onClose: () => void;
}

/** The small "Return" beside a sale the caller may still take a return against (`can_return`). */
export function ReturnInvoiceButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="compact-xs" variant="subtle" color="orange" onClick={onClick} data-testid="return-invoice">
      {t('customers.return.action')}
    </Button>
  );
}

/**
 * Goods brought back against an invoice: the amount (what is left to return, by default) and a
 * reason. The points that come off are the server's answer (its preview), never worked out here.
 */
export function ReturnInvoiceDialog({ invoice, onClose }: ReturnInvoiceDialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      stackId="return-invoice-dialog"
      opened={invoice !== null}
      onClose={onClose}
      title={t('customers.return.title')}
      styles={{ title: { fontWeight: 700 } }}
    >
      {invoice && <ReturnInvoiceForm key={invoice.id} invoice={invoice} onClose={onClose} />}
    </FormModal>
  );
}

function ReturnInvoiceForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const returning = useReturnInvoice();
  const { keyFor, settle } = useIdempotencyKey();
  const form = useApiForm({
    initialValues: { amount: invoice.returnable, reason: '' },
    validate: ({ amount, reason }) => ({
      amount: normalizeDigits(amount).trim() === '' ? t('customers.return.amountRequired') : undefined,
      reason: reason.trim() === '' ? t('customers.return.reasonRequired') : undefined,
    }),
    submit: ({ amount, reason }) => {
      const body = { id: invoice.id, amount: normalizeDigits(amount).trim(), reason };
      return returning.mutateAsync({ ...body, idempotencyKey: keyFor(body) });
    },
    onSuccess: (done) => {
      settle();
      showToast(t('customers.return.done', { points: format.points(done.points_returned) }));
      onClose();
    },
    failure: t('customers.return.failed'),
  });
  const typed = normalizeDigits(form.values.amount).trim();
  const [amount] = useDebouncedValue(typed === '' ? null : typed, 250);
  const preview = useReturnPreview(invoice.id, amount);
  const previewError =
    preview.error instanceof ApiError ? (preview.error.fieldError('amount') ?? preview.error.message) : null;

  return (
    <ApiForm form={form} testId="return-invoice-form" gap="md">
      <Text>
        {t('customers.return.body', {
          total: format.lyd(invoice.total_cost),
          name: isolate(invoice.customer?.name ?? ''),
          returnable: format.lyd(invoice.returnable),
        })}
      </Text>
      <TextInput
        label={t('customers.return.amount')}
        description={t('customers.return.amountHint', { returnable: format.lyd(invoice.returnable) })}
        inputMode="decimal"
        dir="ltr"
        rightSection={t('common.currency')}
        rightSectionWidth={52}
        {...form.getInputProps('amount')}
        error={form.errors.amount ?? (amount === typed ? previewError : null)}
        withAsterisk
        name="amount"
      />
      <Text size="sm" aria-live="polite" data-testid="return-points">
        {preview.data?.points != null && amount === typed
          ? t('customers.return.pointsOff', {
              points: format.points(preview.data.points),
              balance: format.points(preview.data.balance_after ?? preview.data.balance),
            })
          : '\u00a0'}
      </Text>
      {preview.data?.balance_after != null && preview.data.balance_after < 0 && amount === typed && (
        <Text size="sm" c="orange.9" data-testid="return-owes">
          {t('customers.return.willOwe', { points: format.points(-preview.data.balance_after) })}
        </Text>
      )}
      <Textarea
        label={t('customers.return.reason')}
        placeholder={t('customers.return.reasonPlaceholder')}
        {...form.getInputProps('reason')}
        maxLength={bounds.ReturnInvoiceRequest.reason.maxLength}
        rows={2}
        withAsterisk
        data-autofocus
        name="reason"
      />
      <FormActions
        gap="sm"
        mt="xs"
        onCancel={onClose}
        cancelLabel={t('customers.return.keep')}
        submitLabel={t('customers.return.confirm')}
        submitProps={{ color: 'orange', leftSection: <IconArrowBackUp size={18} aria-hidden /> }}
      />
    </ApiForm>
  );
}
