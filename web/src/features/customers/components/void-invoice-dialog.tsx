import { Button, Text, Textarea } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
import type { Invoice } from '@/lib/api/types';
import { isolate, useFormat } from '@/lib/format';
import { bounds } from '@/lib/api/bounds';
import { showToast } from '@/lib/toasts';
import { useVoidInvoice } from '../api/void-invoice';

interface VoidInvoiceDialogProps {
  /** The invoice to void, or null when closed. */
  invoice: Invoice | null;
  onClose: () => void;
}

/** The small "Void" beside a sale the caller may still void (the server's `can_void`). */
export function VoidInvoiceButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation();
  return (
    <Button size="compact-xs" variant="subtle" color="red" onClick={onClick} data-testid="void-invoice">
      {t('customers.void.action')}
    </Button>
  );
}

/** Voids an invoice with a reason, after saying what it takes back. The server decides. */
export function VoidInvoiceDialog({ invoice, onClose }: VoidInvoiceDialogProps) {
  const { t } = useTranslation();
  return (
    <FormModal
      stackId="void-invoice-dialog"
      opened={invoice !== null}
      onClose={onClose}
      title={t('customers.void.title')}
      styles={{ title: { fontWeight: 700 } }}
    >
      {invoice && <VoidInvoiceForm key={invoice.id} invoice={invoice} onClose={onClose} />}
    </FormModal>
  );
}

function VoidInvoiceForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const voiding = useVoidInvoice();
  const form = useApiForm({
    initialValues: { reason: '' },
    submit: ({ reason }) => voiding.mutateAsync({ id: invoice.id, reason }),
    onSuccess: () => {
      showToast(t('customers.void.done'));
      onClose();
    },
    failure: t('customers.void.failed'),
  });

  return (
    <ApiForm form={form} testId="void-invoice-form" gap="md">
      <Text>
        {t('customers.void.body', {
          total: format.lyd(invoice.total_cost),
          name: isolate(invoice.customer?.name ?? ''),
          points: format.points(invoice.points_earned),
        })}
      </Text>
      <Textarea
        label={t('customers.void.reason')}
        placeholder={t('customers.void.reasonPlaceholder')}
        {...form.getInputProps('reason')}
        maxLength={bounds.VoidInvoiceRequest.reason.maxLength}
        rows={2}
        withAsterisk
        data-autofocus
        name="reason"
      />
      <FormActions
        gap="sm"
        mt="xs"
        onCancel={onClose}
        cancelLabel={t('customers.void.keep')}
        submitLabel={t('customers.void.confirm')}
        submitProps={{ color: 'red', leftSection: <IconReceiptOff size={18} aria-hidden /> }}
      />
    </ApiForm>
  );
}
