import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { posKeys } from '@/lib/api/query-keys';
import type { TodayCounts } from '@/lib/api/types';

/** Invoices, points issued and redemptions of the cashier's store today (merchant's local day). */
export async function getTodayCounts(): Promise<TodayCounts> {
  const data = await unwrap(api.GET('/api/v1/pos/today'));
  return data.data;
}

export function todayCountsQueryOptions() {
  return queryOptions({ queryKey: posKeys.today(), queryFn: getTodayCounts });
}

export function useTodayCounts() {
  return useQuery(todayCountsQueryOptions());
}
