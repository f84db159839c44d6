import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './use-admin-mutation';

/** Turns a package on or off. */
export function togglePackage(id: number) {
  return unwrap(api.POST('/api/v1/packages/{id}/toggle', { params: { path: { id } } }));
}

export const useTogglePackage = () => useAdminMutation(togglePackage, [adminKeys.packages()]);
