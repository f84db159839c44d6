import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys } from '@/lib/api/query-keys';
import type { RedemptionPreview } from '@/lib/api/types';

/**
 * What a customer's points are worth as money at this counter, from the rule the redemption
 * itself uses (one home): without `points` the owner's terms and the whole balance's worth,
 * with them those points' worth and the balance after. Spends nothing.
 */
export async function previewRedemption(
  customerId: number,
  points: number | null,
): Promise<RedemptionPreview> {
  const data = await unwrap(
    api.GET('/api/v1/redemptions/preview', {
      params: { query: points === null ? { customer_id: customerId } : { customer_id: customerId, points } },
    }),
  );
  return data.data;
}

export function redemptionPreviewQueryOptions(customerId: number | null, points: number | null = null) {
  return queryOptions({
    queryKey: customerKeys.redemptionPreview(customerId ?? 0, points),
    queryFn: () => previewRedemption(customerId ?? 0, points),
    enabled: customerId !== null,
    // A 422 (below the minimum, more than the balance) is an answer, not a failure to retry.
    retry: false,
  });
}

/** The owner's terms for this customer: whether points have a value here, and the balance's worth. */
export function usePointsMoneyTerms(customerId: number | null) {
  return useQuery(redemptionPreviewQueryOptions(customerId));
}

/** What `points` (null: nothing typed yet) would give this customer. */
export function usePointsMoneyPreview(customerId: number, points: number | null) {
  return useQuery({ ...redemptionPreviewQueryOptions(customerId, points), enabled: points !== null });
}
