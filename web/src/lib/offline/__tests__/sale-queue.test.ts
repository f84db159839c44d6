import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import {
  enqueueSale,
  markForAttention,
  maySendFor,
  othersSales,
  queuedSales,
  resetSaleQueueConnection,
  sendOthersSales,
  sendWaitingSales,
  unsentCount,
  type QueuedSale,
} from '../sale-queue';

const sale = (userId: number, key: string, total: string) => ({
  userId,
  idempotencyKey: key,
  body: { customer_id: 1, invoice_id: null, total_cost: total },
  customerName: 'Fatima',
});

const unreachable = (error: unknown) => error instanceof TypeError;
const refusal = (error: unknown) => (error instanceof ApiError ? error.message : 'refused');

describe('the offline sale queue', () => {
  it('sends in order, each once, keeps a refused sale for attention and stops where the network is gone', async () => {
    await enqueueSale(sale(7, 'k1', '10.000'));
    await enqueueSale(sale(7, 'k2', '20.000'));
    await enqueueSale(sale(7, 'k3', '30.000'));
    await enqueueSale(sale(8, 'other-user', '40.000'));
    // A reload: a new connection finds the same sales.
    resetSaleQueueConnection();
    expect((await queuedSales(7)).map((s) => s.idempotencyKey)).toEqual(['k1', 'k2', 'k3']);

    const sent: string[] = [];
    const outcomes = await sendWaitingSales(
      7,
      async (s: QueuedSale) => {
        sent.push(s.idempotencyKey);
        if (s.idempotencyKey === 'k2')
          throw new ApiError(422, { message: 'Total cost is above the maximum' });
        if (s.idempotencyKey === 'k3') throw new TypeError('Failed to fetch');
        return { pointsAdded: 10 };
      },
      unreachable,
      refusal,
    );
    expect(sent).toEqual(['k1', 'k2', 'k3']);
    expect(outcomes.map((o) => o.kind)).toEqual(['sent', 'refused', 'unreachable']);
    const left = await queuedSales(7);
    expect(left.map((s) => [s.idempotencyKey, s.state, s.message])).toEqual([
      ['k2', 'attention', 'Total cost is above the maximum'],
      ['k3', 'waiting', undefined],
    ]);
    // Another user's sale is never sent with this user's session.
    expect((await queuedSales(8)).map((s) => s.idempotencyKey)).toEqual(['other-user']);

    // Back online: only the waiting one goes, once; the refused one waits for the cashier.
    const again: string[] = [];
    await sendWaitingSales(
      7,
      async (s) => (again.push(s.idempotencyKey), { pointsAdded: 1 }),
      unreachable,
      refusal,
    );
    expect(again).toEqual(['k3']);
    expect((await queuedSales(7)).map((s) => s.idempotencyKey)).toEqual(['k2']);
  });
});

describe('a shared till: the queue per user', () => {
  const shop = (userId: number, key: string, total: string, extra: Partial<QueuedSale> = {}) => ({
    ...sale(userId, key, total),
    userName: `Cashier ${userId}`,
    storeId: 1,
    attempted: false,
    ...extra,
  });
  const sender = (userId: number, storeId: number | null = 1, canSell = true) => ({
    userId,
    storeId,
    canSell,
  });

  it("keeps each user's sales apart: a user's own, the others', and what a sign-out leaves behind", async () => {
    await enqueueSale(shop(7, 'a1', '10.000'));
    await enqueueSale(shop(8, 'b1', '20.000'));
    await enqueueSale(shop(7, 'a2', '30.000'));
    await enqueueSale(shop(9, 'c1', '40.000', { storeId: 2 }));

    expect((await queuedSales(7)).map((s) => s.idempotencyKey)).toEqual(['a1', 'a2']);
    expect((await othersSales(7)).map((s) => s.idempotencyKey)).toEqual(['b1', 'c1']);
    expect(await unsentCount(7)).toBe(2);
    expect(await unsentCount(8)).toBe(1);
    expect(await unsentCount(10)).toBe(0);

    // Refused sales still count: they are not on the server.
    const [first] = await queuedSales(7);
    await markForAttention(first!.id!, 'refused');
    expect(await unsentCount(7)).toBe(2);
  });

  it("sends another cashier's sales of the same store under the sender's session, each with its own key, and nobody else's", async () => {
    await enqueueSale(shop(7, 'a1', '10.000'));
    await enqueueSale(shop(7, 'a2', '20.000', { storeId: 2 }));
    await enqueueSale(shop(8, 'mine', '30.000'));
    await enqueueSale(shop(7, 'a3', '40.000', { storeId: undefined }));

    const [a1, a2, mine, a3] = [...(await othersSales(8)), ...(await queuedSales(8))].sort(
      (x, y) => (x.id ?? 0) - (y.id ?? 0),
    );
    expect(maySendFor(a1!, sender(8))).toBe(true);
    expect(maySendFor(a2!, sender(8))).toBe(false);
    expect(maySendFor(mine!, sender(8))).toBe(true);
    // A sale from before the store was kept: the server decides.
    expect(maySendFor(a3!, sender(8))).toBe(true);
    // A user who does not sell, or has no store, sends nobody's.
    expect(maySendFor(a1!, sender(8, 1, false))).toBe(false);
    expect(maySendFor(a1!, sender(8, null))).toBe(false);

    const sent: string[] = [];
    const outcomes = await sendOthersSales(sender(8), {
      send: async (s) => (sent.push(s.idempotencyKey), { pointsAdded: 1 }),
      isUnreachable: unreachable,
      refusal,
      findRecorded: async () => null,
    });
    // Only the others' sales this sender may send; its own go with sendWaitingSales.
    expect(sent).toEqual(['a1', 'a3']);
    expect(outcomes.map((o) => o.kind)).toEqual(['sent', 'sent']);
    expect((await othersSales(8)).map((s) => s.idempotencyKey)).toEqual(['a2']);
    expect((await queuedSales(8)).map((s) => s.idempotencyKey)).toEqual(['mine']);

    // A user who does not sell sends nothing.
    const none = await sendOthersSales(sender(9, 2, false), {
      send: async () => ({ pointsAdded: 1 }),
      isUnreachable: unreachable,
      refusal,
      findRecorded: async () => null,
    });
    expect(none).toEqual([]);
  });

  it('a sale whose request got no answer is looked for first: found, it is held for the cashier, never made twice', async () => {
    await enqueueSale(shop(7, 'never-sent', '10.000'));
    await enqueueSale(shop(7, 'maybe-there', '20.000', { attempted: true }));
    await enqueueSale(shop(7, 'not-there', '30.000', { attempted: true }));
    // A sale queued before "attempted" was kept: taken as maybe sent.
    await enqueueSale(shop(7, 'old', '40.000', { attempted: undefined }));

    const lookedFor: string[] = [];
    const sent: string[] = [];
    const outcomes = await sendOthersSales(sender(8), {
      send: async (s) => (sent.push(s.idempotencyKey), { pointsAdded: 1 }),
      isUnreachable: unreachable,
      refusal,
      findRecorded: async (s) => {
        lookedFor.push(s.idempotencyKey);
        return s.idempotencyKey === 'maybe-there'
          ? { invoiceId: 55, number: null, at: '2026-11-27T08:00:00Z' }
          : null;
      },
      heldMessage: 'may be recorded already',
    });
    expect(lookedFor).toEqual(['maybe-there', 'not-there', 'old']);
    expect(sent).toEqual(['never-sent', 'not-there', 'old']);
    expect(outcomes.map((o) => o.kind)).toEqual(['sent', 'held', 'sent', 'sent']);
    const [held] = await othersSales(8);
    expect(held).toMatchObject({
      idempotencyKey: 'maybe-there',
      state: 'attention',
      message: 'may be recorded already',
      refusal: { maybeRecorded: { invoiceId: 55 } },
    });

    // Without a way to look, such a sale is not sent.
    await enqueueSale(shop(7, 'unchecked', '50.000', { attempted: true }));
    const unchecked = await sendOthersSales(sender(8), {
      send: async () => ({ pointsAdded: 1 }),
      isUnreachable: unreachable,
      refusal,
    });
    expect(unchecked).toEqual([]);
  });

  it('a request with no answer marks the sale as maybe sent, and a refusal keeps its codes', async () => {
    await enqueueSale(shop(7, 'k1', '10.000'));
    await enqueueSale(shop(7, 'k2', '20.000'));
    await sendWaitingSales(
      7,
      async (s) => {
        if (s.idempotencyKey === 'k1')
          throw new ApiError(422, {
            message: 'The data entered is invalid',
            code: 'validation_failed',
            details: [{ field: 'total_cost', code: 'total_too_large', message: 'too large' }],
          });
        throw new TypeError('Failed to fetch');
      },
      unreachable,
      refusal,
    );
    const [k1, k2] = await queuedSales(7);
    expect(k1).toMatchObject({
      state: 'attention',
      refusal: {
        status: 422,
        code: 'validation_failed',
        fields: [{ field: 'total_cost', code: 'total_too_large' }],
      },
    });
    expect(k2).toMatchObject({ state: 'waiting', attempted: true });
  });
});
