import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys } from '@/lib/api/query-keys';
import type { Invoice, Redemption } from '@/lib/api/types';

/** Spec section 9: recent activity lists hold 10 items. */
export const RECENT_ACTIVITY_SIZE = 10;

export async function getCustomerInvoices(id: number): Promise<Invoice[]> {
  const data = await unwrap(
    api.GET('/api/v1/customers/{id}/invoices', {
      params: { path: { id }, query: { per_page: RECENT_ACTIVITY_SIZE } },
    }),
  );
  return data.data;
}

export async function getCustomerRedemptions(id: number): Promise<Redemption[]> {
  const data = await unwrap(
    api.GET('/api/v1/customers/{id}/redemptions', {
      params: { path: { id }, query: { per_page: RECENT_ACTIVITY_SIZE } },
    }),
  );
  return data.data;
}

export type CustomerActivity =
  | { type: 'invoice'; createdAt: string; invoice: Invoice }
  | { type: 'redemption'; createdAt: string; redemption: Redemption };

/** Invoices and redemptions of a customer merged, newest first, at most 10. */
export function mergeActivity(invoices: Invoice[], redemptions: Redemption[]): CustomerActivity[] {
  const items: CustomerActivity[] = [
    ...invoices.map((invoice) => ({ type: 'invoice' as const, createdAt: invoice.created_at, invoice })),
    ...redemptions.map((redemption) => ({
      type: 'redemption' as const,
      createdAt: redemption.created_at,
      redemption,
    })),
  ];
  return items
    .sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt))
    .slice(0, RECENT_ACTIVITY_SIZE);
}

export function useCustomerActivity(id: number) {
  const invoices = useQuery({
    queryKey: customerKeys.invoices(id),
    queryFn: () => getCustomerInvoices(id),
  });
  const redemptions = useQuery({
    queryKey: customerKeys.redemptions(id),
    queryFn: () => getCustomerRedemptions(id),
  });
  return {
    isPending: invoices.isPending || redemptions.isPending,
    isError: invoices.isError || redemptions.isError,
    data: invoices.data && redemptions.data ? mergeActivity(invoices.data, redemptions.data) : undefined,
  };
}
