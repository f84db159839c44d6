import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { paths } from '@/lib/api/schema';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys } from '@/lib/api/query-keys';
import type { CustomerDetail, JsonBody, RequestBody } from '@/lib/api/types';

export type CustomerMessage = JsonBody<
  paths['/api/v1/customers/{id}/messages']['get']['responses'][200]
>['data'][number];
export type ConsentRequest = RequestBody<paths['/api/v1/customers/{id}/consents']['post']>;
export type Consents = CustomerDetail['customer']['consents'];

/** The customer's last messages shown on its page. */
export const CUSTOMER_MESSAGES_SIZE = 20;

export async function getCustomerMessages(id: number): Promise<CustomerMessage[]> {
  const data = await unwrap(
    api.GET('/api/v1/customers/{id}/messages', {
      params: { path: { id }, query: { per_page: CUSTOMER_MESSAGES_SIZE } },
    }),
  );
  // Newest first, whatever order the page came in.
  return [...data.data].sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at) || b.id - a.id);
}

export function useCustomerMessages(id: number) {
  return useQuery({ queryKey: customerKeys.messages(id), queryFn: () => getCustomerMessages(id) });
}

export async function recordConsent(id: number, body: ConsentRequest): Promise<Consents> {
  const data = await unwrap(api.POST('/api/v1/customers/{id}/consents', { params: { path: { id } }, body }));
  return data.data;
}

/**
 * Records a consent given or withdrawn at the till (with the language the customer reads): the
 * customer's page shows the server's answer, and its messages are read again (a first consent
 * may send a welcome).
 */
export function useRecordConsent(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ConsentRequest) => recordConsent(id, body),
    onSuccess: async (consents) => {
      queryClient.setQueryData<CustomerDetail>(customerKeys.detail(id), (detail) =>
        detail ? { ...detail, customer: { ...detail.customer, consents } } : detail,
      );
      await queryClient.invalidateQueries({ queryKey: customerKeys.messages(id) });
    },
  });
}

export async function sendPageLink(id: number): Promise<CustomerMessage> {
  const data = await unwrap(
    api.POST('/api/v1/customers/{id}/messages/page-link', { params: { path: { id } } }),
  );
  return data.data;
}

/**
 * Sends the customer a link to its own page by the channel it agreed to (the server picks the
 * channel, the language and the text); the list of its messages is read again to show it.
 */
export function useSendPageLink(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendPageLink(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: customerKeys.messages(id) });
    },
  });
}
