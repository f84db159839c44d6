import type { QueryClient } from '@tanstack/react-query';
import { createContext, useContext } from 'react';

/**
 * The app's QueryClient, made on first use, so react-query's code is not part of the first page
 * (the sign-in page does not need it). The lazy pages, the guards (when there is a token) and a
 * successful sign-in ask for it.
 */
export interface LazyQueryClient {
  /** The client, created (and react-query loaded) the first time. */
  get(): Promise<QueryClient>;
  /** The client if it has been created, otherwise null (so there is no cache to touch). */
  peek(): QueryClient | null;
}

export function lazyQueryClient(create: () => Promise<QueryClient>): LazyQueryClient {
  let client: QueryClient | null = null;
  let pending: Promise<QueryClient> | null = null;
  return {
    get() {
      pending ??= create().then(
        (created) => (client = created),
        (error: unknown) => {
          // A failed download can be retried by asking again.
          pending = null;
          throw error;
        },
      );
      return pending;
    },
    peek: () => client,
  };
}

export const LazyQueryClientContext = createContext<LazyQueryClient | null>(null);

export function useLazyQueryClient(): LazyQueryClient {
  const client = useContext(LazyQueryClientContext);
  if (!client) throw new Error('useLazyQueryClient needs AppProviders');
  return client;
}
