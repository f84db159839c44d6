import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Invoice, Permission } from '@/lib/api/types';
import { makeUser, userEnvelope } from '@/testing/fixtures';
import { json, type Routes } from '@/testing/mock-api';
import {
  makeCustomer,
  customerBody,
  makeInvoiceCreated,
  makeLedgerEntry,
  plain,
} from '@/testing/pos-fixtures';
import { emptyPage, openDialog, renderAsCashier } from './helpers';

const fatima = makeCustomer({ id: 1, name: 'Fatima Alsharif', loyalty_points: 120 });

function invoice(overrides: Partial<Invoice> = {}): Invoice {
  return { ...makeInvoiceCreated(40, 160).invoice, id: 5, total_cost: '40.000', ...overrides };
}

function customerPage(invoices: Invoice[], extra: Routes = {}): Routes {
  return {
    'GET /api/v1/customers/1': () => json(customerBody(fatima)),
    'GET /api/v1/customers/1/invoices': () =>
      json({ data: invoices, meta: { page: 1, per_page: 10, total: invoices.length } }),
    'GET /api/v1/customers/1/redemptions': () => json(emptyPage),
    ...extra,
  };
}

function signedInAs(role: 'store_owner' | 'admin', permissions: Permission[]): Routes {
  return {
    'GET /api/v1/auth/user': () => json(userEnvelope(makeUser({ role, name: 'Someone', permissions }))),
  };
}

const OWNER: Permission[] = [
  'void_invoice_any_day',
  'manage_customers',
  'add_points',
  'remove_points',
  'manage_loyalty_settings',
];

describe('voiding an invoice from the customer page', () => {
  it('asks for a reason, shows the server message under it, then voids and reloads', async () => {
    let voided = false;
    const bodies: unknown[] = [];
    const { app, api } = await renderAsCashier(
      '/customer/1',
      customerPage([], {
        'GET /api/v1/customers/1/invoices': () => {
          const rows = [
            voided
              ? invoice({ voided_at: '2025-01-02T11:00:00Z', void_reason: 'wrong customer', can_void: false })
              : invoice(),
          ];
          return json({ data: rows, meta: { page: 1, per_page: 10, total: 1 } });
        },
        'POST /api/v1/invoices/5/void': async (request) => {
          const body = (await request.json()) as { reason: string };
          bodies.push(body);
          if (!body.reason.trim()) {
            return json(
              {
                message: 'The given data was invalid.',
                code: 'validation_failed',
                errors: { reason: ['A reason is required to void an invoice'] },
              },
              422,
            );
          }
          voided = true;
          return json({
            data: invoice({ voided_at: '2025-01-02T11:00:00Z', void_reason: body.reason, can_void: false }),
          });
        },
      }),
    );
    await screen.findByTestId('customer-detail');
    await app.user.click(await screen.findByRole('button', { name: 'Void' }));
    const dialog = await openDialog('Void invoice');
    expect(plain(dialog)).toContain(
      'Void the sale of LYD 40.000 for Fatima Alsharif? Points taken back: 40.',
    );

    await app.user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    expect(await within(dialog).findByText('A reason is required to void an invoice')).toBeInTheDocument();

    await app.user.type(within(dialog).getByLabelText(/Reason/), 'wrong customer');
    await app.user.click(within(dialog).getByRole('button', { name: 'Void invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(bodies).toEqual([{ reason: '' }, { reason: 'wrong customer' }]);
    expect(
      await screen.findByText('Invoice voided; the points it earned were taken back.'),
    ).toBeInTheDocument();
    // The list is read again: the invoice shows as voided, with its reason, and no void button.
    await waitFor(() =>
      expect(plain(screen.getByTestId('customer-activity'))).toContain('Reason: wrong customer'),
    );
    expect(within(screen.getByTestId('customer-activity')).getByText('Voided')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    expect(api.requestsTo('GET /api/v1/customers/1').length).toBeGreaterThan(1);
  });

  it('"Keep the invoice" closes without voiding', async () => {
    const { app, api } = await renderAsCashier('/customer/1', customerPage([invoice()]));
    await app.user.click(await screen.findByRole('button', { name: 'Void' }));
    const dialog = await openDialog('Void invoice');
    await app.user.click(within(dialog).getByRole('button', { name: 'Keep the invoice' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/v1/invoices/5/void')).toHaveLength(0);
  });

  it('offers no void on an invoice the server says the caller may not void', async () => {
    await renderAsCashier('/customer/1', customerPage([invoice({ can_void: false })]));
    await screen.findByTestId('customer-activity');
    expect(screen.queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    const { app } = await renderAsCashier('/customer/1', customerPage([invoice()]), 'ar');
    await app.user.click(await screen.findByRole('button', { name: 'إبطال' }));
    const dialog = await openDialog('إبطال الفاتورة');
    expect(within(dialog).getByRole('button', { name: 'إبقاء الفاتورة' })).toBeInTheDocument();
    expect(plain(dialog)).toContain('40.000 د.ل.');
  });
});

describe('voiding from the history page', () => {
  it('offers the void on a sale the caller may void and marks a voided one', async () => {
    const { app } = await renderAsCashier(
      '/customer/1/history',
      customerPage([invoice(), invoice({ id: 4, voided_at: '2025-01-02T11:00:00Z', can_void: false })], {
        'GET /api/v1/customers/1/history': () =>
          json({
            data: [
              makeLedgerEntry({
                id: 9,
                kind: 'invoice',
                delta: 40,
                balance_after: 160,
                invoice: { id: 5, invoice_id: null },
              }),
              makeLedgerEntry({
                id: 8,
                kind: 'invoice',
                delta: 10,
                balance_after: 120,
                invoice: { id: 4, invoice_id: null },
              }),
            ],
            meta: { page: 1, per_page: 20, total: 2 },
          }),
      }),
    );
    const rows = await screen.findAllByTestId('history-row');
    await waitFor(() => expect(within(rows[1]!).getByText('Voided')).toBeInTheDocument());
    expect(within(rows[1]!).queryByRole('button', { name: 'Void' })).not.toBeInTheDocument();
    await app.user.click(within(rows[0]!).getByRole('button', { name: 'Void' }));
    expect(await openDialog('Void invoice')).toBeInTheDocument();
  });
});

describe('each role sees only what it can do', () => {
  it('a cashier is offered the sale, the redemption, edit and add points', async () => {
    await renderAsCashier('/customer/1', customerPage([]));
    await screen.findByTestId('customer-detail');
    for (const name of [
      'Create Invoice',
      'Redeem Reward',
      'Edit Customer',
      'Add Points',
      'View Full History',
    ]) {
      expect(
        screen.getByRole(
          name.includes('Invoice') || name.includes('Reward') || name.includes('History') ? 'link' : 'button',
          { name },
        ),
      ).toBeInTheDocument();
    }
  });

  it('a store owner is not offered the sale or the redemption, and adds or removes points with a reason', async () => {
    let body: unknown;
    const { app } = await renderAsCashier(
      '/customer/1',
      customerPage([], {
        ...signedInAs('store_owner', OWNER),
        'PUT /api/v1/customers/1/points': async (request) => {
          body = await request.json();
          return json({ data: { ...fatima, loyalty_points: 90 } });
        },
      }),
    );
    await screen.findByTestId('customer-detail');
    expect(screen.queryByRole('link', { name: 'Create Invoice' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Redeem Reward' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Full History' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Add or Remove Points' }));
    const dialog = await openDialog('Add or Remove Points');
    await app.user.click(within(dialog).getByText('Remove'));
    const points = within(dialog).getByLabelText(/^Points/);
    await app.user.clear(points);
    await app.user.type(points, '30');
    expect(within(dialog).getByTestId('new-total')).toHaveTextContent('90');
    await app.user.type(within(dialog).getByLabelText(/Reason/), 'Till error');
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove Points' }));
    await waitFor(() => expect(body).toEqual({ points: -30, reason: 'Till error' }));
    await waitFor(() =>
      expect(plain(screen.getByTestId('toasts'))).toContain('30 points removed from Fatima Alsharif.'),
    );
  });

  it('an admin is offered no action the server would refuse', async () => {
    await renderAsCashier(
      '/customer/1',
      customerPage([invoice({ can_void: false })], signedInAs('admin', [])),
    );
    await screen.findByTestId('customer-detail');
    for (const name of ['Create Invoice', 'Redeem Reward']) {
      expect(screen.queryByRole('link', { name })).not.toBeInTheDocument();
    }
    for (const name of ['Edit Customer', 'Add Points', 'Add or Remove Points', 'Void']) {
      expect(screen.queryByRole('button', { name })).not.toBeInTheDocument();
    }
  });
});
