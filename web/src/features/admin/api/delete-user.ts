import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './use-admin-mutation';

/** Deletes a user. */
export function deleteUser(id: number) {
  return unwrap(api.DELETE('/api/v1/users/{id}', { params: { path: { id } } }));
}

export const useDeleteUser = () =>
  useAdminMutation(deleteUser, [adminKeys.users(), adminKeys.storeOwners(), adminKeys.storeOwnerOptions()]);
