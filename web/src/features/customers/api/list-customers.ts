import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys } from '@/lib/api/query-keys';
import type { CustomerPage } from '@/lib/api/types';

export interface CustomerListParams {
  search: string;
  page: number;
  perPage: number;
}

/** Customers of the caller's store(s), newest first, searched and paginated by the server. */
export async function listCustomers({ search, page, perPage }: CustomerListParams): Promise<CustomerPage> {
  const data = await unwrap(
    api.GET('/api/v1/customers', {
      params: { query: { search: search || undefined, page, per_page: perPage } },
    }),
  );
  return data;
}

export function customerListQueryOptions(params: CustomerListParams) {
  return queryOptions({ queryKey: customerKeys.list(params), queryFn: () => listCustomers(params) });
}

export function useCustomerList(params: CustomerListParams) {
  // The previous page stays on screen while the next one loads (no flash of the spinner).
  return useQuery({ ...customerListQueryOptions(params), placeholderData: keepPreviousData });
}
