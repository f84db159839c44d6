import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { adminKeys } from './admin-keys';

/** The platform's figures, its health and its recent activity. */
export async function getOverview() {
  return (await unwrap(api.GET('/api/v1/admin/overview'))).data;
}

export const overviewQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.overview(), queryFn: () => getOverview() });

export const useAdminOverview = () => useQuery(overviewQueryOptions());
