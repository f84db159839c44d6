import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { UserQuery } from '../types';
import { adminKeys } from './admin-keys';

/** One page of users, searched and filtered by the server. */
export async function listUsers(query: UserQuery) {
  return unwrap(api.GET('/api/v1/users', { params: { query } }));
}

export const usersQueryOptions = (query: UserQuery) =>
  queryOptions({ queryKey: adminKeys.userList(query), queryFn: () => listUsers(query) });

// The previous page stays on screen while the next one loads.
export const useUsers = (query: UserQuery) =>
  useQuery({ ...usersQueryOptions(query), placeholderData: keepPreviousData });
