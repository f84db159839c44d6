import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { adminKeys } from './admin-keys';

/** Every store, with its owner. */
export async function listStores() {
  return (await unwrap(api.GET('/api/v1/stores'))).data;
}

export const storesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.stores(), queryFn: () => listStores() });

export const useStores = () => useQuery(storesQueryOptions());
