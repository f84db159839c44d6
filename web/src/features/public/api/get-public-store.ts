import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { PublicStore } from './types';

export const publicKeys = {
  all: ['public'] as const,
  store: (token: string) => [...publicKeys.all, 'store', token] as const,
};

/** GET /public/stores/{token}: the store a registration link opens; 404 when unknown or revoked. */
export async function getPublicStore(token: string): Promise<PublicStore> {
  const data = await unwrap(
    api.GET('/api/v1/public/stores/{token}', {
      params: { path: { token } },
    }),
  );
  return data.data.store;
}

export function publicStoreQueryOptions(token: string) {
  return queryOptions({
    queryKey: publicKeys.store(token),
    queryFn: () => getPublicStore(token),
    staleTime: 5 * 60_000,
  });
}

export function usePublicStore(token: string) {
  return useQuery(publicStoreQueryOptions(token));
}
