import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { User } from '@/lib/api/types';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { makeUser, meta, userEnvelope } from '@/testing/fixtures';
import { apiError, json, mockApi, noContent } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

// What the store owner's dashboard asks for when it opens (makeUser() is a store owner).
const ownerDashboardRoutes: Parameters<typeof mockApi>[0] = {
  'GET /api/v1/store-owner/summary': () => apiError(500, 'Not now.', 'internal'),
  'GET /api/v1/subscriptions/status': () => apiError(500, 'Not now.', 'internal'),
  'GET /api/v1/store-owner/stores': () => json({ data: [] }),
  'GET /api/v1/store-owner/signals': () => json({ data: [], meta: { page: 1, per_page: 5, total: 0 } }),
  'GET /api/v1/store-owner/liability': () => apiError(500, 'Not now.', 'internal'),
};

async function renderDashboardAs(user: User, extra: Parameters<typeof mockApi>[0] = {}) {
  await i18n.changeLanguage('en');
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi({
    'GET /api/v1/auth/user': () => json(userEnvelope(user)),
    ...ownerDashboardRoutes,
    ...extra,
  });
  const app = renderApp('/dashboard');
  await screen.findByTestId('welcome-banner');
  return { ...app, api };
}

const signal = {
  id: 7,
  kind: 'sales_per_customer' as const,
  day: '2026-11-27',
  store: { id: 1, name: 'Tripoli' },
  customer: { id: 41, name: 'Salma' },
  figure: 4,
  threshold: 3,
  created_at: '2026-11-27T09:00:00Z',
  updated_at: '2026-11-27T09:00:00Z',
};
const bellList = (read: boolean) => ({
  data: [
    { key: 'signal:7:1', kind: 'signal', at: '2026-11-27T09:00:00Z', read, signal },
    {
      key: 'import:3',
      kind: 'customers_imported',
      at: '2026-11-27T08:00:00Z',
      read,
      import: { store: { id: 1, name: 'Tripoli' }, customers: 12, points: 340 },
    },
  ],
  meta: { unread: read ? 0 : 2 },
});

describe('the bell', () => {
  it('counts the unread, opens the list and marks them read', async () => {
    const app = await renderDashboardAs(makeUser({ role: 'store_owner' }), {
      'GET /api/v1/notifications': () => json(bellList(false)),
      'POST /api/v1/notifications/read': () => json(bellList(true)),
    });
    const badge = screen.getByTestId('notification-badge');
    await waitFor(() => expect(badge).toHaveTextContent('2'));
    await app.user.click(screen.getByTestId('notification-bell'));
    const list = await screen.findByTestId('notification-list');
    const items = within(list).getAllByTestId('notification-item');
    expect(items.map((i) => i.getAttribute('data-kind'))).toEqual(['signal', 'customers_imported']);
    expect(items[0]).toHaveTextContent('Salma');
    expect(items[1]).toHaveTextContent(
      '12 customers were imported into \u2068Tripoli\u2069, bringing 340 points.',
    );
    await app.user.click(within(list).getByTestId('notification-read-all'));
    await waitFor(() => expect(badge).not.toHaveTextContent(/\d/));
    const [sent] = app.api.requestsTo('POST /api/v1/notifications/read');
    expect(await sent?.clone().json()).toEqual({ keys: ['signal:7:1', 'import:3'] });
  });

  it('opens what a notification is about and marks it read', async () => {
    const app = await renderDashboardAs(makeUser({ role: 'store_owner' }), {
      'GET /api/v1/notifications': () => json(bellList(false)),
      'POST /api/v1/notifications/read': () => json(bellList(true)),
    });
    await app.user.click(screen.getByTestId('notification-bell'));
    const list = await screen.findByTestId('notification-list');
    await app.user.click(within(list).getAllByTestId('notification-item')[1]!);
    await waitFor(() => expect(app.api.requestsTo('POST /api/v1/notifications/read')).toHaveLength(1));
    expect(await app.api.requestsTo('POST /api/v1/notifications/read')[0]?.clone().json()).toEqual({
      keys: ['import:3'],
    });
    await waitFor(() => expect(app.location().search).toContain('tab=customers'));
  });

  it('says when there is nothing new', async () => {
    const app = await renderDashboardAs(makeUser({ role: 'pos_user' }), {
      'GET /api/v1/pos/today': () => json({ data: { invoices: 0, points_issued: 0, redemptions: 0 } }),
    });
    await app.user.click(screen.getByTestId('notification-bell'));
    expect(await screen.findByTestId('notification-empty')).toHaveTextContent('Nothing new');
  });
});

describe('dashboard shell', () => {
  it.each([
    ['admin', 'Admin', 'admin-dashboard'],
    ['store_owner', 'Store Owner', 'owner-dashboard'],
    ['pos_user', 'POS User', 'pos-dashboard'],
  ] as const)('shows the %s view with its role label', async (role, label, panel) => {
    await renderDashboardAs(makeUser({ role, name: 'Sara Ali Omar' }), {
      'GET /api/v1/pos/today': () => json({ data: { invoices: 0, points_issued: 0, redemptions: 0 } }),
      'GET /api/v1/admin/overview': () => apiError(500, 'Not now.', 'internal'),
    });
    const current = screen.getByTestId('current-user');
    expect(within(current).getByText('SA')).toBeInTheDocument();
    expect(within(current).getByText('Sara Ali Omar')).toBeInTheDocument();
    expect(screen.getByTestId('current-user-role')).toHaveTextContent(label);
    expect(screen.getByTestId('welcome-banner')).toHaveTextContent('Welcome, Sara Ali Omar');
    expect(await screen.findByTestId(panel, {}, { timeout: 5000 })).toBeInTheDocument();
    // The server's unread count: none here, so no number on the bell.
    expect(screen.getByTestId('notification-badge')).not.toHaveTextContent(/\d/);
  });

  it('gives each role its own subtitle', async () => {
    await renderDashboardAs(makeUser({ role: 'pos_user' }), {
      'GET /api/v1/pos/today': () => json({ data: { invoices: 0, points_issued: 0, redemptions: 0 } }),
    });
    expect(screen.getByTestId('welcome-banner')).toHaveTextContent(
      'Create invoices, redeem rewards and look after your customers.',
    );
    await screen.findByTestId('pos-dashboard', {}, { timeout: 5000 });
  });

  it('tells a user with an unknown role to contact the administrator', async () => {
    await renderDashboardAs(makeUser({ role: 'auditor' as User['role'] }));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Invalid User Role');
    expect(alert).toHaveTextContent(/contact the administrator/);
  });

  it('signs out through the API and goes to /login', async () => {
    const app = await renderDashboardAs(makeUser(), {
      'POST /api/v1/auth/logout': () => noContent(),
      'GET /api/v1/meta': () => json(meta(false)),
    });
    await app.user.click(screen.getByRole('button', { name: 'Sign out' }));

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(app.api.requestsTo('POST /api/v1/auth/logout')).toHaveLength(1);
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('clears local state even when the logout call fails', async () => {
    const app = await renderDashboardAs(makeUser(), {
      'POST /api/v1/auth/logout': () => {
        throw new TypeError('Failed to fetch');
      },
      'GET /api/v1/meta': () => json(meta(false)),
    });
    await app.user.click(screen.getByRole('button', { name: 'Sign out' }));

    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('goes to /login when the user cannot be fetched', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi({
      'GET /api/v1/auth/user': () => apiError(500, 'Internal error', 'internal'),
      'GET /api/v1/meta': () => json(meta(false)),
    });
    const app = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('shows the customer page behind sign-in', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi({
      'GET /api/v1/auth/user': () => json(userEnvelope(makeUser({ role: 'pos_user' }))),
      'GET /api/v1/customers/42': () => apiError(404, 'Not found.', 'not_found'),
    });
    renderApp('/customer/42');
    expect(await screen.findByRole('heading', { name: 'Customer Not Found' })).toBeInTheDocument();
  });
});
