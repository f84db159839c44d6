import type { QueryClient } from '@tanstack/react-query';
import type { User } from '@/lib/api/types';
import { clearToken, getToken, setToken } from './token-store';

// Only react-query's types here: the sign-in page uses this module without loading react-query.

export const sessionKeys = {
  all: ['session'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
};

/** The last user the server confirmed for the stored token: a till reloaded offline keeps it. */
const LAST_USER_KEY = 'loyalty.lastUser';

export function rememberUser(user: User): void {
  try {
    window.localStorage.setItem(LAST_USER_KEY, JSON.stringify({ token: getToken(), user }));
  } catch {
    // Not kept: an offline reload will then need the network to sign in again.
  }
}

export function lastUserForToken(): User | null {
  try {
    const saved = JSON.parse(window.localStorage.getItem(LAST_USER_KEY) ?? 'null') as {
      token: string | null;
      user: User;
    } | null;
    return saved && saved.token !== null && saved.token === getToken() ? saved.user : null;
  } catch {
    return null;
  }
}

/** Signed out to signed in: keep the token, and the user so no second fetch is needed. */
export function startSession(queryClient: QueryClient, token: string, user: User): void {
  setToken(token);
  rememberUser(user);
  queryClient.setQueryData(sessionKeys.user(), user);
}

/**
 * Back to signed out: forget the token and every cached answer of the previous user (if the
 * query client exists yet: without it there is no cache).
 */
export function clearSession(queryClient: QueryClient | null): void {
  clearToken();
  try {
    window.localStorage.removeItem(LAST_USER_KEY);
  } catch {
    // Nothing kept.
  }
  if (!queryClient) return;
  queryClient.cancelQueries().catch(() => {});
  queryClient.removeQueries();
}
