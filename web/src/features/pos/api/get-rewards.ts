import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toApiError } from '@/lib/api/errors';
import { posKeys } from '@/lib/api/query-keys';
import type { Reward } from '@/lib/api/types';

/** The rewards a cashier can redeem (active ones), cheapest first. */
export async function getRewards(): Promise<Reward[]> {
  const { data, error, response } = await api.GET('/api/v1/rewards');
  if (!data) throw toApiError(response, error);
  return data.data.filter((reward) => reward.is_active);
}

export function rewardsQueryOptions() {
  return queryOptions({ queryKey: posKeys.rewards(), queryFn: getRewards });
}

export function useRewards() {
  return useQuery(rewardsQueryOptions());
}
