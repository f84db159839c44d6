import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isNetworkError, messageOf } from '@/lib/api/errors';
import { customerKeys, posKeys } from '@/lib/api/query-keys';
import { useCurrentUser } from '@/lib/session/current-user';
import { showToast } from '@/lib/toasts';
import { createInvoice } from '../api/create-invoice';
import { enqueueSale, queuedSales, removeSale, sendWaitingSales, type QueuedSale } from './sale-queue';

/** How often a till with waiting sales tries again on its own. */
const RETRY_EVERY_MS = 15_000;

const queueKey = (userId: number) => [...posKeys.all, 'offline-queue', userId] as const;

/** One send at a time across every component that shows the queue. */
let sending: Promise<unknown> | null = null;

/**
 * The signed-in cashier's offline sales: the waiting count, the ones the server refused, and
 * the sending itself (when the browser says it is online again, every 15 s while any wait, and
 * on "Send now").
 */
export function useSaleQueue() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useCurrentUser().data;
  const userId = user?.id ?? null;
  const sales = useQuery({
    queryKey: queueKey(userId ?? 0),
    queryFn: () => (userId === null ? Promise.resolve([]) : queuedSales(userId)),
    enabled: userId !== null,
    // The queue lives in the browser: read it with the network gone too.
    networkMode: 'always',
  });
  const all = sales.data ?? [];
  const waiting = all.filter((sale) => sale.state === 'waiting');
  const attention = all.filter((sale) => sale.state === 'attention');

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queueKey(userId ?? 0) }),
    [queryClient, userId],
  );

  const sendNow = useCallback(async () => {
    if (userId === null) return;
    if (sending) {
      await sending;
      return;
    }
    const run = sendWaitingSales(
      userId,
      async (sale) => {
        const result = await createInvoice({ body: sale.body, idempotencyKey: sale.idempotencyKey });
        return { pointsAdded: result.points_added };
      },
      isNetworkError,
      (error) => messageOf(error, t('pos.offline.refusedFallback')),
    );
    sending = run;
    try {
      const outcomes = await run;
      const sent = outcomes.filter((o) => o.kind === 'sent').length;
      const refused = outcomes.filter((o) => o.kind === 'refused').length;
      if (sent > 0) showToast(t('pos.offline.sent', { count: sent }), { duration: 6_000 });
      if (refused > 0)
        showToast(t('pos.offline.refused', { count: refused }), { color: 'red', duration: 8_000 });
      if (sent > 0) {
        void queryClient.invalidateQueries({ queryKey: posKeys.today() });
        void queryClient.invalidateQueries({ queryKey: posKeys.activity() });
        void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      }
    } finally {
      sending = null;
      await refresh();
    }
  }, [queryClient, refresh, t, userId]);

  const waitingCount = waiting.length;
  useEffect(() => {
    if (waitingCount === 0) return;
    const onOnline = () => void sendNow();
    window.addEventListener('online', onOnline);
    const timer = window.setInterval(() => {
      if (navigator.onLine) void sendNow();
    }, RETRY_EVERY_MS);
    return () => {
      window.removeEventListener('online', onOnline);
      window.clearInterval(timer);
    };
  }, [sendNow, waitingCount]);

  const enqueue = useCallback(
    async (sale: Omit<QueuedSale, 'id' | 'state' | 'queuedAt' | 'userId'>) => {
      if (userId === null) throw new Error('no signed-in user to queue the sale for');
      await enqueueSale({ ...sale, userId });
      await refresh();
    },
    [refresh, userId],
  );

  const discard = useCallback(
    async (id: number) => {
      await removeSale(id);
      await refresh();
    },
    [refresh],
  );

  return { waiting, attention, enqueue, sendNow, discard, canQueue: userId !== null };
}
