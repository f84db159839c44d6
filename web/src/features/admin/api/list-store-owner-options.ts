import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { adminKeys } from './admin-keys';

/** The store owners a store can be given to. */
export async function listStoreOwnerOptions() {
  return (await unwrap(api.GET('/api/v1/store-owners'))).data;
}

export const storeOwnerOptionsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.storeOwnerOptions(), queryFn: () => listStoreOwnerOptions() });

export const useStoreOwnerOptions = () => useQuery(storeOwnerOptionsQueryOptions());
