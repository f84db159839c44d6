import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { posKeys } from '@/lib/api/query-keys';
import type { OwnerReward, RewardRequest } from '../types';
import { ownerKeys } from './owner-keys';

/** All of the owner's rewards, active or not. */
export async function getOwnerRewards(): Promise<OwnerReward[]> {
  const data = await unwrap(api.GET('/api/v1/rewards'));
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
  const data = await (id
    ? unwrap(api.PUT('/api/v1/rewards/{id}', { params: { path: { id } }, body }))
    : unwrap(api.POST('/api/v1/rewards', { body })));
  return data.data;
}

/** Switches a reward on or off: a merge patch naming only `is_active` (the rest stays). */
export async function setRewardActive({ id, active }: { id: number; active: boolean }): Promise<OwnerReward> {
  const data = await unwrap(
    api.PATCH('/api/v1/rewards/{id}', {
      params: { path: { id } },
      body: { is_active: active },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    }),
  );
  return data.data;
}

function useRewardMutation<Input>(mutationFn: (input: Input) => Promise<OwnerReward>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ownerKeys.rewards() });
      void queryClient.invalidateQueries({ queryKey: posKeys.rewards() });
    },
  });
}

export const useSaveReward = () => useRewardMutation(saveReward);
export const useSetRewardActive = () => useRewardMutation(setRewardActive);
