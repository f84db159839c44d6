import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { publicKeys } from './get-public-store';
import type { ClaimDone, ClaimOffer, ClaimRequest } from './types';

const claimKey = (token: string) => [...publicKeys.all, 'claim', token] as const;

/**
 * GET /public/claims/{token}: what a receipt's claim link gives. 404 unknown, 409 `claim_used`
 * or `claim_sale_undone`, 410 `claim_expired`.
 */
export async function getClaimOffer(token: string): Promise<ClaimOffer> {
  const data = await unwrap(api.GET('/api/v1/public/claims/{token}', { params: { path: { token } } }));
  return data.data;
}

export function claimOfferQueryOptions(token: string) {
  return queryOptions({ queryKey: claimKey(token), queryFn: () => getClaimOffer(token), retry: false });
}

export function useClaimOffer(token: string) {
  return useQuery(claimOfferQueryOptions(token));
}

/** POST /public/claims/{token}: the receipt's points, once. */
export async function claimPoints(token: string, body: ClaimRequest): Promise<ClaimDone> {
  const data = await unwrap(api.POST('/api/v1/public/claims/{token}', { params: { path: { token } }, body }));
  return data.data;
}

export function useClaimPoints(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ClaimRequest) => claimPoints(token, body),
    onSettled: () => queryClient.removeQueries({ queryKey: claimKey(token) }),
  });
}
