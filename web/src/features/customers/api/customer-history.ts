import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys } from '@/lib/api/query-keys';
import type { LedgerPage } from '@/lib/api/types';

export const HISTORY_PAGE_SIZE = 20;

/** Every change of a customer's points, newest first, a page at a time. */
export async function getCustomerHistory(id: number, page: number): Promise<LedgerPage> {
  const data = await unwrap(
    api.GET('/api/v1/customers/{id}/history', {
      params: { path: { id }, query: { page, per_page: HISTORY_PAGE_SIZE } },
    }),
  );
  return data;
}

export function customerHistoryQueryOptions(id: number, page: number) {
  return queryOptions({
    queryKey: customerKeys.history(id, page),
    queryFn: () => getCustomerHistory(id, page),
    enabled: id > 0,
  });
}

export function useCustomerHistory(id: number, page: number) {
  return useQuery({ ...customerHistoryQueryOptions(id, page), placeholderData: keepPreviousData });
}
