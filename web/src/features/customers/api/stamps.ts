import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { StampEventPage } from '@/lib/api/types';

export const stampKeys = {
  history: (customerId: number) => ['customers', customerId, 'stamps'] as const,
};

export async function getStampHistory(customerId: number): Promise<StampEventPage> {
  return unwrap(
    api.GET('/api/v1/customers/{id}/stamps', {
      params: { path: { id: customerId }, query: { per_page: 10 } },
    }),
  );
}

export function stampHistoryQueryOptions(customerId: number) {
  return queryOptions({
    queryKey: stampKeys.history(customerId),
    queryFn: () => getStampHistory(customerId),
  });
}

/** The customer's latest stamps earned and redeemed, newest first. */
export function useStampHistory(customerId: number) {
  return useQuery(stampHistoryQueryOptions(customerId));
}

export interface RedeemStampsInput {
  customerId: number;
  storeId: number;
  /** One key per redemption the cashier means: a retry of it uses no more stamps. */
  idempotencyKey: string;
}

export async function redeemStamps({ customerId, storeId, idempotencyKey }: RedeemStampsInput) {
  const data = await unwrap(
    api.POST('/api/v1/customers/{id}/stamp-card/redeem', {
      params: { path: { id: customerId }, header: { 'Idempotency-Key': idempotencyKey } },
      body: { store_id: storeId },
    }),
  );
  return data.data;
}

/** Redeems a full stamp card: the customer's page and its history reload. */
export function useRedeemStamps() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemStamps,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['customers'] });
    },
  });
}
