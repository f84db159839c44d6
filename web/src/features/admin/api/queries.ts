import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { CardQuery, UserQuery } from '../types';
import { adminKeys } from './admin-keys';

export function useAdminOverview() {
  return useQuery({
    queryKey: adminKeys.overview(),
    queryFn: async () => {
      const data = await unwrap(api.GET('/api/v1/admin/overview'));
      return data.data;
    },
  });
}

export function useAdminAnalytics() {
  return useQuery({
    queryKey: adminKeys.analytics(),
    queryFn: async () => {
      const data = await unwrap(api.GET('/api/v1/admin/analytics'));
      return data.data;
    },
  });
}

export function useUsers(query: UserQuery) {
  return useQuery({
    queryKey: adminKeys.userList(query),
    queryFn: async () => {
      const data = await unwrap(api.GET('/api/v1/users', { params: { query } }));
      return data;
    },
    placeholderData: keepPreviousData,
  });
}

export function useStores() {
  return useQuery({
    queryKey: adminKeys.stores(),
    queryFn: async () => {
      const data = await unwrap(api.GET('/api/v1/stores'));
      return data.data;
    },
  });
}

export function useStoreOwnerOptions() {
  return useQuery({
    queryKey: adminKeys.storeOwnerOptions(),
    queryFn: async () => {
      const data = await unwrap(api.GET('/api/v1/store-owners'));
      return data.data;
    },
  });
}

/** Every package, active or not (the packages tab; active ones feed the pickers). */
export function usePackages() {
  return useQuery({
    queryKey: adminKeys.packages(),
    queryFn: async () => {
      const data = await unwrap(api.GET('/api/v1/admin/packages'));
      return data.data;
    },
  });
}

export function useStoreOwnerRecords() {
  return useQuery({
    queryKey: adminKeys.storeOwners(),
    queryFn: async () => {
      const data = await unwrap(api.GET('/api/v1/admin/store-owners'));
      return data.data;
    },
  });
}

export function useCards(query: CardQuery) {
  return useQuery({
    queryKey: adminKeys.cardList(query),
    queryFn: async () => {
      const data = await unwrap(
        api.GET('/api/v1/admin/redemption-cards', {
          params: { query },
        }),
      );
      return data;
    },
    placeholderData: keepPreviousData,
  });
}
