import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys, posKeys } from '@/lib/api/query-keys';
import type { RedemptionDone } from '@/lib/api/types';

export interface RedeemRewardInput {
  customerId: number;
  rewardId: number;
  idempotencyKey: string;
}

export async function redeemReward({
  customerId,
  rewardId,
  idempotencyKey,
}: RedeemRewardInput): Promise<RedemptionDone> {
  const data = await unwrap(
    api.POST('/api/v1/redemptions', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body: { customer_id: customerId, reward_id: rewardId },
    }),
  );
  return data.data;
}

/**
 * What a redemption (a reward, or points as money) changes: today's counts, the activity, the
 * rewards' counts and the customer's balance, figures and what the points are worth. Not
 * awaited: the form answers at once, the lists catch up in the background.
 */
export function invalidateAfterRedemption(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: posKeys.today() });
  void queryClient.invalidateQueries({ queryKey: posKeys.activity() });
  void queryClient.invalidateQueries({ queryKey: posKeys.rewards() });
  void queryClient.invalidateQueries({ queryKey: customerKeys.all });
}

export function useRedeemReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemReward,
    onSuccess: () => invalidateAfterRedemption(queryClient),
  });
}
