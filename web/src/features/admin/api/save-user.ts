import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { UserRequest } from '../types';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './use-admin-mutation';

/** Creates a user (no id) or updates one. */
export function saveUser({ id, body }: { id?: number; body: UserRequest }) {
  return unwrap(
    id
      ? api.PUT('/api/v1/users/{id}', { params: { path: { id } }, body })
      : api.POST('/api/v1/users', { body }),
  );
}

export const useSaveUser = () =>
  useAdminMutation(saveUser, [adminKeys.users(), adminKeys.storeOwners(), adminKeys.storeOwnerOptions()]);
