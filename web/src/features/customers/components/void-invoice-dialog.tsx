import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { IconReceiptOff } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form/form-error';
import { splitError } from '@/lib/api/form-errors';
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

/** Voids an invoice with a reason, after saying what it takes back. The server decides. */
export function VoidInvoiceDialog({ invoice, onClose }: VoidInvoiceDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      stackId="void-invoice-dialog"
      opened={invoice !== null}
      onClose={onClose}
      title={t('customers.void.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
    >
      {invoice && <VoidInvoiceForm key={invoice.id} invoice={invoice} onClose={onClose} />}
    </Modal>
  );
}

function VoidInvoiceForm({ invoice, onClose }: { invoice: Invoice; onClose: () => void }) {
  const { t } = useTranslation();
  const format = useFormat();
  const voiding = useVoidInvoice();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    voiding.mutate(
      { id: invoice.id, reason },
      {
        onSuccess: () => {
          showToast(t('customers.void.done'));
          onClose();
        },
        onError: (error) => {
          const shown = splitError(error, ['reason'], t('customers.void.failed'));
          if (shown.fields.reason) setReasonError(shown.fields.reason);
          setFormError(shown.alert);
        },
      },
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="void-invoice-form">
      <Stack gap="md">
        <FormError message={formError} />
        <Text>
          {t('customers.void.body', {
            total: format.lyd(invoice.total_cost),
            name: isolate(invoice.customer.name),
            points: format.points(invoice.points_earned),
          })}
        </Text>
        <Textarea
          label={t('customers.void.reason')}
          placeholder={t('customers.void.reasonPlaceholder')}
          value={reason}
          onChange={(event) => {
            setReason(event.currentTarget.value);
            setReasonError(undefined);
          }}
          error={reasonError}
          maxLength={bounds.VoidInvoiceRequest.reason.maxLength}
          rows={2}
          withAsterisk
          data-autofocus
          name="reason"
        />
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button variant="default" onClick={onClose} disabled={voiding.isPending}>
            {t('customers.void.keep')}
          </Button>
          <Button
            type="submit"
            color="red"
            leftSection={<IconReceiptOff size={18} aria-hidden />}
            loading={voiding.isPending}
          >
            {t('customers.void.confirm')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
