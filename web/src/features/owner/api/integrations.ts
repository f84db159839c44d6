import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { ApiKey, ApiKeyCreated, ApiKeyRequest } from '../types';
import { ownerKeys } from './owner-keys';

export async function getApiKeys(): Promise<ApiKey[]> {
  return (await unwrap(api.GET('/api/v1/store-owner/api-keys'))).data;
}

export function useApiKeys() {
  return useQuery(queryOptions({ queryKey: ownerKeys.apiKeys(), queryFn: getApiKeys }));
}

export async function createApiKey(body: ApiKeyRequest): Promise<ApiKeyCreated> {
  return (await unwrap(api.POST('/api/v1/store-owner/api-keys', { body }))).data;
}

export async function revokeApiKey(id: number): Promise<void> {
  await unwrap(api.DELETE('/api/v1/store-owner/api-keys/{id}', { params: { path: { id } } }));
}

function useKeyMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ownerKeys.apiKeys() }),
  });
}

export const useCreateApiKey = () => useKeyMutation(createApiKey);
export const useRevokeApiKey = () => useKeyMutation(revokeApiKey);
