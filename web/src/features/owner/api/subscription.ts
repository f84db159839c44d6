import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { PlanChangePreview, PlanMode } from '@/lib/api/types';
import type { SubscriptionStatus } from '../types';
import { ownerKeys } from './owner-keys';

export async function getSubscriptionStatus(): Promise<SubscriptionStatus> {
  const data = await unwrap(api.GET('/api/v1/subscriptions/status'));
  return data.data;
}

export function useSubscriptionStatus() {
  return useQuery(queryOptions({ queryKey: ownerKeys.subscription(), queryFn: getSubscriptionStatus }));
}

/**
 * Whether cashiers and rewards may be added or switched back on: the server's answer (false
 * once a plan is cancelled or has run out). Unknown while loading: the server still decides.
 */
export function useMayAddStaffAndRewards(): boolean {
  const status = useSubscriptionStatus();
  return status.data?.may_add_staff_and_rewards ?? true;
}

export async function toggleAutoRenew(): Promise<SubscriptionStatus> {
  const data = await unwrap(api.POST('/api/v1/subscriptions/toggle-auto-renew'));
  return data.data;
}

export async function cancelSubscription(): Promise<SubscriptionStatus> {
  const data = await unwrap(api.POST('/api/v1/subscriptions/cancel'));
  return data.data;
}

export async function redeemCode({
  code,
  mode,
}: {
  code: string;
  mode: PlanMode;
}): Promise<SubscriptionStatus> {
  const data = await unwrap(
    api.POST('/api/v1/redemption-cards/redeem', {
      body: { code, mode },
    }),
  );
  return data.data;
}

/** What a card would do, before anything changes (the card stays unused). */
export async function previewCode(code: string): Promise<PlanChangePreview> {
  const data = await unwrap(api.POST('/api/v1/redemption-cards/preview', { body: { code } }));
  return data.data;
}

export function usePreviewCode() {
  return useMutation({ mutationFn: previewCode });
}

/** Every subscription change answers with the new status: put it in the cache as is. */
function useSubscriptionMutation<Input>(mutationFn: (input: Input) => Promise<SubscriptionStatus>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (status) => queryClient.setQueryData(ownerKeys.subscription(), status),
  });
}

export const useToggleAutoRenew = () => useSubscriptionMutation(toggleAutoRenew);
export const useCancelSubscription = () => useSubscriptionMutation(cancelSubscription);
export const useRedeemCode = () => useSubscriptionMutation(redeemCode);
