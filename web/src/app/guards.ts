import type { LazyQueryClient } from '@/lib/lazy-query-client';
import { sessionKeys } from '@/lib/session/session';
import { getToken } from '@/lib/session/token-store';

export const SIGN_IN_PATH = '/login';
export const SIGNED_IN_HOME = '/dashboard';

/** A route guard: where to send the visitor instead, or null to show the page. */
export type Guard = () => Promise<string | null>;

/**
 * Route guards of spec section 2. The router runs a route's guard before it renders (and so
 * before it fetches) the route's lazy page. Signed in means "holds a token"; a token the server
 * rejects is cleared by the 401 handling.
 */
export function createGuards(
  queryClient: LazyQueryClient,
): Record<'requireSignIn' | 'guestsOnly' | 'everyone', Guard> {
  async function isSignedIn(): Promise<boolean> {
    // A guest needs neither the user nor react-query's code.
    if (getToken() === null) return false;
    const [client, { currentUserQueryOptions }] = await Promise.all([
      queryClient.get(),
      import('@/lib/session/current-user'),
    ]);
    if (client.getQueryData(sessionKeys.user()) === undefined) {
      try {
        await client.fetchQuery(currentUserQueryOptions());
      } catch {
        // Spec section 2: the guard tries to load the user and ignores a failure.
      }
    }
    return getToken() !== null;
  }

  return {
    requireSignIn: async () => ((await isSignedIn()) ? null : SIGN_IN_PATH),
    guestsOnly: async () => ((await isSignedIn()) ? SIGNED_IN_HOME : null),
    everyone: async () => {
      await isSignedIn();
      return null;
    },
  };
}
