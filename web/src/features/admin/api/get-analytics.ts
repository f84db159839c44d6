import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { adminKeys } from './admin-keys';

/** The platform's figures day by day. */
export async function getAnalytics() {
  return (await unwrap(api.GET('/api/v1/admin/analytics'))).data;
}

export const analyticsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.analytics(), queryFn: () => getAnalytics() });

export const useAdminAnalytics = () => useQuery(analyticsQueryOptions());
