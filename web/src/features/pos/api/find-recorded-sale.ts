import { api } from '@/lib/api/client';
import { ApiError, unwrap } from '@/lib/api/errors';
import type { QueuedSale, Refusal } from '@/lib/offline/sale-queue';

/** How far before it was queued a sale's invoice may have been made (the request, the 15 s limit, clocks). */
const BEFORE_QUEUED_MS = 10 * 60_000;

function dirhams(total: string | number): number {
  return Math.round(Number(total) * 1000);
}

/**
 * Another cashier's queued sale whose request got no answer may be on the server already, under
 * that cashier's name: the customer's invoices (newest first) are looked through for one made by
 * that cashier, for that total (and number, if one was typed), not voided, from shortly before it
 * was queued on. Null when there is none (or when the customer is gone: sending says so).
 */
export async function findRecordedSale(
  sale: QueuedSale,
): Promise<NonNullable<Refusal['maybeRecorded']> | null> {
  let page;
  try {
    page = await unwrap(
      api.GET('/api/v1/customers/{id}/invoices', {
        params: { path: { id: sale.body.customer_id }, query: { per_page: 100 } },
      }),
    );
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
  const since = new Date(sale.queuedAt).getTime() - BEFORE_QUEUED_MS;
  const wanted = dirhams(sale.body.total_cost);
  const number = sale.body.invoice_id ?? null;
  const match = page.data.find(
    (invoice) =>
      invoice.pos_user?.id === sale.userId &&
      !invoice.voided_at &&
      dirhams(invoice.total_cost) === wanted &&
      (number === null || invoice.invoice_id === number) &&
      new Date(invoice.created_at).getTime() >= since,
  );
  return match ? { invoiceId: match.id, number: match.invoice_id ?? null, at: match.created_at } : null;
}
