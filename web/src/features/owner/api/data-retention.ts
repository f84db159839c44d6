import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { DataRetention, DataRetentionRequest } from '../types';
import { ownerKeys } from './owner-keys';

/** How long the owner's activity log and webhook deliveries are kept (the defaults until chosen). */
export async function getDataRetention(): Promise<DataRetention> {
  const data = await unwrap(api.GET('/api/v1/store-owner/data-retention'));
  return data.data;
}

export function useDataRetention() {
  return useQuery(queryOptions({ queryKey: ownerKeys.dataRetention(), queryFn: getDataRetention }));
}

/** Both times at once; what is older goes at the next daily run. */
export async function putDataRetention(body: DataRetentionRequest): Promise<DataRetention> {
  const data = await unwrap(api.PUT('/api/v1/store-owner/data-retention', { body }));
  return data.data;
}

export function useSaveDataRetention() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: putDataRetention,
    onSuccess: (retention) => queryClient.setQueryData(ownerKeys.dataRetention(), retention),
  });
}
