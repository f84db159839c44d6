import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { adminKeys } from './admin-keys';

/** The store owners with their subscriptions. */
export async function listStoreOwners() {
  return (await unwrap(api.GET('/api/v1/admin/store-owners'))).data;
}

export const storeOwnersQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.storeOwners(), queryFn: () => listStoreOwners() });

export const useStoreOwnerRecords = () => useQuery(storeOwnersQueryOptions());
