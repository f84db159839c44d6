import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './use-admin-mutation';

/** Deletes a store. */
export function deleteStore(id: number) {
  return unwrap(api.DELETE('/api/v1/stores/{id}', { params: { path: { id } } }));
}

export const useDeleteStore = () =>
  useAdminMutation(deleteStore, [adminKeys.stores(), adminKeys.storeOwners()]);
