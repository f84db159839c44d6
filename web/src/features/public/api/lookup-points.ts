import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { PointsLookup, PointsLookupRequest } from './types';

/** POST /public/points: an unknown number answers like one with no points (never a 404). */
export async function lookupPoints(body: PointsLookupRequest): Promise<PointsLookup> {
  const data = await unwrap(api.POST('/api/v1/public/points', { body }));
  return data.data;
}

/**
 * A lookup is a form submission, not cached server state: every press asks again (the server
 * rate-limits it) and nothing about a phone number stays in the query cache.
 */
export function useLookupPoints() {
  return useMutation({ mutationFn: lookupPoints });
}
