import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { isNetworkError, toApiError } from '@/lib/api/errors';
import type { User } from '@/lib/api/types';
import { clearSession, lastUserForToken, rememberUser, sessionKeys } from './session';
import { useToken } from './token-store';

export async function fetchCurrentUser(): Promise<User> {
  let answer;
  try {
    answer = await api.GET('/api/v1/auth/user');
  } catch (error) {
    // No answer at all (offline): the same token's user as last confirmed. A 401 never lands
    // here, so an ended session is still ended.
    const last = isNetworkError(error) ? lastUserForToken() : null;
    if (last) return last;
    throw error;
  }
  const { data, error, response } = answer;
  if (!data) throw toApiError(response, error);
  rememberUser(data.data);
  return data.data;
}

export function currentUserQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.user(),
    queryFn: fetchCurrentUser,
    // The user changes only through sign-in and sign-out, which write the cache themselves.
    staleTime: Infinity,
    retry: false,
  });
}

/** The signed-in user; idle while there is no token. */
export function useCurrentUser() {
  const token = useToken();
  return useQuery({ ...currentUserQueryOptions(), enabled: token !== null });
}

/** Tells the server to revoke the token, then clears local state even if that failed. */
export async function signOut(queryClient: QueryClient): Promise<void> {
  try {
    await api.POST('/api/v1/auth/logout');
  } catch {
    // Spec section 4: local state is cleared even when the server call fails.
  } finally {
    clearSession(queryClient);
  }
}
