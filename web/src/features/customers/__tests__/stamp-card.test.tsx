import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json } from '@/testing/mock-api';
import { customerBody, makeCustomer } from '@/testing/pos-fixtures';
import { emptyPage, noActivity, renderAsCashier } from './helpers';

const fatima = makeCustomer({ id: 1, name: 'Fatima Alsharif', loyalty_points: 10 });

function detail(count: number) {
  return { ...customerBody(fatima), stamps: [{ store_id: 1, count, required: 3 }] };
}

const earned = (id: number) => ({
  id,
  customer_id: 1,
  store_id: 1,
  kind: 'earned',
  stamps: 1,
  invoice_id: id,
  reward_name: null,
  expires_at: null,
  redeemed_by: null,
  revoked_at: null,
  created_at: '2025-01-02T10:00:00Z',
});

describe('the stamp card at the till', () => {
  it('shows the count with dots, and no Redeem button before the card is full', async () => {
    await renderAsCashier('/customer/1', {
      ...noActivity,
      'GET /api/v1/customers/1': () => json(detail(2)),
      'GET /api/v1/customers/1/stamps': () => json(emptyPage),
    });
    const card = await screen.findByTestId('stamp-card');
    expect(within(card).getByTestId('stamp-dots-count')).toHaveTextContent('2 / 3');
    expect(within(card).getByRole('img', { name: '2 of 3 stamps' })).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: 'Redeem reward' })).not.toBeInTheDocument();
  });

  it('redeems a full card once, with an Idempotency-Key, and reloads the count', async () => {
    let redeemed = false;
    const sent: { body: unknown; key: string | null }[] = [];
    await renderAsCashier('/customer/1', {
      ...noActivity,
      'GET /api/v1/customers/1': () => json(detail(redeemed ? 0 : 3)),
      'GET /api/v1/customers/1/stamps': () =>
        json({ data: [earned(3), earned(2), earned(1)], meta: { page: 1, per_page: 10, total: 3 } }),
      'POST /api/v1/customers/1/stamp-card/redeem': async (request) => {
        sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
        redeemed = true;
        return json(
          {
            data: {
              event: { ...earned(4), kind: 'redeemed', stamps: 3, invoice_id: null, reward_name: 'Coffee' },
              stamps: { store_id: 1, count: 0, required: 3 },
            },
          },
          201,
        );
      },
    });
    const card = await screen.findByTestId('stamp-card');
    expect(await within(card).findAllByTestId('stamp-event')).toHaveLength(3);
    within(card).getByRole('button', { name: 'Redeem reward' }).click();
    await waitFor(() => expect(within(card).getByTestId('stamp-dots-count')).toHaveTextContent('0 / 3'));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({ store_id: 1 });
    expect(sent[0]!.key).toBeTruthy();
    expect(within(card).queryByRole('button', { name: 'Redeem reward' })).not.toBeInTheDocument();
  });
});
