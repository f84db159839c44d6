import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { posKeys } from '@/lib/api/query-keys';
import type { Reward } from '@/lib/api/types';

/** The rewards a cashier can redeem (active ones), cheapest first. */
export async function getRewards(): Promise<Reward[]> {
  const data = await unwrap(api.GET('/api/v1/rewards'));
  return data.data.filter((reward) => reward.is_active);
}

export function rewardsQueryOptions() {
  return queryOptions({ queryKey: posKeys.rewards(), queryFn: getRewards });
}

export function useRewards() {
  return useQuery(rewardsQueryOptions());
}
