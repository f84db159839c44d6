import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys } from '@/lib/api/query-keys';
import type { LoyaltyTier, LoyaltyTiersRequest } from '../types';
import { ownerKeys } from './owner-keys';

/** The owner's ladder, lowest spend first (empty when the owner has no tiers). */
export async function getLoyaltyTiers(): Promise<LoyaltyTier[]> {
  const data = await unwrap(api.GET('/api/v1/loyalty-tiers'));
  return data.data.tiers;
}

export function useLoyaltyTiers() {
  return useQuery(queryOptions({ queryKey: ownerKeys.tiers(), queryFn: getLoyaltyTiers }));
}

/** Replaces the whole ladder; an empty list removes the tiers. */
export async function putLoyaltyTiers(body: LoyaltyTiersRequest): Promise<LoyaltyTier[]> {
  const data = await unwrap(api.PUT('/api/v1/loyalty-tiers', { body }));
  return data.data.tiers;
}

export function useSaveLoyaltyTiers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putLoyaltyTiers,
    onSuccess: (tiers) => {
      queryClient.setQueryData(ownerKeys.tiers(), tiers);
      // Each customer's tier is read against the ladder: their pages must ask again.
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
