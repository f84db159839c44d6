import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { CardQuery } from '../types';
import { adminKeys } from './admin-keys';

/** One page of redemption cards, filtered by the server. */
export async function listCards(query: CardQuery) {
  return unwrap(api.GET('/api/v1/admin/redemption-cards', { params: { query } }));
}

export const cardsQueryOptions = (query: CardQuery) =>
  queryOptions({ queryKey: adminKeys.cardList(query), queryFn: () => listCards(query) });

// The previous page stays on screen while the next one loads.
export const useCards = (query: CardQuery) =>
  useQuery({ ...cardsQueryOptions(query), placeholderData: keepPreviousData });
