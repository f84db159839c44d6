import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { Signal, SignalList, SignalStatus } from '../types';
import { NOTIFICATIONS_KEY } from '@/lib/api/notifications';
import { ownerKeys } from './owner-keys';

export interface SignalsQuery {
  status: SignalStatus;
  page: number;
  perPage: number;
}

/** A page of the owner's fraud signals, newest day first. */
export async function getSignals({ status, page, perPage }: SignalsQuery): Promise<SignalList> {
  return unwrap(
    api.GET('/api/v1/store-owner/signals', { params: { query: { status, page, per_page: perPage } } }),
  );
}

export function useSignals(query: SignalsQuery, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: ownerKeys.signalList(query.status, query.page, query.perPage),
      queryFn: () => getSignals(query),
      enabled,
      placeholderData: (previous) => previous,
    }),
  );
}

/** Marks a signal reviewed: the owner looked at the sales behind it. */
export async function reviewSignal(id: number): Promise<Signal> {
  const data = await unwrap(
    api.POST('/api/v1/store-owner/signals/{id}/review', { params: { path: { id } } }),
  );
  return data.data;
}

/** Reviews a signal; settles once the lists have been fetched again (the row has gone or changed). */
export function useReviewSignal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reviewSignal,
    onSuccess: () => {
      // The bell lists open signals too: a reviewed one leaves it. Not waited for: the row goes
      // with the signals' refetch, and the caller's own success (its toast) follows that.
      void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      return queryClient.invalidateQueries({ queryKey: ownerKeys.signals() });
    },
  });
}
