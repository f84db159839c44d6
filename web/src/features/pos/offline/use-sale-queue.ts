import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { isNetworkError, messageOf } from '@/lib/api/errors';
import { customerKeys, posKeys } from '@/lib/api/query-keys';
import {
  enqueueSale,
  maySendFor,
  othersSales,
  queuedSales,
  removeSale,
  sendOthersSales,
  sendWaitingSales,
  type QueuedSale,
  type SendOutcome,
  type Sender,
} from '@/lib/offline/sale-queue';
import { useCurrentUser } from '@/lib/session/current-user';
import { showToast } from '@/lib/toasts';
import { createInvoice } from '../api/create-invoice';
import { findRecordedSale } from '../api/find-recorded-sale';

/** How often a till with waiting sales tries again on its own. */
const RETRY_EVERY_MS = 15_000;

const queueKey = (userId: number) => [...posKeys.all, 'offline-queue', userId] as const;

/** One send at a time across every component that shows the queue. */
let sending: Promise<unknown> | null = null;

export type NewQueuedSale = Pick<
  QueuedSale,
  'idempotencyKey' | 'body' | 'customerName' | 'customer' | 'attempted'
>;

/**
 * The signed-in cashier's offline sales: the waiting count, the ones the server refused, and
 * the sending itself (when the browser says it is online again, every 15 s while any wait, and
 * on "Send now"). Also the sales other users left in this browser (a shared till), which a
 * cashier of their store may send under its own name (docs/offline.md).
 */
export function useSaleQueue() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const user = useCurrentUser().data;
  const userId = user?.id ?? null;
  const storeId = user?.store?.id ?? user?.store_id ?? null;
  const canSell = user?.permissions.includes('create_invoice') ?? false;
  const sender: Sender | null = userId === null ? null : { userId, storeId, canSell };
  const sales = useQuery({
    queryKey: queueKey(userId ?? 0),
    queryFn: async () =>
      userId === null
        ? { own: [], others: [] }
        : { own: await queuedSales(userId), others: await othersSales(userId) },
    enabled: userId !== null,
    // The queue lives in the browser: read it with the network gone too.
    networkMode: 'always',
  });
  const own = sales.data?.own ?? [];
  const others = sales.data?.others ?? [];
  const waiting = own.filter((sale) => sale.state === 'waiting');
  // Refused sales this user can deal with: its own, and those of its store's other cashiers.
  const attention = [...own, ...others.filter((sale) => sender !== null && maySendFor(sale, sender))].filter(
    (sale) => sale.state === 'attention',
  );
  const othersWaiting = others.filter((sale) => sale.state === 'waiting');
  const othersSendable = othersWaiting.filter((sale) => sender !== null && maySendFor(sale, sender));

  const refresh = useCallback(
    () => queryClient.invalidateQueries({ queryKey: queueKey(userId ?? 0) }),
    [queryClient, userId],
  );

  const report = useCallback(
    (outcomes: SendOutcome[], forOthers: boolean) => {
      const sent = outcomes.filter((o) => o.kind === 'sent').length;
      const refused = outcomes.filter((o) => o.kind === 'refused' || o.kind === 'held').length;
      if (sent > 0)
        showToast(t(forOthers ? 'pos.offline.others.sent' : 'pos.offline.sent', { count: sent }), {
          duration: 6_000,
        });
      if (refused > 0)
        showToast(t('pos.offline.refused', { count: refused }), { color: 'red', duration: 8_000 });
      if (sent > 0) {
        void queryClient.invalidateQueries({ queryKey: posKeys.today() });
        void queryClient.invalidateQueries({ queryKey: posKeys.activity() });
        void queryClient.invalidateQueries({ queryKey: customerKeys.all });
      }
    },
    [queryClient, t],
  );

  const send = useCallback(
    async (forOthers: boolean) => {
      if (userId === null) return;
      const sender: Sender = { userId, storeId, canSell };
      if (sending) {
        await sending;
        return;
      }
      const options = {
        send: async (sale: QueuedSale) => {
          const result = await createInvoice({ body: sale.body, idempotencyKey: sale.idempotencyKey });
          return { pointsAdded: result.points_added };
        },
        isUnreachable: isNetworkError,
        refusal: (error: unknown) => messageOf(error, t('pos.offline.refusedFallback')),
        findRecorded: findRecordedSale,
        heldMessage: t('pos.offline.refusal.maybeRecorded'),
      };
      const run = forOthers
        ? sendOthersSales(sender, options)
        : sendWaitingSales(sender.userId, options.send, options.isUnreachable, options.refusal);
      sending = run;
      try {
        report(await run, forOthers);
      } finally {
        sending = null;
        await refresh();
      }
    },
    [refresh, report, t, userId, storeId, canSell],
  );
  const sendNow = useCallback(() => send(false), [send]);
  const sendOthers = useCallback(() => send(true), [send]);

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
    async (sale: NewQueuedSale) => {
      if (user === undefined) throw new Error('no signed-in user to queue the sale for');
      await enqueueSale({
        ...sale,
        userId: user.id,
        userName: user.name,
        storeId,
      });
      await refresh();
    },
    [refresh, user, storeId],
  );

  const discard = useCallback(
    async (id: number) => {
      await removeSale(id);
      await refresh();
    },
    [refresh],
  );

  return {
    waiting,
    attention,
    othersWaiting,
    othersSendable,
    enqueue,
    sendNow,
    sendOthers,
    discard,
    canQueue: userId !== null,
  };
}
