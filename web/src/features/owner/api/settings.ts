import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { LoyaltyConfig, LoyaltyConfigRequest, QrCode } from '../types';
import { ownerKeys } from './owner-keys';

export async function getLoyaltyConfig(): Promise<LoyaltyConfig> {
  const data = await unwrap(api.GET('/api/v1/loyalty-config'));
  return data.data;
}

export function useLoyaltyConfig() {
  return useQuery(queryOptions({ queryKey: ownerKeys.loyaltyConfig(), queryFn: getLoyaltyConfig }));
}

/** Changes the settings the body names, as a merge patch: the others keep their values. */
export async function patchLoyaltyConfig(body: LoyaltyConfigRequest): Promise<LoyaltyConfig> {
  const data = await unwrap(
    api.PATCH('/api/v1/loyalty-config', {
      body,
      headers: { 'Content-Type': 'application/merge-patch+json' },
    }),
  );
  return data.data;
}

export function useSaveLoyaltyConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: patchLoyaltyConfig,
    onSuccess: (config) => queryClient.setQueryData(ownerKeys.loyaltyConfig(), config),
  });
}

export async function generateQr(body: { store_id: number; size: number }): Promise<QrCode> {
  const data = await unwrap(api.POST('/api/v1/qr-code/generate', { body }));
  return data.data;
}

export function useGenerateQr() {
  return useMutation({ mutationFn: generateQr });
}

/** A new join link for the store: the old link and its printed codes stop working. */
export async function rotateQr(body: { store_id: number; size: number }): Promise<QrCode> {
  const data = await unwrap(api.POST('/api/v1/qr-code/rotate', { body }));
  return data.data;
}

export function useRotateQr() {
  return useMutation({ mutationFn: rotateQr });
}
