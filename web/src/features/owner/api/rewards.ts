import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toApiError } from '@/lib/api/errors';
import { posKeys } from '@/lib/api/query-keys';
import type { OwnerReward, RewardRequest } from '../types';
import { ownerKeys } from './owner-keys';

/** All of the owner's rewards, active or not. */
export async function getOwnerRewards(): Promise<OwnerReward[]> {
  const { data, error, response } = await api.GET('/api/v1/rewards');
  if (!data) throw toApiError(response, error);
  return data.data;
}

export function useOwnerRewards() {
  return useQuery(queryOptions({ queryKey: ownerKeys.rewards(), queryFn: getOwnerRewards }));
}

export interface SaveRewardInput {
  id?: number;
  body: RewardRequest;
}

export async function saveReward({ id, body }: SaveRewardInput): Promise<OwnerReward> {
  const { data, error, response } = id
    ? await api.PUT('/api/v1/rewards/{id}', { params: { path: { id } }, body })
    : await api.POST('/api/v1/rewards', { body });
  if (!data) throw toApiError(response, error);
  return data.data;
}

export function useSaveReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveReward,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ownerKeys.rewards() });
      void queryClient.invalidateQueries({ queryKey: posKeys.rewards() });
    },
  });
}
