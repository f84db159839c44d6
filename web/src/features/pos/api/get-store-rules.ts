import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { posKeys } from '@/lib/api/query-keys';

/**
 * The store's sale rules as the server has them now (its owner's loyalty settings): the largest
 * invoice total and the others, to name the rule a refused sale broke. Never a copy of our own.
 */
export function useStoreRules(enabled: boolean) {
  return useQuery({
    queryKey: [...posKeys.all, 'loyalty-config'] as const,
    queryFn: async () => (await unwrap(api.GET('/api/v1/loyalty-config'))).data,
    enabled,
    staleTime: 60_000,
    retry: false,
  });
}
