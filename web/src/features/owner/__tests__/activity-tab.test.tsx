import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ownerRoutes, store } from './fixtures';

/** Text without the bidi isolation marks put around names and numbers. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

const feed = {
  data: [
    {
      id: 3,
      type: 'customer',
      kind: 'signal_raised',
      created_at: '2026-11-21T09:00:00Z',
      store: { id: store.id, name: store.name },
      pos_user: null,
      subject_id: 7,
      details: { signal: 'manual_points', figure: '1001', threshold: '1000', cashier: 'سالم الزوي' },
    },
    {
      id: 2,
      type: 'customer',
      kind: 'points_expired',
      created_at: '2026-11-20T22:00:05Z',
      store: { id: store.id, name: store.name },
      pos_user: null,
      details: { customers: '3', points: '1250' },
    },
    {
      id: 1,
      type: 'customer',
      kind: 'customer_created',
      created_at: '2026-11-20T10:00:00Z',
      store: { id: store.id, name: store.name },
      pos_user: null,
      details: { customer: 'Huda', source: 'qr' },
    },
  ],
  meta: { page: 1, per_page: 20, total: 2 },
};

const cashier = {
  id: 7,
  name: 'سالم الزوي',
  email: 'cashier@demo.ly',
  role: 'pos_user',
  is_active: true,
  store_id: store.id,
  store: { id: store.id, name: store.name },
  created_at: '2026-09-25T10:00:00Z',
};

function mockActivity() {
  return mockApi(
    ownerRoutes({
      'GET /api/v1/store-owner/pos-users': () => json({ data: [cashier] }),
      'GET /api/v1/store-owner/pos-activities': () => json(feed),
    }),
  );
}

async function openActivity(language: 'en' | 'ar') {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  mockActivity();
  renderApp('/dashboard?tab=activity');
  await screen.findByTestId('activity-table');
  return screen.findAllByTestId('activity-row');
}

/** The feed's query string of the last request, as an object. */
function lastFeedQuery(api: ReturnType<typeof mockApi>) {
  const requests = api.requestsTo('GET /api/v1/store-owner/pos-activities');
  return Object.fromEntries(new URL(requests.at(-1)!.url).searchParams);
}

describe("owner's activity feed", () => {
  it.each([
    ['en', '1,250 points of 3 customers expired', 'Automatic', 'Customer (self sign-up)'],
    ['ar', 'انتهت صلاحية 1,250 نقطة لدى 3 عملاء', 'تلقائي', 'العميل (تسجيل ذاتي)'],
  ] as const)(
    'describes expired points as the product’s own change, a sign-up as the customer’s (%s)',
    async (language, description, automatic, self) => {
      const [, expired, joined] = await openActivity(language);
      const cells = within(expired!)
        .getAllByRole('cell')
        .map((cell) => plain(cell.textContent));
      expect(cells[1]).toBe(automatic);
      expect(cells[2]).toBe(store.name);
      expect(cells[4]).toBe(description);
      expect(plain(within(joined!).getAllByRole('cell')[1]!.textContent)).toBe(self);
    },
  );

  it.each([
    ['en', 'سالم الزوي added 1,001 points by hand (more than 1,000)', 'Automatic'],
    ['ar', 'أضاف سالم الزوي 1,001 نقطة يدويًا (أكثر من 1,000)', 'تلقائي'],
  ] as const)(
    'describes a fraud signal as the product’s own entry (%s)',
    async (language, description, automatic) => {
      const [signal] = await openActivity(language);
      const cells = within(signal!)
        .getAllByRole('cell')
        .map((cell) => plain(cell.textContent));
      expect(cells[1]).toBe(automatic);
      expect(cells[4]).toBe(description);
    },
  );
});

describe("the activity feed's filters in the address", () => {
  async function openAt(search: string) {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    const api = mockActivity();
    const app = renderApp(`/dashboard${search}`);
    await screen.findByTestId('activity-table');
    await waitFor(() => expect(api.requestsTo('GET /api/v1/store-owner/pos-activities')).not.toHaveLength(0));
    return { api, app };
  }

  it('opens filtered to a cashier, a group and a day (a signal’s link)', async () => {
    const { api } = await openAt('?tab=activity&pos_user_id=7&type=invoice&from=2026-11-24&to=2026-11-24');
    expect(lastFeedQuery(api)).toEqual({
      activity_type: 'invoice',
      page: '1',
      per_page: '20',
      pos_user_id: '7',
      from: '2026-11-24',
      to: '2026-11-24',
    });
    await waitFor(() => expect(screen.getByTestId('activity-user')).toHaveValue('سالم الزوي'));
    expect(screen.getByTestId('activity-type')).toHaveValue('Invoice');
    expect(screen.getByTestId('activity-range')).toHaveValue('Custom');
    expect(screen.getByTestId('activity-from')).toHaveValue('2026-11-24');
    expect(screen.getByTestId('activity-to')).toHaveValue('2026-11-24');
  });

  it('reads a preset range and a store, and leaves out what it does not know', async () => {
    const { api } = await openAt(
      '?tab=activity&store_id=1&range=30d&type=bogus&pos_user_id=x&from=24-11-2026',
    );
    expect(lastFeedQuery(api)).toEqual({
      activity_type: 'all',
      page: '1',
      per_page: '20',
      store_id: '1',
      date_range: '30d',
    });
    expect(screen.getByTestId('activity-range')).toHaveValue('Last 30 days');
    expect(screen.getByTestId('activity-type')).toHaveValue('All');
  });

  it('keeps a changed filter in the address, so a reload shows the same feed', async () => {
    const { api, app } = await openAt(
      '?tab=activity&pos_user_id=7&type=invoice&from=2026-11-24&to=2026-11-24',
    );
    await app.user.click(screen.getByTestId('activity-type'));
    await app.user.click(await screen.findByRole('option', { name: 'Customer' }));
    await waitFor(() => expect(lastFeedQuery(api).activity_type).toBe('customer'));
    const params = new URLSearchParams(app.location().search);
    expect(Object.fromEntries(params)).toEqual({
      tab: 'activity',
      pos_user_id: '7',
      type: 'customer',
      from: '2026-11-24',
      to: '2026-11-24',
    });
    // Back to the defaults: they leave the address.
    await app.user.click(screen.getByTestId('activity-range'));
    await app.user.click(await screen.findByRole('option', { name: 'Last 7 days' }));
    await waitFor(() => expect(lastFeedQuery(api).date_range).toBe('7d'));
    expect(app.location().search).toBe('?tab=activity&pos_user_id=7&type=customer');
  });

  it('leaves its filters behind when another tab is opened, as it did when they were its own state', async () => {
    const { api, app } = await openAt('?tab=activity&pos_user_id=7&type=invoice&range=30d');
    await app.user.click(screen.getByRole('tab', { name: 'Stores' }));
    await waitFor(() => expect(app.location().search).toBe(''));
    await app.user.click(screen.getByRole('tab', { name: 'POS Activity' }));
    await screen.findByTestId('activity-table');
    expect(app.location().search).toBe('?tab=activity');
    await waitFor(() =>
      expect(lastFeedQuery(api)).toEqual({
        activity_type: 'all',
        page: '1',
        per_page: '20',
        date_range: '7d',
      }),
    );
    expect(screen.getByTestId('activity-type')).toHaveValue('All');
  });
});
