import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { Liability } from '../types';
import { ownerKeys } from './owner-keys';

export async function getLiability(): Promise<Liability> {
  const data = await unwrap(api.GET('/api/v1/store-owner/liability'));
  return data.data;
}

/** The points the owner's customers hold, their worth, and their movement per month. */
export function useLiability() {
  return useQuery(queryOptions({ queryKey: ownerKeys.liability(), queryFn: getLiability }));
}
