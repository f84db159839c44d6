import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { PackageRequest } from '../types';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './use-admin-mutation';

/** Creates a package (no id) or updates one. */
export function savePackage({ id, body }: { id?: number; body: PackageRequest }) {
  return unwrap(
    id
      ? api.PUT('/api/v1/packages/{id}', { params: { path: { id } }, body })
      : api.POST('/api/v1/packages', { body }),
  );
}

export const useSavePackage = () =>
  useAdminMutation(savePackage, [adminKeys.packages(), adminKeys.storeOwners(), adminKeys.cards()]);
