import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { StoreRequest } from '../types';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './use-admin-mutation';

/** Creates a store (no id) for its owner, or updates one. */
export function saveStore({ id, body }: { id?: number; body: StoreRequest }) {
  return unwrap(
    id
      ? api.PUT('/api/v1/stores/{id}', { params: { path: { id } }, body })
      : api.POST('/api/v1/stores', { body }),
  );
}

export const useSaveStore = () => useAdminMutation(saveStore, [adminKeys.stores(), adminKeys.storeOwners()]);
