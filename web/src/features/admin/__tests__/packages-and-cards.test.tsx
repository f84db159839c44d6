import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { apiError, json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { canChangeCard, cardRequest, expiryDay } from '../card-rules';
import { PACKAGE_DEFAULTS, packageRequest, splitFeatures, validatePackage } from '../package-rules';
import { adminRoutes, makeCard, makePackage } from './fixtures';

async function openTab(tab: 'packages' | 'cards', extra: Parameters<typeof adminRoutes>[0] = {}) {
  await i18n.changeLanguage('en');
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(
    adminRoutes({ 'GET /api/v1/admin/packages': () => json({ data: [makePackage()] }), ...extra }),
  );
  const app = renderApp('/dashboard');
  await app.user.click(await screen.findByTestId(`admin-tab-${tab}`, {}, { timeout: 5000 }));
  return { ...app, api };
}

describe('package form', { timeout: 15_000 }, () => {
  it('splits features by line, trims them and drops blanks', () => {
    expect(splitFeatures('  Three stores \n\n Priority support\r\n   \n')).toEqual([
      'Three stores',
      'Priority support',
    ]);
    expect(packageRequest({ ...PACKAGE_DEFAULTS, name: ' Gold ', description: '   ' })).toEqual({
      name: 'Gold',
      description: null,
      price: '0',
      store_limit: 1,
      duration_months: 1,
      features: [],
      is_active: true,
    });
  });

  it('gives each cause its own message: blank, negative, not whole, too large', async () => {
    await i18n.changeLanguage('en');
    await i18n.loadNamespaces('admin');
    const t = i18n.getFixedT('en', 'admin');
    const base = { ...PACKAGE_DEFAULTS, name: 'Gold' };
    expect(validatePackage({ ...base, price: ' ' }, t).price).toBe('Enter a price (0 for a free plan)');
    expect(validatePackage({ ...base, price: '-1' }, t).price).toBe('Price cannot be negative');
    expect(validatePackage({ ...base, storeLimit: '2.5' }, t).store_limit).toBe(
      'Store limit must be a whole number',
    );
    expect(validatePackage({ ...base, storeLimit: '10001' }, t).store_limit).toBe(
      'Store limit must be at most 10,000',
    );
    expect(validatePackage({ ...base, storeLimit: '0' }, t).store_limit).toBe(
      'Store limit must be at least 1',
    );
    expect(validatePackage({ ...base, durationMonths: '121' }, t).duration_months).toBe(
      'Duration must be at most 120 months',
    );
    expect(validatePackage(base, t)).toEqual({});
  });

  it('opens with the spec defaults and sends the features as a list', async () => {
    const { user, api } = await openTab('packages', {
      'POST /api/v1/packages': () => json({ data: makePackage({ id: 2, name: 'Silver' }) }, 201),
    });
    await screen.findByTestId('packages-table', {}, { timeout: 5000 });
    await user.click(screen.getByTestId('add-package'));
    const form = await screen.findByTestId('package-form');
    expect(within(form).getByLabelText(/Price \(LYD\)/)).toHaveValue(0);
    expect(within(form).getByLabelText(/Store Limit/)).toHaveValue(1);
    expect(within(form).getByLabelText(/Duration \(months\)/)).toHaveValue(1);
    expect(within(form).getByRole('switch', { name: 'Active' })).toBeChecked();

    await user.type(within(form).getByLabelText(/^Name/), 'Silver');
    await user.type(within(form).getByLabelText(/Features/), 'One store{enter}{enter}  Reports  ');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.requestsTo('POST /api/v1/packages')).toHaveLength(1));
    const body = (await api.requestsTo('POST /api/v1/packages')[0]?.clone().json()) as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({
      name: 'Silver',
      price: '0',
      store_limit: 1,
      duration_months: 1,
      is_active: true,
      features: ['One store', 'Reports'],
    });
  });

  it('checks name, price, store limit and duration with the spec messages', async () => {
    const { user, api } = await openTab('packages');
    await screen.findByTestId('packages-table', {}, { timeout: 5000 });
    await user.click(screen.getByTestId('add-package'));
    const form = await screen.findByTestId('package-form');
    await user.clear(within(form).getByLabelText(/Price \(LYD\)/));
    await user.type(within(form).getByLabelText(/Price \(LYD\)/), '-1');
    await user.clear(within(form).getByLabelText(/Store Limit/));
    await user.type(within(form).getByLabelText(/Store Limit/), '0');
    await user.clear(within(form).getByLabelText(/Duration \(months\)/));
    await user.type(within(form).getByLabelText(/Duration \(months\)/), '0');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(form).toHaveTextContent('Name is required');
    expect(form).toHaveTextContent('Price cannot be negative');
    expect(form).toHaveTextContent('Store limit must be at least 1');
    expect(form).toHaveTextContent('Duration must be at least 1 month');
    expect(api.requestsTo('POST /api/v1/packages')).toHaveLength(0);
  });

  it('shows the spec fallback when a delete fails without a message, the server message on 409', async () => {
    const { user } = await openTab('packages', {
      'DELETE /api/v1/packages/1': () => apiError(409, 'This package is in use.', 'package_in_use'),
      'POST /api/v1/packages/1/toggle': () => new Response(null, { status: 500 }),
    });
    await screen.findByTestId('packages-table', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'Delete Gold' }));
    await user.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByTestId('confirm-error')).toHaveTextContent('This package is in use.');
    // The dismiss button is never a second "Cancel" beside the action.
    await user.click(screen.getByRole('button', { name: 'Go back' }));

    await user.click(screen.getByRole('button', { name: 'Disable Gold' }));
    await user.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByTestId('confirm-error')).toHaveTextContent('Failed to toggle package.');
  });
});

describe('redemption cards', { timeout: 15_000 }, () => {
  const redeemed = makeCard({
    id: 2,
    code: 'P3ZR8NFA6JLC',
    status: 'redeemed',
    redeemed_by: { id: 2, name: 'Sara Ali', email: 'owner@demo.ly' },
    redeemed_at: '2025-02-01T10:00:00Z',
  });

  it('offers edit and delete only for unredeemed cards', async () => {
    await openTab('cards', {
      'GET /api/v1/admin/redemption-cards': () =>
        json({ data: [makeCard(), redeemed], meta: { page: 1, per_page: 15, total: 2 } }),
    });
    await screen.findByTestId('cards-table', {}, { timeout: 5000 });
    const [available, used] = screen.getAllByTestId('card-row') as [HTMLElement, HTMLElement];
    expect(within(available).getByRole('button', { name: 'Edit card K7M2Q9XHT4WD' })).toBeInTheDocument();
    expect(within(available).getByRole('button', { name: 'Delete card K7M2Q9XHT4WD' })).toBeInTheDocument();
    expect(available).toHaveTextContent('No expiration');
    expect(within(used).queryByRole('button', { name: /Edit card/ })).toBeNull();
    expect(within(used).queryByRole('button', { name: /Delete card/ })).toBeNull();
    expect(within(used).getByTestId('card-locked')).toHaveTextContent('Cannot edit');
    expect(used).toHaveTextContent('Sara Ali');
  });

  it('shows a redeemed card read-only, with who redeemed it', async () => {
    const { user } = await openTab('cards', {
      'GET /api/v1/admin/redemption-cards': () =>
        json({ data: [redeemed], meta: { page: 1, per_page: 15, total: 1 } }),
    });
    await screen.findByTestId('cards-table', {}, { timeout: 5000 });
    await user.click(screen.getByRole('button', { name: 'View card P3ZR8NFA6JLC' }));
    const block = await screen.findByTestId('card-redeemed-block');
    expect(block).toHaveTextContent('Sara Ali');
    expect(within(screen.getByTestId('card-form')).queryByRole('button', { name: 'Save' })).toBeNull();
  });

  it('filters by status on the server and confirms a delete with the spec question', async () => {
    const { user, api } = await openTab('cards', {
      'GET /api/v1/admin/redemption-cards': () =>
        json({ data: [makeCard()], meta: { page: 1, per_page: 15, total: 1 } }),
      'DELETE /api/v1/admin/redemption-cards/1': () => new Response(null, { status: 204 }),
    });
    await screen.findByTestId('cards-table', {}, { timeout: 5000 });
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'Redeemed' }));
    await waitFor(() =>
      expect(
        api
          .requestsTo('GET /api/v1/admin/redemption-cards')
          .some((r) => new URL(r.url).searchParams.get('status') === 'redeemed'),
      ).toBe(true),
    );
    await user.click(await screen.findByRole('button', { name: 'Delete card K7M2Q9XHT4WD' }));
    expect(
      await screen.findByText('Are you sure you want to delete this redemption card?'),
    ).toBeInTheDocument();
    await user.click(screen.getByTestId('confirm-button'));
    await waitFor(() => expect(api.requestsTo('DELETE /api/v1/admin/redemption-cards/1')).toHaveLength(1));
  });

  it('builds the card payload as the spec says', () => {
    expect(cardRequest({ packageId: '3', code: '  ', expiresAt: '', notes: ' ' })).toEqual({
      package_id: 3,
      expires_at: null,
      notes: null,
    });
    expect(cardRequest({ packageId: '3', code: 'abc', expiresAt: '2026-12-31', notes: 'x' })).toEqual({
      package_id: 3,
      code: 'abc',
      expires_at: '2026-12-31',
      notes: 'x',
    });
    expect(canChangeCard({ status: 'redeemed' })).toBe(false);
    expect(canChangeCard({ status: 'expired' })).toBe(true);
    expect(expiryDay('2026-12-31T21:59:59Z')).toBe('2026-12-31');
  });
});
