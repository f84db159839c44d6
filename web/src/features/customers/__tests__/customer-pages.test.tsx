import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Customer } from '@/lib/api/types';
import { makeUser, userEnvelope } from '@/testing/fixtures';
import { apiError, json, noContent } from '@/testing/mock-api';
import {
  makeCustomer,
  customerBody,
  makeInvoiceCreated,
  makeLedgerEntry,
  makePointsRedemptionDone,
  makeRedemptionDone,
  plain,
} from '@/testing/pos-fixtures';
import { noActivity, openDialog, renderAsCashier } from './helpers';

const fatima = makeCustomer({ id: 1, name: 'Fatima Alsharif', loyalty_points: 158 });

function page(customers: Customer[], pageNumber = 1, total = customers.length) {
  return { data: customers, meta: { page: pageNumber, per_page: 10, total } };
}

describe('customer management', () => {
  async function openCustomers(routes: Parameters<typeof renderAsCashier>[1]) {
    const result = await renderAsCashier('/dashboard', routes);
    await result.app.user.click(await screen.findByTestId('tile-customers', {}, { timeout: 5000 }));
    return result;
  }

  it('lists customers with their details and pages through the server', async () => {
    const customers = Array.from({ length: 10 }, (_, i) =>
      makeCustomer({ id: i + 1, name: `Customer ${i + 1}`, phone: null, email: null }),
    );
    const { app, api } = await openCustomers({
      'GET /api/v1/customers': (request) => {
        const pageNumber = Number(new URL(request.url).searchParams.get('page'));
        return json(page(pageNumber === 2 ? [fatima] : customers, pageNumber, 11));
      },
    });
    const cards = await screen.findAllByTestId('customer-card');
    expect(cards).toHaveLength(10);
    expect(cards[0]).toHaveTextContent('Customer 1');
    expect(cards[0]).toHaveTextContent('Not provided');
    expect(screen.getByText('11 customers')).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(screen.getAllByTestId('customer-card')).toHaveLength(1));
    const card = screen.getByTestId('customer-card');
    expect(card).toHaveTextContent('FA');
    expect(card).toHaveTextContent('+218 91 234 5678');
    expect(card).toHaveTextContent('fatima@example.ly');
    expect(card).toHaveTextContent('158 pts');
    const last = api.requestsTo('GET /api/v1/customers').at(-1)!;
    expect(new URL(last.url).searchParams.get('page')).toBe('2');
  });

  it('searches on the server and says when nothing matches', async () => {
    const { app, api } = await openCustomers({
      'GET /api/v1/customers': (request) =>
        json(page(new URL(request.url).searchParams.get('search') ? [] : [fatima])),
    });
    await screen.findByTestId('customer-card');
    await app.user.type(screen.getByRole('searchbox', { name: 'Search customers' }), 'zz');
    expect(await screen.findByText('No customers found')).toBeInTheDocument();
    const last = api.requestsTo('GET /api/v1/customers').at(-1)!;
    expect(new URL(last.url).searchParams.get('search')).toBe('zz');
  });

  it('adds a customer, sending empty email and phone as null', async () => {
    let body: unknown;
    const { app } = await openCustomers({
      'GET /api/v1/customers': () => json(page([fatima])),
      'POST /api/v1/customers': async (request) => {
        body = await request.json();
        return json({ data: makeCustomer({ id: 9, name: 'Omar' }) }, 201);
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Add Customer' }));
    const dialog = await openDialog('Add Customer');
    expect(within(dialog).queryByLabelText('Loyalty Points')).not.toBeInTheDocument();
    await app.user.type(within(dialog).getByLabelText(/Name/), '  Omar ');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Customer created successfully!')).toBeInTheDocument();
    expect(body).toEqual({ name: 'Omar', email: null, phone: null, birthday: null });
  });

  it('asks before deleting a customer without points, then deletes and reloads the list', async () => {
    const { app, api } = await openCustomers({
      'GET /api/v1/customers': () => json(page([{ ...fatima, loyalty_points: 0 }])),
      'DELETE /api/v1/customers/1': () => noContent(),
    });
    await screen.findByTestId('customer-card');
    await app.user.click(screen.getByRole('button', { name: 'Actions for Fatima Alsharif' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));

    const dialog = await openDialog('Delete customer');
    expect(plain(dialog)).toContain(
      'Are you sure you want to delete Fatima Alsharif? This action cannot be undone.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Customer deleted successfully!')).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo('GET /api/v1/customers')).toHaveLength(2));
  });

  it.each([
    [
      'en',
      'Actions for Fatima Alsharif',
      'Delete',
      'Delete customer',
      'Fatima Alsharif holds 158 points, so they cannot be deleted while they hold points: deleting would take the points off the books.',
      'The store owner can take the points away (with a reason); then the customer can be deleted.',
    ],
    [
      'ar',
      'إجراءات Fatima Alsharif',
      'حذف',
      'حذف العميل',
      'لدى Fatima Alsharif 158 نقطة، ولا يمكن حذفه ما دام يحمل نقاطًا: الحذف يُخرج النقاط من الدفاتر.',
      'يستطيع صاحب المتجر سحب النقاط (مع ذكر السبب)؛ بعدها يمكن حذف العميل.',
    ],
  ] as const)(
    'says a customer holding points cannot be deleted, and what to do, instead of offering a delete (%s)',
    async (language, actions, deleteItem, title, holds, next) => {
      const result = await renderAsCashier(
        '/dashboard',
        { 'GET /api/v1/customers': () => json(page([fatima])) },
        language,
      );
      const { app, api } = result;
      await app.user.click(await screen.findByTestId('tile-customers', {}, { timeout: 5000 }));
      await screen.findByTestId('customer-card');
      await app.user.click(screen.getByRole('button', { name: actions }));
      await app.user.click(await screen.findByRole('menuitem', { name: deleteItem }));

      const dialog = await openDialog(title);
      expect(plain(dialog)).toContain(holds);
      expect(plain(dialog)).toContain(next);
      // No question that cannot be answered: neither "cannot be undone" nor a Delete button.
      expect(plain(dialog)).not.toMatch(/cannot be undone|لا يمكن التراجع/);
      expect(within(dialog).queryByRole('button', { name: deleteItem })).not.toBeInTheDocument();
      // A cashier may not take points away: nothing offers to.
      expect(within(dialog).queryByRole('button', { name: /Remove the points|خصم النقاط/ })).toBeNull();
      expect(api.requestsTo('DELETE /api/v1/customers/1')).toHaveLength(0);
    },
  );

  it('offers whoever may take points away to do so first, from the same question', async () => {
    const { app } = await openCustomers({
      'GET /api/v1/customers': () => json(page([fatima])),
      'GET /api/v1/auth/user': () =>
        json(
          userEnvelope(
            makeUser({
              role: 'pos_user',
              name: 'Salem Alzawi',
              store: { id: 1, name: 'Ben Ali - Tripoli' },
              store_id: 1,
              permissions: ['create_invoice', 'manage_customers', 'add_points', 'remove_points'],
            }),
          ),
        ),
    });
    await screen.findByTestId('customer-card');
    await app.user.click(screen.getByRole('button', { name: 'Actions for Fatima Alsharif' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Delete' }));
    const dialog = await openDialog('Delete customer');
    expect(plain(dialog)).toContain(
      'Take the points away first (Add or Remove Points, then Remove, with a reason); then the customer can be deleted.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Remove the points' }));
    expect(await openDialog('Add or Remove Points')).toBeInTheDocument();
  });

  it('opens the customer page from View', async () => {
    const { app } = await openCustomers({
      'GET /api/v1/customers': () => json(page([fatima])),
      'GET /api/v1/customers/1': () => json(customerBody(fatima)),
      ...noActivity,
    });
    await screen.findByTestId('customer-card');
    await app.user.click(screen.getByRole('button', { name: 'Actions for Fatima Alsharif' }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'View' }));
    expect(await screen.findByTestId('customer-detail')).toBeInTheDocument();
    expect(app.pathname()).toBe('/customer/1');
  });
});

describe('customer detail page', () => {
  it('shows the profile, statistics, mixed activity and quick actions', async () => {
    const invoice = {
      ...makeInvoiceCreated(18, 0).invoice,
      invoice_id: 'INV-1012',
      created_at: '2025-01-05T10:00:00Z',
    };
    const redemption = { ...makeRedemptionDone(50, 0).redemption, created_at: '2025-01-06T10:00:00Z' };
    const asMoney = {
      ...makePointsRedemptionDone(333, 0, '16.650').redemption,
      id: 8,
      created_at: '2025-01-07T10:00:00Z',
    };
    await renderAsCashier('/customer/1', {
      'GET /api/v1/customers/1': () =>
        json(customerBody({ ...fatima, email: null }, { average_per_invoice: '52.255' })),
      'GET /api/v1/customers/1/invoices': () =>
        json({ data: [invoice], meta: { page: 1, per_page: 10, total: 1 } }),
      'GET /api/v1/customers/1/redemptions': () =>
        json({ data: [asMoney, redemption], meta: { page: 1, per_page: 10, total: 2 } }),
    });
    const profile = await screen.findByTestId('customer-profile');
    expect(within(profile).getByRole('heading', { name: 'Fatima Alsharif' })).toBeInTheDocument();
    expect(profile).toHaveTextContent('Customer ID: #1');
    expect(profile).toHaveTextContent('158 pts');
    expect(profile).toHaveTextContent('Not provided');
    expect(profile).toHaveTextContent('+218 91 234 5678');

    expect(screen.getByTestId('stat-totalInvoices')).toHaveTextContent('4');
    expect(screen.getByTestId('stat-totalSpent')).toHaveTextContent(/209\.000/);
    expect(screen.getByTestId('stat-rewardsRedeemed')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-averagePerInvoice')).toHaveTextContent(/LYD 52\.255/);

    const activity = await screen.findByTestId('customer-activity');
    const rows = within(activity).getAllByRole('listitem');
    expect(plain(rows[0])).toContain('Points used as a discount: LYD 16.650');
    expect(plain(rows[0])).toContain('Taken off the sale at the till');
    expect(plain(rows[0])).toContain('-333 pts');
    expect(plain(rows[1])).toContain('Redeemed: Free coffee');
    expect(plain(rows[1])).toContain('-50 pts');
    expect(rows[2]).toHaveTextContent('Invoice INV-1012');
    expect(plain(rows[2])).toContain('+18 pts');

    expect(screen.getByRole('link', { name: 'Create Invoice' })).toHaveAttribute(
      'href',
      '/create-invoice?customer_id=1',
    );
    expect(screen.getByRole('link', { name: 'Redeem Reward' })).toHaveAttribute(
      'href',
      '/redeem-rewards?customer_id=1',
    );
    expect(screen.getByRole('link', { name: 'View Full History' })).toHaveAttribute(
      'href',
      '/customer/1/history',
    );
  });

  it('says when points expire soon, the day as the server sent it', async () => {
    const routes = {
      'GET /api/v1/customers/1': () => json(customerBody(fatima, {}, { points: 120, on: '2027-01-01' })),
      ...noActivity,
    };
    await renderAsCashier('/customer/1', routes);
    const profile = await screen.findByTestId('customer-profile');
    expect(plain(within(profile).getByTestId('expiry-notice'))).toBe(
      '120 points usable through Jan 1, 2027, then they expire',
    );
  });

  it('says it in Arabic', async () => {
    await renderAsCashier(
      '/customer/1',
      {
        'GET /api/v1/customers/1': () => json(customerBody(fatima, {}, { points: 120, on: '2027-01-01' })),
        ...noActivity,
      },
      'ar',
    );
    const notice = await screen.findByTestId('expiry-notice');
    expect(plain(notice).replace(/\u200f/g, '')).toBe(
      '120 نقطة صالحة حتى نهاية 01/01/2027، ثم تنتهي صلاحيتها',
    );
  });

  it('shows the tier: its name, multiplier, spend, the next level and the grace', async () => {
    const tier = {
      level: 2,
      name_en: 'Gold',
      name_ar: 'ذهبي',
      multiplier: '1.5',
      spend: '640.000',
      grace_until: '2027-01-15',
      next: { name_en: 'Platinum', name_ar: 'بلاتيني', min_spend: '2000.000', remaining: '1360.000' },
    };
    for (const language of ['en', 'ar'] as const) {
      await renderAsCashier(
        '/customer/1',
        { 'GET /api/v1/customers/1': () => json({ ...customerBody(fatima), tier }), ...noActivity },
        language,
      );
      const panel = await screen.findByTestId('customer-tier');
      const text = (id: string) => plain(within(panel).getByTestId(id)).replace(/[\u200f\u2066-\u2069]/g, '');
      if (language === 'en') {
        expect(text('tier-name')).toBe('Gold');
        expect(text('tier-multiplier')).toBe('×1.5');
        expect(text('tier-spend')).toBe('Spent in the last 12 months: LYD 640.000');
        expect(text('tier-next')).toBe('LYD 1,360.000 more to Platinum');
        expect(text('tier-grace')).toContain('Keeps Gold until Jan 15, 2027');
      } else {
        expect(text('tier-name')).toBe('ذهبي');
        expect(text('tier-next')).toBe('بقي 1,360.000 د.ل. للوصول إلى بلاتيني');
        expect(text('tier-grace')).toContain('يحتفظ بمستوى ذهبي حتى 15/01/2027');
      }
      cleanup();
    }
  });

  it('shows no tier when the owner has none', async () => {
    await renderAsCashier('/customer/1', {
      'GET /api/v1/customers/1': () => json({ ...customerBody(fatima), tier: null }),
      ...noActivity,
    });
    await screen.findByTestId('customer-profile');
    expect(screen.queryByTestId('customer-tier')).not.toBeInTheDocument();
  });

  it('says nothing about expiry when no points expire soon', async () => {
    await renderAsCashier('/customer/1', {
      'GET /api/v1/customers/1': () => json(customerBody(fatima)),
      ...noActivity,
    });
    await screen.findByTestId('customer-profile');
    expect(screen.queryByTestId('expiry-notice')).not.toBeInTheDocument();
  });

  it("shows '0' for the average without invoices", async () => {
    await renderAsCashier('/customer/1', {
      'GET /api/v1/customers/1': () =>
        json({
          ...customerBody(fatima, {
            total_invoices: 0,
            total_spent: '0.000',
            average_per_invoice: '0.000',
          }),
        }),
      ...noActivity,
    });
    expect(await screen.findByTestId('stat-averagePerInvoice')).toHaveTextContent(/^Avg\. per Invoice0$/);
    expect(await screen.findByText('No activity yet')).toBeInTheDocument();
  });

  it('shows the loading text, then Customer Not Found with Go Back', async () => {
    const { app } = await renderAsCashier('/customer/1', {
      'GET /api/v1/customers/1': () => apiError(404, 'Not found.', 'not_found'),
    });
    expect(await screen.findByText('Loading customer information...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Customer Not Found' })).toBeInTheDocument();
    expect(
      screen.getByText("The customer you're looking for doesn't exist or has been removed."),
    ).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Go Back' }));
    await waitFor(() => expect(app.pathname()).toBe('/dashboard'));
  });
});

describe('customer history page', () => {
  it('lists every ledger entry in a paginated table', async () => {
    const entries = [
      makeLedgerEntry({ id: 3, kind: 'manual', delta: 25, balance_after: 183, reason: 'Birthday' }),
      makeLedgerEntry({ id: 2, kind: 'redemption', delta: -50, balance_after: 158, actor: null }),
      makeLedgerEntry({ id: 1, actor: { id: 2, name: 'Owner Omar' }, api_key: { id: 7, name: 'ERP' } }),
    ];
    const { app, api } = await renderAsCashier('/customer/1/history', {
      'GET /api/v1/customers/1': () => json(customerBody(fatima)),
      ...noActivity,
      'GET /api/v1/customers/1/history': (request) => {
        const pageNumber = Number(new URL(request.url).searchParams.get('page'));
        return json({ data: entries, meta: { page: pageNumber, per_page: 20, total: 42 } });
      },
    });
    const rows = await screen.findAllByTestId('history-row');
    expect(rows[0]).toHaveTextContent('Points added');
    expect(rows[0]).toHaveTextContent('+25');
    expect(rows[0]).toHaveTextContent('183');
    expect(rows[0]).toHaveTextContent('Birthday');
    expect(rows[0]).toHaveTextContent('Salem');
    expect(rows[1]).toHaveTextContent('Redemption');
    expect(rows[1]).toHaveTextContent('-50');
    // A change made with an API key names the key, not the owner it acts for.
    expect(rows[2]).toHaveTextContent(/ERP\W* \(API key\)/u);
    expect(rows[2]).not.toHaveTextContent('Owner Omar');
    expect(screen.getByText('42 entries')).toBeInTheDocument();

    // Nothing expired here: the staff column says nothing of the product's own changes.
    expect(screen.queryByText('Automatic')).not.toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'Page 3' }));
    await waitFor(() => expect(app.location().search).toBe('?page=3'));
    await waitFor(() => {
      const last = api.requestsTo('GET /api/v1/customers/1/history').at(-1)!;
      expect(new URL(last.url).searchParams.get('page')).toBe('3');
    });
  });

  it.each([
    ['en', 'Points expired', 'Automatic'],
    ['ar', 'انتهت صلاحية النقاط', 'تلقائي'],
  ] as const)('describes points that expired, made by no one (%s)', async (language, kind, actor) => {
    const expired = makeLedgerEntry({
      id: 9,
      kind: 'expired',
      delta: -120,
      balance_after: 38,
      actor: null,
      invoice: null,
    });
    await renderAsCashier(
      '/customer/1/history',
      {
        'GET /api/v1/customers/1': () => json(customerBody(fatima)),
        ...noActivity,
        'GET /api/v1/customers/1/history': () =>
          json({ data: [expired], meta: { page: 1, per_page: 20, total: 1 } }),
      },
      language,
    );
    const [row] = await screen.findAllByTestId('history-row');
    const cells = within(row!)
      .getAllByRole('cell')
      .map((cell) => plain(cell).trim());
    expect(cells[1]).toBe(kind);
    expect(cells[2]).toBe('-120');
    expect(cells[3]).toBe('38');
    // The staff column names the product, never an empty name or a dash.
    expect(cells[5]).toBe(actor);
  });
});
