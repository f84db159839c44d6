import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toApiError } from '@/lib/api/errors';
import { posKeys } from '@/lib/api/query-keys';
import type { ActivityItem } from '@/lib/api/types';

/** The latest 10 invoices and redemptions of the cashier's store, newest first. */
export async function getRecentActivity(): Promise<ActivityItem[]> {
  const { data, error, response } = await api.GET('/api/v1/pos/activity');
  if (!data) throw toApiError(response, error);
  return data.data;
}

export function recentActivityQueryOptions() {
  return queryOptions({ queryKey: posKeys.activity(), queryFn: getRecentActivity });
}

export function useRecentActivity() {
  return useQuery(recentActivityQueryOptions());
}
