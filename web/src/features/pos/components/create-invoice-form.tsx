import { Button, getDefaultZIndex, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQueryClient } from '@tanstack/react-query';
import {
  IconHash,
  IconReceipt2,
  IconRefresh,
  IconUserCheck,
  IconUserOff,
  IconUsers,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form/form-error';
import { Notice } from '@/components/notice';
import { ApiError, isNetworkError, isTimeout, messageOf } from '@/lib/api/errors';
import { newIdempotencyKey } from '@/lib/api/idempotency';
import type { Customer, CreateInvoiceRequest, InvoiceCreated, SalePreview } from '@/lib/api/types';
import { isolate, useFormat } from '@/lib/format';
import { useCurrentUser } from '@/lib/session/current-user';
import { bounds } from '@/lib/api/bounds';
import type { QueuedSale } from '@/lib/offline/sale-queue';
import { showToast } from '@/lib/toasts';
import { isWalkIn, useCreateInvoice, type SaleRequest } from '../api/create-invoice';
import { salePreviewQueryOptions, useSalePreview } from '../api/preview-sale';
import { parseInvoiceTotal } from '../invoice-total';
import { customerToKeyAgain } from '../offline/describe-refusal';
import { loadDraft, recentCustomers, rememberCustomer, saveDraft } from '../offline/drafts';
import { useSaleQueue } from '../offline/use-sale-queue';
import { CustomerPicker } from './customer-picker';
import { Receipt, type ReceiptData } from './receipt';
import { SaleQueuePanel } from './sale-queue-panel';

/** Spec section 9: the invoice success message stays 6 seconds. */
const SUCCESS_DURATION = 6_000;

interface CreateInvoiceFormProps {
  initialCustomer?: Customer | null;
  /** A refused queued sale keyed again: its customer, number and total fill the form. */
  initialSale?: QueuedSale | null;
  /** Start as a sale without a customer (the dashboard's walk-in tile). */
  initialWalkIn?: boolean;
  onCreated?: (result: InvoiceCreated) => void;
}

interface FieldErrors {
  customer?: string;
  invoiceId?: string;
  total?: string;
}

export function CreateInvoiceForm({
  initialCustomer = null,
  initialSale = null,
  initialWalkIn = false,
  onCreated,
}: CreateInvoiceFormProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const queryClient = useQueryClient();
  const createInvoice = useCreateInvoice();
  const queue = useSaleQueue();
  const userId = useCurrentUser().data?.id ?? null;
  // A draft left by a reload or an ended session comes back (unless a customer was handed in).
  const [draft] = useState(() => (userId === null ? null : loadDraft(userId)));
  const restored =
    !initialSale && draft && (!initialCustomer || draft.customer?.id === initialCustomer.id) ? draft : null;
  const [customer, setCustomer] = useState<Customer | null>(
    initialSale ? customerToKeyAgain(initialSale) : (initialCustomer ?? restored?.customer ?? null),
  );
  const [invoiceId, setInvoiceId] = useState(initialSale?.body.invoice_id ?? restored?.invoiceId ?? '');
  const [total, setTotal] = useState(
    initialSale ? String(initialSale.body.total_cost) : (restored?.total ?? ''),
  );
  const [keyed, setKeyed] = useState<{ key: string; body: string } | null>(
    restored?.idempotencyKey && restored.keyedBody
      ? { key: restored.idempotencyKey, body: restored.keyedBody }
      : null,
  );
  // A sale without a customer: the receipt carries a claim link (a QR code) for the buyer instead.
  const [walkIn, setWalkIn] = useState(initialWalkIn && !initialSale);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<{ body: SaleRequest; preview: SalePreview } | null>(null);
  const [receipt, setReceipt] = useState<ReceiptData | null>(null);
  // The last sale's customer (sent or queued), offered as "Same customer again".
  const [lastSold, setLastSold] = useState<Customer | null>(null);
  const totalRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (userId === null) return;
    saveDraft(userId, {
      customer,
      invoiceId,
      total,
      idempotencyKey: keyed?.key ?? null,
      keyedBody: keyed?.body ?? null,
    });
  }, [userId, customer, invoiceId, total, keyed]);

  // What this total earns, from the server's rule, as it is typed.
  const parsed = parseInvoiceTotal(total);
  const [typedTotal] = useDebouncedValue('value' in parsed ? parsed.value : null, 300);
  const preview = useSalePreview(typedTotal, customer?.id);
  const previewError = preview.error instanceof ApiError ? preview.error.fieldError('total') : undefined;

  function clearSale() {
    setInvoiceId('');
    setTotal('');
    setKeyed(null);
    setErrors({});
  }

  function reset() {
    setCustomer(null);
    clearSale();
    setFormError(null);
    setReceipt(null);
    setLastSold(null);
    createInvoice.reset();
  }

  /** A refused sale keyed again: a new sale (the refused one made nothing), the cashier checks it. */
  function keyAgain(sale: QueuedSale) {
    setCustomer(customerToKeyAgain(sale));
    setInvoiceId(sale.body.invoice_id ?? '');
    setTotal(String(sale.body.total_cost));
    setKeyed(null);
    setErrors({});
    setFormError(null);
    setReceipt(null);
    window.setTimeout(() => totalRef.current?.focus(), 0);
  }

  /** One key per sale: the same sale sent again (a retry, a reload) keeps it. */
  function keyFor(body: SaleRequest): string {
    const serialized = JSON.stringify(body);
    if (keyed?.body === serialized) return keyed.key;
    const key = newIdempotencyKey();
    setKeyed({ key, body: serialized });
    return key;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFormError(null);
    setReceipt(null);
    const nextErrors: FieldErrors = {};
    if (!customer && !walkIn) nextErrors.customer = t('pos.invoice.selectCustomer');
    if ('problem' in parsed) nextErrors.total = t(`pos.invoice.total.${parsed.problem}`);
    setErrors(nextErrors);
    if ((!customer && !walkIn) || !('value' in parsed)) return;
    const invoice_id = invoiceId.trim() || null;
    const body: SaleRequest =
      walkIn || !customer
        ? { walk_in: true, invoice_id, total_cost: parsed.value }
        : { customer_id: customer.id, invoice_id, total_cost: parsed.value };
    // A large total is shown again before it is sent; the server says what "large" is.
    let answer: SalePreview | null = null;
    try {
      // With the network known to be gone, the sale goes straight to the queue.
      if (navigator.onLine)
        answer = await queryClient.fetchQuery(salePreviewQueryOptions(parsed.value, customer?.id));
    } catch (error) {
      if (error instanceof ApiError && error.fieldError('total_cost')) {
        setErrors({ total: error.fieldError('total_cost') });
        return;
      }
      // No answer (offline): the queue or the sale itself decides.
    }
    if (answer?.needs_confirmation) {
      setConfirming({ body, preview: answer });
      return;
    }
    send(body);
  }

  /** The server may not have it: keep it, with its key, and send it when the server answers. */
  function queueSale(
    body: CreateInvoiceRequest,
    idempotencyKey: string,
    soldTo: Customer,
    attempted: boolean,
  ) {
    void queue
      .enqueue({
        idempotencyKey,
        body: { ...body, customer_id: soldTo.id },
        customerName: soldTo.name,
        customer: soldTo,
        attempted,
      })
      .then(() => {
        showToast(t('pos.offline.queued', { customer: soldTo.name }), { color: 'blue', duration: 8_000 });
        // A queued sale is a sale: the next one starts empty too, "same customer again" beside.
        setCustomer(null);
        setLastSold(soldTo);
        clearSale();
        createInvoice.reset();
        totalRef.current?.focus();
      })
      .catch(() => setFormError(t('pos.invoice.failed')));
  }

  /** The server's refusal under its field, or the form's error: nothing was recorded. */
  function showRefusal(error: unknown) {
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
    setFormError(isTimeout(error) ? t('pos.offline.timeout') : messageOf(error, t('pos.invoice.failed')));
  }

  /**
   * A sale without a customer is never queued: its claim link comes from the server, and a buyer
   * who left without it could claim nothing. Unanswered, it keeps its key, so sending it again
   * cannot record it twice.
   */
  function sendWalkIn(body: SaleRequest) {
    if (!navigator.onLine) {
      setFormError(t('pos.walkIn.offline'));
      return;
    }
    createInvoice.mutate(
      { body, idempotencyKey: keyFor(body) },
      {
        onSuccess: (result) => {
          showToast(t('pos.walkIn.success'), { duration: SUCCESS_DURATION });
          clearSale();
          setReceipt({ result, customer: null });
          onCreated?.(result);
        },
        onError: showRefusal,
      },
    );
  }

  function send(body: SaleRequest) {
    if (isWalkIn(body)) {
      sendWalkIn(body);
      return;
    }
    if (!customer) return;
    const idempotencyKey = keyFor(body);
    const soldTo = customer;
    if (userId !== null) rememberCustomer(userId, soldTo);
    if (!navigator.onLine && queue.canQueue) {
      // Never sent: it cannot be on the server.
      queueSale(body, idempotencyKey, soldTo, false);
      return;
    }
    createInvoice.mutate(
      { body, idempotencyKey },
      {
        onSuccess: (result) => {
          showToast(
            t('pos.invoice.success', {
              count: result.points_added,
              points: format.points(result.points_added),
            }),
            { duration: SUCCESS_DURATION },
          );
          const updated = { ...soldTo, loyalty_points: result.customer_total_points };
          // Every sale starts empty: the next customer is picked, never inherited (the receipt
          // keeps this one, with "same customer again" beside it).
          setCustomer(null);
          if (userId !== null) rememberCustomer(userId, updated);
          clearSale();
          setReceipt({ result, customer: updated });
          setLastSold(updated);
          onCreated?.(result);
        },
        onError: (error) => {
          if (isNetworkError(error) && queue.canQueue) {
            // Sent with no answer: it may be on the server already.
            queueSale(body, idempotencyKey, soldTo, true);
            return;
          }
          showRefusal(error);
        },
      },
    );
  }

  const pending = createInvoice.isPending;
  const settings = preview.data?.settings;

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="create-invoice-form">
      <Stack gap="md">
        <SaleQueuePanel queue={queue} onKeyAgain={keyAgain} />
        <FormError message={formError} />
        {walkIn ? (
          <Notice
            color="blue"
            icon={IconUserOff}
            title={t('pos.walkIn.title')}
            role="status"
            data-testid="walk-in-notice"
          >
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{t('pos.walkIn.explain')}</Text>
              <Button
                type="button"
                size="xs"
                variant="default"
                leftSection={<IconUsers size={16} aria-hidden />}
                onClick={() => {
                  setWalkIn(false);
                  setFormError(null);
                }}
                disabled={pending}
              >
                {t('pos.walkIn.chooseCustomer')}
              </Button>
            </Stack>
          </Notice>
        ) : (
          <Stack gap="xs">
            <CustomerPicker
              value={customer}
              onChange={(next) => {
                setCustomer(next);
                setErrors((current) => ({ ...current, customer: undefined }));
                // A picked customer is followed by the total: the whole sale from the keyboard.
                if (next) window.setTimeout(() => totalRef.current?.focus(), 0);
              }}
              error={errors.customer}
              disabled={pending}
              offlineCustomers={userId === null ? [] : recentCustomers(userId)}
            />
            {!customer && (
              <Group justify="flex-start">
                <Button
                  type="button"
                  variant="light"
                  color="gray"
                  leftSection={<IconUserOff size={18} aria-hidden />}
                  onClick={() => {
                    setWalkIn(true);
                    setErrors((current) => ({ ...current, customer: undefined }));
                    setFormError(null);
                    window.setTimeout(() => totalRef.current?.focus(), 0);
                  }}
                  disabled={pending}
                  data-testid="walk-in-button"
                >
                  {t('pos.walkIn.start')}
                </Button>
              </Group>
            )}
          </Stack>
        )}
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
            maxLength={bounds.CreateInvoiceRequest.invoice_id.maxLength}
            name="invoice_id"
            size="md"
            miw={200}
          />
          <TextInput
            ref={totalRef}
            label={t('pos.invoice.totalCost')}
            description={
              settings
                ? t('pos.invoice.minimumHint', {
                    minimum: format.lyd(settings.min_purchase),
                    maximum: format.lyd(settings.max_invoice_total),
                  })
                : undefined
            }
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
            error={errors.total ?? previewError}
            name="total_cost"
            required
            size="md"
            miw={200}
          />
        </Group>
        {preview.data && !previewError && typedTotal !== null && (
          <Text
            size="sm"
            c={preview.data.points > 0 ? 'teal.8' : 'orange.9'}
            data-testid="points-preview"
            aria-live="polite"
          >
            {preview.data.points > 0
              ? t(walkIn ? 'pos.walkIn.claimable' : 'pos.invoice.earns', {
                  count: preview.data.points,
                  points: format.points(preview.data.points),
                })
              : t('pos.invoice.earnsNone', { minimum: format.lyd(preview.data.settings.min_purchase) })}
          </Text>
        )}
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
        {receipt && <Receipt data={receipt} />}
        {lastSold && !customer && !walkIn && (
          <Group justify="flex-start">
            <Button
              type="button"
              variant="light"
              leftSection={<IconUserCheck size={18} aria-hidden />}
              // A long name wraps onto a second line instead of being cut.
              h="auto"
              mih={36}
              py={6}
              styles={{ label: { whiteSpace: 'normal', textAlign: 'start', overflowWrap: 'anywhere' } }}
              onClick={() => {
                setCustomer(lastSold);
                window.setTimeout(() => totalRef.current?.focus(), 0);
              }}
            >
              {t('pos.invoice.sameCustomer', { name: isolate(lastSold.name) })}
            </Button>
          </Group>
        )}
      </Stack>
      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={t('pos.invoice.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
        // Above the POS dialog this form may be in (Mantine's portals share one node, in which
        // this one, mounted first, would come under it).
        zIndex={getDefaultZIndex('modal') + 1}
      >
        {confirming && (
          <Stack gap="md">
            <Text>
              {t('pos.invoice.confirmBody', {
                total: format.lyd(confirming.preview.total),
                above: format.lyd(confirming.preview.settings.confirm_above),
              })}
            </Text>
            <Group justify="flex-end" gap="sm">
              {/* Focus starts on going back, so a second Enter (a double press, a scanner's
                  Enter, a key held down) answers "change the total", never "create". */}
              <Button
                variant="default"
                data-autofocus
                onClick={() => {
                  setConfirming(null);
                  window.setTimeout(() => totalRef.current?.focus(), 0);
                }}
              >
                {t('pos.invoice.changeTotal')}
              </Button>
              <Button
                onClick={() => {
                  const body = confirming.body;
                  setConfirming(null);
                  send(body);
                }}
              >
                {t('pos.invoice.confirmSale')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </form>
  );
}
