import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { StampCard, StampCardRequest } from '@/lib/api/types';
import { ownerKeys } from './owner-keys';

/** The store's stamp card, or null when the store gives no stamps. */
export async function getStampCard(storeId: number): Promise<StampCard | null> {
  const data = await unwrap(api.GET('/api/v1/stores/{id}/stamp-card', { params: { path: { id: storeId } } }));
  return data.data ?? null;
}

export function useStampCard(storeId: number | null) {
  return useQuery(
    queryOptions({
      queryKey: ownerKeys.stampCard(storeId ?? 0),
      queryFn: () => getStampCard(storeId ?? 0),
      enabled: storeId !== null,
    }),
  );
}

export async function saveStampCard({ storeId, body }: { storeId: number; body: StampCardRequest }) {
  const data = await unwrap(
    api.PUT('/api/v1/stores/{id}/stamp-card', { params: { path: { id: storeId } }, body }),
  );
  return data.data;
}

export function useSaveStampCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStampCard,
    onSuccess: (card, { storeId }) => queryClient.setQueryData(ownerKeys.stampCard(storeId), card ?? null),
  });
}

/** Turns the card off: sales earn no more stamps. */
export async function deleteStampCard(storeId: number): Promise<void> {
  await unwrap(api.DELETE('/api/v1/stores/{id}/stamp-card', { params: { path: { id: storeId } } }));
}

export function useDeleteStampCard() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStampCard,
    onSuccess: (_, storeId) => queryClient.setQueryData(ownerKeys.stampCard(storeId), null),
  });
}
