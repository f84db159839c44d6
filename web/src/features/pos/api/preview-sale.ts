import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { posKeys } from '@/lib/api/query-keys';
import type { SalePreview } from '@/lib/api/types';

/**
 * What a sale of `total` earns at this counter, from the server's own rule (one home); for a
 * customer, with the multiplier of the tier it holds.
 */
export async function previewSale(total: string, customerId?: number | null): Promise<SalePreview> {
  const data = await unwrap(
    api.GET('/api/v1/invoices/preview', {
      params: { query: customerId ? { total, customer_id: customerId } : { total } },
    }),
  );
  return data.data;
}

export function salePreviewQueryOptions(total: string | null, customerId?: number | null) {
  return queryOptions({
    queryKey: [...posKeys.all, 'preview', total ?? '', customerId ?? 0] as const,
    queryFn: () => previewSale(total ?? '', customerId),
    enabled: total !== null,
    staleTime: 60_000,
    retry: false,
  });
}

export function useSalePreview(total: string | null, customerId?: number | null) {
  return useQuery(salePreviewQueryOptions(total, customerId));
}
