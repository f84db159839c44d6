import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { posKeys } from '@/lib/api/query-keys';
import type { SalePreview } from '@/lib/api/types';

/** What a sale of `total` earns at this counter, from the server's own rule (one home). */
export async function previewSale(total: string): Promise<SalePreview> {
  const data = await unwrap(
    api.GET('/api/v1/invoices/preview', {
      params: { query: { total } },
    }),
  );
  return data.data;
}

export function salePreviewQueryOptions(total: string | null) {
  return queryOptions({
    queryKey: [...posKeys.all, 'preview', total ?? ''] as const,
    queryFn: () => previewSale(total ?? ''),
    enabled: total !== null,
    staleTime: 60_000,
    retry: false,
  });
}

export function useSalePreview(total: string | null) {
  return useQuery(salePreviewQueryOptions(total));
}
