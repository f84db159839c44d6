import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import {
  enqueueSale,
  queuedSales,
  resetSaleQueueConnection,
  sendWaitingSales,
  type QueuedSale,
} from '../offline/sale-queue';

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
