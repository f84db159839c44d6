import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './use-admin-mutation';

/** Activates or deactivates a user. */
export function setUserActive({ id, active }: { id: number; active: boolean }) {
  return unwrap(
    active
      ? api.POST('/api/v1/users/{id}/activate', { params: { path: { id } } })
      : api.POST('/api/v1/users/{id}/deactivate', { params: { path: { id } } }),
  );
}

export const useSetUserActive = () =>
  useAdminMutation(setUserActive, [adminKeys.users(), adminKeys.storeOwners()]);
