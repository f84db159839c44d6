import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { PointsLookup, PointsLookupRequest } from './types';

/** POST /public/points: an unknown number answers like one with no points (never a 404). */
export async function lookupPoints(body: PointsLookupRequest): Promise<PointsLookup> {
  const data = await unwrap(api.POST('/api/v1/public/points', { body }));
  return data.data;
}

interface LookupState {
  data?: PointsLookup;
  error: Error | null;
  isPending: boolean;
  variables?: PointsLookupRequest;
}

const IDLE: LookupState = { error: null, isPending: false };

/**
 * A lookup is a form submission, not cached server state: every press asks again (the server
 * rate-limits it) and nothing about a phone number stays in a cache. Only the latest press's
 * answer is shown. (Plain state, not react-query's `useMutation`: this page is opened first on
 * customers' phones, and without react-query its first load is about 16 KB and two requests
 * smaller; see docs/benchmarks.md, Lighthouse. Offline, the press fails at once with the network
 * message rather than waiting.)
 */
export function useLookupPoints() {
  const [state, setState] = useState<LookupState>(IDLE);
  const latest = useRef(0);
  useEffect(
    () => () => {
      // An answer arriving after the page has gone is dropped.
      latest.current = -1;
    },
    [],
  );
  const mutate = useCallback(
    (
      variables: PointsLookupRequest,
      options?: { onSettled?: (data: PointsLookup | undefined, error: Error | null) => void },
    ) => {
      const press = ++latest.current;
      setState({ error: null, isPending: true, variables });
      lookupPoints(variables).then(
        (data) => {
          if (press !== latest.current) return;
          setState({ data, error: null, isPending: false, variables });
          options?.onSettled?.(data, null);
        },
        (cause: unknown) => {
          if (press !== latest.current) return;
          const error = cause instanceof Error ? cause : new Error(String(cause));
          setState({ error, isPending: false, variables });
          options?.onSettled?.(undefined, error);
        },
      );
    },
    [],
  );
  const reset = useCallback(() => {
    latest.current += 1;
    setState(IDLE);
  }, []);
  return { ...state, mutate, reset };
}
