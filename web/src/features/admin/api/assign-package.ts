import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { AssignPackageRequest } from '../types';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './use-admin-mutation';

/** Gives a store owner a package, in the chosen way (see the preview's choices). */
export function assignPackage(body: AssignPackageRequest) {
  return unwrap(api.POST('/api/v1/admin/subscriptions/assign', { body }));
}

export const useAssignPackage = () => useAdminMutation(assignPackage, [adminKeys.storeOwners()]);
