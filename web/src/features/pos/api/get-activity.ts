import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { posKeys } from '@/lib/api/query-keys';
import type { ActivityItem } from '@/lib/api/types';

/** The latest 10 invoices and redemptions of the cashier's store, newest first. */
export async function getRecentActivity(): Promise<ActivityItem[]> {
  const data = await unwrap(api.GET('/api/v1/pos/activity'));
  return data.data;
}

export function recentActivityQueryOptions() {
  return queryOptions({ queryKey: posKeys.activity(), queryFn: getRecentActivity });
}

export function useRecentActivity() {
  return useQuery(recentActivityQueryOptions());
}
