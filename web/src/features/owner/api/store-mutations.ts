import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { Store, StoreRequest } from '../types';
import { ownerKeys } from './owner-keys';

export interface SaveStoreInput {
  id?: number;
  body: StoreRequest;
}

export async function saveStore({ id, body }: SaveStoreInput): Promise<Store> {
  const data = await (id
    ? unwrap(api.PUT('/api/v1/stores/{id}', { params: { path: { id } }, body }))
    : unwrap(api.POST('/api/v1/stores', { body })));
  return data.data;
}

export function useSaveStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStore,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ownerKeys.stores() });
      void queryClient.invalidateQueries({ queryKey: ownerKeys.summary() });
      void queryClient.invalidateQueries({ queryKey: ownerKeys.subscription() });
      void queryClient.invalidateQueries({ queryKey: ownerKeys.customersOverviews() });
    },
  });
}

/** Deletes one of the owner's stores; the server refuses (409) while it has customers or sales. */
export async function deleteStore(id: number): Promise<void> {
  await unwrap(api.DELETE('/api/v1/stores/{id}', { params: { path: { id } } }));
}

export function useDeleteStore() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteStore,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ownerKeys.stores() });
      void queryClient.invalidateQueries({ queryKey: ownerKeys.summary() });
      void queryClient.invalidateQueries({ queryKey: ownerKeys.subscription() });
      void queryClient.invalidateQueries({ queryKey: ownerKeys.customersOverviews() });
    },
  });
}
