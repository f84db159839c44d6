import type { QueryClient } from '@tanstack/react-query';
import { redirect } from 'react-router';
import { currentUserQueryOptions, sessionKeys } from '@/lib/session/current-user';
import { getToken } from '@/lib/session/token-store';

export const SIGN_IN_PATH = '/login';
export const SIGNED_IN_HOME = '/dashboard';

/**
 * Route guards of spec section 2, as loaders so they run before a lazy page is fetched.
 * Signed in means "holds a token"; a token the server rejects is cleared by the 401 handling.
 */
export function createGuards(queryClient: QueryClient) {
  async function isSignedIn(): Promise<boolean> {
    if (getToken() === null) return false;
    if (queryClient.getQueryData(sessionKeys.user()) === undefined) {
      try {
        await queryClient.fetchQuery(currentUserQueryOptions());
      } catch {
        // Spec section 2: the guard tries to load the user and ignores a failure.
      }
    }
    return getToken() !== null;
  }

  return {
    requireSignIn: async () => {
      if (!(await isSignedIn())) throw redirect(SIGN_IN_PATH);
      return null;
    },
    guestsOnly: async () => {
      if (await isSignedIn()) throw redirect(SIGNED_IN_HOME);
      return null;
    },
    everyone: async () => {
      await isSignedIn();
      return null;
    },
  };
}
