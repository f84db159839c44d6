import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Invoice } from '@/lib/api/types';
import { json, type Routes } from '@/testing/mock-api';
import { customerBody, makeCustomer, makeInvoiceCreated, plain } from '@/testing/pos-fixtures';
import { emptyPage, openDialog, renderAsCashier } from './helpers';

const fatima = makeCustomer({ id: 1, name: 'Fatima Alsharif', loyalty_points: 10 });

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return {
    ...makeInvoiceCreated(40, 50).invoice,
    id: 5,
    total_cost: '40.000',
    returned_total: '10.000',
    returned_points: 10,
    returnable: '30.000',
    returns: [
      {
        id: 1,
        amount: '10.000',
        points: 10,
        reason: 'one cup broken',
        by: { id: 3, name: 'Salem' },
        api_key: null,
        created_at: '2025-01-02T11:00:00Z',
      },
    ],
    ...overrides,
  };
}

/** The preview as the server answers it: the points are the server's, whatever the amount. */
function preview(amount: string, points: number, balance = 10) {
  return {
    data: {
      invoice_id: 5,
      amount,
      points,
      returnable: '30.000',
      balance,
      balance_after: balance - points,
    },
  };
}

function page(invoices: () => Invoice[], extra: Routes = {}, customer = fatima): Routes {
  return {
    'GET /api/v1/customers/1': () => json(customerBody(customer)),
    'GET /api/v1/customers/1/invoices': () =>
      json({ data: invoices(), meta: { page: 1, per_page: 10, total: invoices().length } }),
    'GET /api/v1/customers/1/redemptions': () => json(emptyPage),
    ...extra,
  };
}

describe('a return at the till', () => {
  it('offers what is left, shows the points the server says come off, and takes the return once', async () => {
    let returned = false;
    const sent: { body: unknown; key: string | null }[] = [];
    const { app, api } = await renderAsCashier(
      '/customer/1',
      page(
        () => [
          returned
            ? invoice({ returned_total: '40.000', returnable: '0.000', can_return: false })
            : invoice(),
        ],
        {
          'GET /api/v1/invoices/5/returns/preview': (request) => {
            const amount = new URL(request.url).searchParams.get('amount') ?? '';
            if (amount === '31') {
              return json(
                {
                  message: 'The given data was invalid.',
                  code: 'validation_failed',
                  errors: {
                    amount: [
                      'The returns would add up to more than the invoice total: return at most what is left of it',
                    ],
                  },
                },
                422,
              );
            }
            return json(preview(amount, amount === '30.000' ? 30 : 7));
          },
          'POST /api/v1/invoices/5/returns': async (request) => {
            sent.push({ body: await request.json(), key: request.headers.get('Idempotency-Key') });
            returned = true;
            return json(
              {
                data: {
                  return: {
                    id: 2,
                    amount: '30.000',
                    points: 30,
                    reason: 'damaged',
                    by: { id: 3, name: 'Salem' },
                    api_key: null,
                    created_at: '2025-01-02T12:00:00Z',
                  },
                  invoice: invoice({ returned_total: '40.000', returnable: '0.000', can_return: false }),
                  points_returned: 30,
                  customer_total_points: -20,
                },
              },
              201,
            );
          },
        },
      ),
    );
    await screen.findByTestId('customer-detail');
    // What was returned before shows on the sale.
    await waitFor(() =>
      expect(plain(screen.getByTestId('invoice-returned'))).toContain(
        'Returned LYD 10.000 (10 points taken back)',
      ),
    );
    await app.user.click(await screen.findByRole('button', { name: 'Return' }));
    const dialog = await openDialog('Return goods');
    expect(plain(dialog)).toContain('LYD 30.000 is left to return');
    const amount = within(dialog).getByLabelText(/Amount returned/);
    expect(amount).toHaveValue('30.000');
    // The points are the server's preview of this amount, and it says the customer will owe.
    await waitFor(() =>
      expect(plain(within(dialog).getByTestId('return-points'))).toContain(
        'Points that come off: 30. Balance after: -20.',
      ),
    );
    expect(plain(within(dialog).getByTestId('return-owes'))).toContain('it owes 20 points');

    // More than is left: the server's message under the amount.
    await app.user.clear(amount);
    await app.user.type(amount, '31');
    expect(
      await within(dialog).findByText(
        'The returns would add up to more than the invoice total: return at most what is left of it',
      ),
    ).toBeInTheDocument();

    // A reason is required before anything is sent.
    await app.user.clear(amount);
    await app.user.type(amount, '30.000');
    await app.user.click(within(dialog).getByRole('button', { name: 'Take the return' }));
    expect(await within(dialog).findByText('A reason is required')).toBeInTheDocument();
    expect(sent).toEqual([]);

    await app.user.type(within(dialog).getByLabelText(/Reason/), 'damaged');
    await app.user.click(within(dialog).getByRole('button', { name: 'Take the return' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({ amount: '30.000', reason: 'damaged' });
    expect(sent[0]?.key).toMatch(/^[0-9a-f-]{36}$/);
    expect(await screen.findByText('Return taken; 30 points came off.')).toBeInTheDocument();
    // Everything is read again: the sale can take no more returns.
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Return' })).not.toBeInTheDocument());
    expect(api.requestsTo('GET /api/v1/customers/1').length).toBeGreaterThan(1);
  });

  it('is not offered where the server says the caller may not (`can_return`)', async () => {
    await renderAsCashier(
      '/customer/1',
      page(() => [invoice({ can_return: false })]),
    );
    await screen.findByTestId('customer-activity');
    expect(screen.queryByRole('button', { name: 'Return' })).not.toBeInTheDocument();
  });

  it('shows a balance below zero as the points owed, in both languages', async () => {
    const owing = makeCustomer({ id: 1, name: 'Fatima Alsharif', loyalty_points: -30, points_owed: 30 });
    await renderAsCashier(
      '/customer/1',
      page(() => [], {}, owing),
    );
    expect(await screen.findByTestId('customer-points')).toHaveTextContent('Owes 30 pts');
  });

  it('says the points owed in Arabic', async () => {
    const owing = makeCustomer({ id: 1, name: 'فاطمة', loyalty_points: -30, points_owed: 30 });
    await renderAsCashier(
      '/customer/1',
      page(() => [], {}, owing),
      'ar',
    );
    expect(await screen.findByTestId('customer-points')).toHaveTextContent('مدين بـ 30 نقطة');
  });
});
