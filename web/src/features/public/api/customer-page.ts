import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { publicKeys } from './get-public-store';
import type { CustomerPage } from './types';

/**
 * GET /public/me/{token}: the customer's own page. An unknown, altered, expired or revoked link
 * is the same 404.
 */
export async function getCustomerPage(token: string): Promise<CustomerPage> {
  const data = await unwrap(api.GET('/api/v1/public/me/{token}', { params: { path: { token } } }));
  return data.data;
}

export function customerPageQueryOptions(token: string) {
  return queryOptions({
    queryKey: [...publicKeys.all, 'me', token] as const,
    queryFn: () => getCustomerPage(token),
    retry: false,
  });
}

export function useCustomerPage(token: string) {
  return useQuery(customerPageQueryOptions(token));
}
