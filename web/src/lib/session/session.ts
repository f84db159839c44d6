import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@/lib/api/types';
import { clearToken, setToken } from './token-store';

// Only react-query's types here: the sign-in page uses this module without loading react-query.

export const sessionKeys = {
  all: ['session'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
};

/** Signed out to signed in: keep the token, and the user so no second fetch is needed. */
export function startSession(queryClient: QueryClient, token: string, user: User): void {
  setToken(token);
  queryClient.setQueryData(sessionKeys.user(), user);
}

/**
 * Back to signed out: forget the token and every cached answer of the previous user (if the
 * query client exists yet: without it there is no cache).
 */
export function clearSession(queryClient: QueryClient | null): void {
  clearToken();
  if (!queryClient) return;
  queryClient.cancelQueries().catch(() => {});
  queryClient.removeQueries();
}
