import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type {
  ApiKey,
  ApiKeyCreated,
  ApiKeyRequest,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreated,
  WebhookEndpointRequest,
} from '../types';
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

export async function getWebhooks(): Promise<WebhookEndpoint[]> {
  return (await unwrap(api.GET('/api/v1/store-owner/webhooks'))).data;
}

export function useWebhooks() {
  return useQuery(queryOptions({ queryKey: ownerKeys.webhooks(), queryFn: getWebhooks }));
}

/** The latest deliveries of an endpoint (the first page, newest first). */
export function useDeliveries(endpointId: number | null) {
  return useQuery({
    queryKey: ownerKeys.deliveries(endpointId ?? 0),
    queryFn: async (): Promise<WebhookDelivery[]> =>
      (
        await unwrap(
          api.GET('/api/v1/store-owner/webhooks/{id}/deliveries', {
            params: { path: { id: endpointId ?? 0 }, query: { per_page: 50 } },
          }),
        )
      ).data,
    enabled: endpointId !== null,
  });
}

function useWebhookMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ownerKeys.webhooks() }),
  });
}

export const useCreateWebhook = () =>
  useWebhookMutation(
    async (body: WebhookEndpointRequest): Promise<WebhookEndpointCreated> =>
      (await unwrap(api.POST('/api/v1/store-owner/webhooks', { body }))).data,
  );

/** Pause or resume an endpoint: a merge patch naming only `is_active` (its address and events stay). */
export const useSetWebhookActive = () =>
  useWebhookMutation(
    async ({ endpoint, active }: { endpoint: WebhookEndpoint; active: boolean }) =>
      (
        await unwrap(
          api.PATCH('/api/v1/store-owner/webhooks/{id}', {
            params: { path: { id: endpoint.id } },
            body: { is_active: active },
            headers: { 'Content-Type': 'application/merge-patch+json' },
          }),
        )
      ).data,
  );

/** A new signing secret (shown once); the old one stops signing at once. */
export const useRotateWebhookSecret = () =>
  useWebhookMutation(
    async (id: number): Promise<WebhookEndpointCreated> =>
      (
        await unwrap(
          api.POST('/api/v1/store-owner/webhooks/{id}/rotate-secret', { params: { path: { id } } }),
        )
      ).data,
  );

export const useDeleteWebhook = () =>
  useWebhookMutation(async (id: number) => {
    await unwrap(api.DELETE('/api/v1/store-owner/webhooks/{id}', { params: { path: { id } } }));
  });

export const useResendDelivery = () =>
  useWebhookMutation(
    async (id: number) =>
      (
        await unwrap(
          api.POST('/api/v1/store-owner/webhook-deliveries/{id}/resend', { params: { path: { id } } }),
        )
      ).data,
  );

/** Queues a signed `ping` event for the endpoint (see it in its deliveries). */
export const useTestWebhook = () =>
  useWebhookMutation(
    async (id: number) =>
      (await unwrap(api.POST('/api/v1/store-owner/webhooks/{id}/test', { params: { path: { id } } }))).data,
  );
