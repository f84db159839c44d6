import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toApiError } from '@/lib/api/errors';
import type { Meta } from '@/lib/api/types';

export async function getMeta(): Promise<Meta> {
  const { data, error, response } = await api.GET('/api/v1/meta');
  if (!data) throw toApiError(response, error);
  return data.data;
}

export function metaQueryOptions() {
  return queryOptions({ queryKey: ['meta'], queryFn: getMeta, staleTime: 5 * 60_000 });
}

export function useMeta() {
  return useQuery(metaQueryOptions());
}
