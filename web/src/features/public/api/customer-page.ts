import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { publicKeys } from './get-public-store';
import type { CustomerPage, PageConsentRequest, PageConsents } from './types';

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

/**
 * POST /public/me/{token}/consents: the customer gives or withdraws its consent to messages by
 * one channel, for every store its page shows; the page's query takes the answer.
 */
export async function setPageConsent(token: string, body: PageConsentRequest): Promise<PageConsents> {
  const data = await unwrap(
    api.POST('/api/v1/public/me/{token}/consents', { params: { path: { token } }, body }),
  );
  return data.data;
}

export function useSetPageConsent(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: PageConsentRequest) => setPageConsent(token, body),
    onSuccess: (consents) => {
      client.setQueryData(customerPageQueryOptions(token).queryKey, (page) =>
        page ? { ...page, consents } : page,
      );
    },
  });
}
