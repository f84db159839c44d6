import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type {
  ActivityFeed,
  ActivityQuery,
  CustomersOverview,
  OwnerSummary,
  StaffUser,
  Store,
} from '../types';
import { ownerKeys } from './owner-keys';

export async function getOwnerSummary(): Promise<OwnerSummary> {
  const data = await unwrap(api.GET('/api/v1/store-owner/summary'));
  return data.data;
}

export function useOwnerSummary() {
  return useQuery(queryOptions({ queryKey: ownerKeys.summary(), queryFn: getOwnerSummary }));
}

export async function getOwnerStores(): Promise<Store[]> {
  const data = await unwrap(api.GET('/api/v1/store-owner/stores'));
  return data.data;
}

export function useOwnerStores() {
  return useQuery(queryOptions({ queryKey: ownerKeys.stores(), queryFn: getOwnerStores }));
}

export async function getStaff(): Promise<StaffUser[]> {
  const data = await unwrap(api.GET('/api/v1/store-owner/pos-users'));
  return data.data;
}

export function useStaff() {
  return useQuery(queryOptions({ queryKey: ownerKeys.staff(), queryFn: getStaff }));
}

export interface OverviewParams {
  page: number;
  perPage: number;
  storeId?: number;
}

export async function getCustomersOverview({
  page,
  perPage,
  storeId,
}: OverviewParams): Promise<CustomersOverview> {
  const data = await unwrap(
    api.GET('/api/v1/customers/store-owner-overview', {
      params: { query: { page, per_page: perPage, ...(storeId ? { store_id: storeId } : {}) } },
    }),
  );
  return data.data;
}

export function useCustomersOverview(page: number, perPage: number) {
  return useQuery(
    queryOptions({
      queryKey: ownerKeys.customersOverview(page, perPage),
      queryFn: () => getCustomersOverview({ page, perPage }),
    }),
  );
}

/** One store's page beyond the first (the overview itself carries every store's first page). */
export function useStoreCustomers(storeId: number, page: number, perPage: number) {
  return useQuery(
    queryOptions({
      queryKey: ownerKeys.storeCustomers(storeId, page, perPage),
      queryFn: () => getCustomersOverview({ page, perPage, storeId }),
      enabled: page > 1,
      placeholderData: (previous) => previous,
    }),
  );
}

export async function getActivities(query: ActivityQuery): Promise<ActivityFeed> {
  const data = await unwrap(
    api.GET('/api/v1/store-owner/pos-activities', {
      params: { query },
    }),
  );
  return data;
}

export function useActivities(query: ActivityQuery, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: ownerKeys.activity(query),
      queryFn: () => getActivities(query),
      enabled,
      placeholderData: (previous) => previous,
    }),
  );
}
