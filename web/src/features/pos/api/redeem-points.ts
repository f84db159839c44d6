import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { RedemptionDone } from '@/lib/api/types';
import { invalidateAfterRedemption } from './redeem-reward';

export interface RedeemPointsInput {
  customerId: number;
  /** Points to use as money: the server checks them against the owner's minimum and the balance. */
  points: number;
  idempotencyKey: string;
}

/** Uses a number of points as a discount on the sale; the answer says what they were worth. */
export async function redeemPoints({
  customerId,
  points,
  idempotencyKey,
}: RedeemPointsInput): Promise<RedemptionDone> {
  const data = await unwrap(
    api.POST('/api/v1/redemptions', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: { customer_id: customerId, points },
    }),
  );
  return data.data;
}

export function useRedeemPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemPoints,
    onSuccess: () => invalidateAfterRedemption(queryClient),
  });
}
