import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys } from '@/lib/api/query-keys';
import type { Customer } from '@/lib/api/types';

/** Spec section 9: the customer search starts at 2 characters. */
export const MIN_SEARCH_LENGTH = 2;

export async function searchCustomers(query: string): Promise<Customer[]> {
  const data = await unwrap(api.POST('/api/v1/customers/search', { body: { query } }));
  return data.data;
}

export function customerSearchQueryOptions(query: string) {
  const trimmed = query.trim();
  return queryOptions({
    queryKey: customerKeys.search(trimmed),
    queryFn: () => searchCustomers(trimmed),
    enabled: Array.from(trimmed).length >= MIN_SEARCH_LENGTH,
    staleTime: 10_000,
  });
}

/** `enabled: false` (the browser offline) asks the server nothing. */
export function useCustomerSearch(query: string, enabled = true) {
  const options = customerSearchQueryOptions(query);
  return useQuery({ ...options, enabled: enabled && options.enabled, placeholderData: keepPreviousData });
}
