import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './use-admin-mutation';

/** Deletes a package. */
export function deletePackage(id: number) {
  return unwrap(api.DELETE('/api/v1/packages/{id}', { params: { path: { id } } }));
}

export const useDeletePackage = () => useAdminMutation(deletePackage, [adminKeys.packages()]);
