import type { TFunction } from 'i18next';
import type { QueuedSale } from '@/lib/offline/sale-queue';
import { isolate, type useFormat } from '@/lib/format';

/** What the rules say now, when the server could tell (the store's largest invoice total). */
export interface RulesNow {
  maxInvoiceTotal?: string;
}

/** Whether naming this refusal needs the store's rules as they are now. */
export function needsRules(sale: QueuedSale): boolean {
  return sale.refusal?.fields.some((field) => field.code === 'total_too_large') ?? false;
}

/**
 * Why the server refused a queued sale, in the cashier's language (whatever language the
 * refusal came in), naming the rule and its value: the store's maximum, the customer no longer
 * there, the number already used. Anything else: the server's own message, as it came.
 */
export function describeRefusal(
  sale: QueuedSale,
  t: TFunction,
  format: ReturnType<typeof useFormat>,
  rules: RulesNow,
): string {
  const refusal = sale.refusal;
  const total = format.lyd(sale.body.total_cost);
  const customer = isolate(sale.customerName);
  if (refusal?.maybeRecorded) {
    const { number, invoiceId, at } = refusal.maybeRecorded;
    return t('pos.offline.refusal.maybeRecordedAt', {
      cashier: isolate(sale.userName ?? t('pos.offline.others.someone')),
      number: isolate(number ?? `#${invoiceId}`),
      at: format.dateTime(at),
      total,
      customer,
    });
  }
  if (refusal) {
    const codes = refusal.fields.map((field) => field.code);
    if (codes.includes('total_too_large'))
      return rules.maxInvoiceTotal
        ? t('pos.offline.refusal.totalTooLarge', { total, maximum: format.lyd(rules.maxInvoiceTotal) })
        : t('pos.offline.refusal.totalTooLargeNoValue', { total });
    if (codes.includes('total_too_small')) return t('pos.offline.refusal.totalTooSmall', { total });
    if (refusal.code === 'invoice_number_taken' || codes.includes('invoice_number_taken'))
      return t('pos.offline.refusal.numberTaken', { number: isolate(sale.body.invoice_id ?? '') });
    if (refusal.status === 404 || refusal.code === 'not_found')
      return t('pos.offline.refusal.customerGone', { customer });
  }
  return sale.message || t('pos.offline.refusedFallback');
}

/** The customer to fill in when a refused sale is keyed again: not one the server no longer has. */
export function customerToKeyAgain(sale: QueuedSale): NonNullable<QueuedSale['customer']> | null {
  const gone = sale.refusal?.status === 404 || sale.refusal?.code === 'not_found';
  return gone ? null : (sale.customer ?? null);
}
