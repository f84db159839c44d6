import { Alert, Button, Group, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle, IconHash, IconReceipt2, IconRefresh } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '@/lib/api/errors';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import type { Customer, InvoiceCreated } from '@/lib/api/types';
import { useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { useCreateInvoice } from '../api/create-invoice';
import { parseInvoiceTotal } from '../invoice-total';
import { CustomerPicker } from './customer-picker';

/** Spec section 9: the invoice success message stays 6 seconds. */
const SUCCESS_DURATION = 6_000;

interface CreateInvoiceFormProps {
  initialCustomer?: Customer | null;
  onCreated?: (result: InvoiceCreated) => void;
}

interface FieldErrors {
  customer?: string;
  invoiceId?: string;
  total?: string;
}

export function CreateInvoiceForm({ initialCustomer = null, onCreated }: CreateInvoiceFormProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const createInvoice = useCreateInvoice();
  const idempotency = useIdempotencyKey();
  const [customer, setCustomer] = useState<Customer | null>(initialCustomer);
  const [invoiceId, setInvoiceId] = useState('');
  const [total, setTotal] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  function reset() {
    setCustomer(null);
    setInvoiceId('');
    setTotal('');
    setErrors({});
    setFormError(null);
    createInvoice.reset();
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    const parsed = parseInvoiceTotal(total);
    const nextErrors: FieldErrors = {};
    if (!customer) nextErrors.customer = t('pos.invoice.selectCustomer');
    if ('problem' in parsed) nextErrors.total = t(`pos.invoice.total.${parsed.problem}`);
    setErrors(nextErrors);
    if (!customer || !('value' in parsed)) return;

    const body = { customer_id: customer.id, invoice_id: invoiceId.trim() || null, total_cost: parsed.value };
    createInvoice.mutate(
      { body, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (result) => {
          idempotency.settle();
          showToast(
            t('pos.invoice.success', {
              count: result.points_added,
              points: format.points(result.points_added),
            }),
            {
              duration: SUCCESS_DURATION,
            },
          );
          setCustomer({ ...customer, loyalty_points: result.customer_total_points });
          setInvoiceId('');
          setTotal('');
          onCreated?.(result);
        },
        onError: (error) => {
          if (error instanceof ApiError) {
            const fieldErrors: FieldErrors = {
              invoiceId:
                error.fieldError('invoice_id') ??
                (error.code === 'invoice_number_taken' ? error.message : undefined),
              total: error.fieldError('total_cost'),
            };
            if (fieldErrors.invoiceId || fieldErrors.total) {
              setErrors(fieldErrors);
              return;
            }
          }
          setFormError(messageOf(error, t('pos.invoice.failed')));
        },
      },
    );
  }

  const pending = createInvoice.isPending;

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="create-invoice-form">
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
            {formError}
          </Alert>
        )}
        <CustomerPicker
          value={customer}
          onChange={(next) => {
            setCustomer(next);
            setErrors((current) => ({ ...current, customer: undefined }));
          }}
          error={errors.customer}
          disabled={pending}
        />
        <Group grow align="flex-start" gap="md" wrap="wrap">
          <TextInput
            label={t('pos.invoice.invoiceId')}
            description={t('pos.invoice.invoiceIdHint')}
            placeholder={t('pos.invoice.invoiceIdPlaceholder')}
            leftSection={<IconHash size={16} aria-hidden />}
            value={invoiceId}
            onChange={(event) => {
              setInvoiceId(event.currentTarget.value);
              setErrors((current) => ({ ...current, invoiceId: undefined }));
            }}
            error={errors.invoiceId}
            maxLength={64}
            name="invoice_id"
            size="md"
            miw={200}
          />
          <TextInput
            label={t('pos.invoice.totalCost')}
            description={t('pos.invoice.totalCostHint')}
            placeholder="0.000"
            inputMode="decimal"
            dir="ltr"
            rightSection={t('common.currency')}
            rightSectionWidth={52}
            value={total}
            onChange={(event) => {
              setTotal(event.currentTarget.value);
              setErrors((current) => ({ ...current, total: undefined }));
            }}
            error={errors.total}
            name="total_cost"
            required
            size="md"
            miw={200}
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button
            type="button"
            variant="default"
            leftSection={<IconRefresh size={18} aria-hidden />}
            onClick={reset}
            disabled={pending}
          >
            {t('pos.invoice.reset')}
          </Button>
          <Button type="submit" leftSection={<IconReceipt2 size={18} aria-hidden />} loading={pending}>
            {t('pos.invoice.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
