import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { adminKeys } from './admin-keys';

/** Every package, active or not (the packages tab; active ones feed the pickers). */
export async function listPackages() {
  return (await unwrap(api.GET('/api/v1/admin/packages'))).data;
}

export const packagesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.packages(), queryFn: () => listPackages() });

export const usePackages = () => useQuery(packagesQueryOptions());
