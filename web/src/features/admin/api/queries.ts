import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toApiError } from '@/lib/api/errors';
import type { CardQuery, UserQuery } from '../types';
import { adminKeys } from './admin-keys';

export function useAdminOverview() {
  return useQuery({
    queryKey: adminKeys.overview(),
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/admin/overview');
      if (!data) throw toApiError(response, error);
      return data.data;
    },
  });
}

export function useAdminAnalytics() {
  return useQuery({
    queryKey: adminKeys.analytics(),
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/admin/analytics');
      if (!data) throw toApiError(response, error);
      return data.data;
    },
  });
}

export function useUsers(query: UserQuery) {
  return useQuery({
    queryKey: adminKeys.userList(query),
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/users', { params: { query } });
      if (!data) throw toApiError(response, error);
      return data;
    },
    placeholderData: keepPreviousData,
  });
}

export function useStores() {
  return useQuery({
    queryKey: adminKeys.stores(),
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/stores');
      if (!data) throw toApiError(response, error);
      return data.data;
    },
  });
}

export function useStoreOwnerOptions() {
  return useQuery({
    queryKey: adminKeys.storeOwnerOptions(),
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/store-owners');
      if (!data) throw toApiError(response, error);
      return data.data;
    },
  });
}

/** Every package, active or not (the packages tab; active ones feed the pickers). */
export function usePackages() {
  return useQuery({
    queryKey: adminKeys.packages(),
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/admin/packages');
      if (!data) throw toApiError(response, error);
      return data.data;
    },
  });
}

export function useStoreOwnerRecords() {
  return useQuery({
    queryKey: adminKeys.storeOwners(),
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/admin/store-owners');
      if (!data) throw toApiError(response, error);
      return data.data;
    },
  });
}

export function useCards(query: CardQuery) {
  return useQuery({
    queryKey: adminKeys.cardList(query),
    queryFn: async () => {
      const { data, error, response } = await api.GET('/api/v1/admin/redemption-cards', {
        params: { query },
      });
      if (!data) throw toApiError(response, error);
      return data;
    },
    placeholderData: keepPreviousData,
  });
}
