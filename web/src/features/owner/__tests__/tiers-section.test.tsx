import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { bounds } from '@/lib/api/bounds';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi, type Routes } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ownerRoutes } from './fixtures';

beforeEach(() => window.sessionStorage.clear());

const CONFIG = {
  cost_per_point: '1.000',
  min_purchase: '5.000',
  max_invoice_total: '10000.000',
  confirm_above: '1000.000',
  cashier_daily_points: 10_000,
  point_value: null,
  min_redeem_points: 50,
  points_expiry_months: null,
  signal_sales_per_customer: 3,
  signal_void_percent: 5,
  signal_manual_points: 1000,
};

const LADDER = [
  { level: 1, name_en: 'Silver', name_ar: 'فضي', min_spend: '0.000', multiplier: '1.0' },
  { level: 2, name_en: 'Gold', name_ar: 'ذهبي', min_spend: '500.000', multiplier: '1.5' },
];

async function openTiers(extra: Routes = {}, language: 'en' | 'ar' = 'en') {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(ownerRoutes({ 'GET /api/v1/loyalty-config': () => json({ data: CONFIG }), ...extra }));
  const app = renderApp('/dashboard');
  await screen.findByTestId('owner-stores');
  await app.user.click(screen.getByRole('tab', { name: language === 'en' ? 'Settings' : 'الإعدادات' }));
  const section = await screen.findByTestId('tier-settings');
  return { app, api, section };
}

describe('the tiers section', () => {
  it('says there are no tiers and offers to set them up', async () => {
    const { section } = await openTiers();
    expect(await within(section).findByTestId('tiers-none')).toBeInTheDocument();
    expect(within(section).getByText(/30 days/)).toBeInTheDocument();
    expect(within(section).queryByTestId('tiers-remove-all')).not.toBeInTheDocument();
  });

  it('shows the ladder in the reader’s language', async () => {
    const { section } = await openTiers(
      { 'GET /api/v1/loyalty-tiers': () => json({ data: { tiers: LADDER } }) },
      'ar',
    );
    const rows = await within(section).findAllByTestId('tier-row');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toHaveTextContent('ذهبي');
    expect(rows[1]).toHaveTextContent('×1.5');
    expect(rows[1]).toHaveTextContent('500.000 د.ل.');
  });

  it('sends the rows as typed and puts the server’s messages under their row’s field', async () => {
    const bodies: unknown[] = [];
    const { app, section } = await openTiers({
      'PUT /api/v1/loyalty-tiers': async (request) => {
        bodies.push(await request.json());
        if (bodies.length === 1) {
          return json(
            {
              message: 'The given data was invalid.',
              code: 'validation_failed',
              errors: { 'tiers.1.min_spend': ['Each level needs a higher spend than the one before'] },
            },
            422,
          );
        }
        return json({ data: { tiers: LADDER } });
      },
    });
    await app.user.click(await within(section).findByTestId('tiers-edit'));
    const form = await screen.findByTestId('tiers-form');
    await app.user.type(within(form).getByLabelText('English name'), 'Silver');
    await app.user.type(within(form).getByLabelText('Arabic name'), 'فضي');
    await app.user.type(within(form).getByLabelText('Spend in 12 months from (LYD)'), '١٠٠');
    await app.user.type(within(form).getByLabelText(/Points multiplier/), '1');
    await app.user.click(within(form).getByRole('button', { name: 'Add level' }));
    const second = within(form).getAllByTestId('tier-fields')[1]!;
    await app.user.type(within(second).getByLabelText('English name'), 'Gold');
    await app.user.type(within(second).getByLabelText('Arabic name'), 'ذهبي');
    await app.user.type(within(second).getByLabelText('Spend in 12 months from (LYD)'), '50');
    await app.user.type(within(second).getByLabelText(/Points multiplier/), '1.5');
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));

    expect(
      await within(second).findByText('Each level needs a higher spend than the one before'),
    ).toBeInTheDocument();
    expect(within(second).getByLabelText('Spend in 12 months from (LYD)')).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    const first = within(form).getAllByTestId('tier-fields')[0]!;
    expect(within(first).getByLabelText('Spend in 12 months from (LYD)')).not.toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(bodies[0]).toEqual({
      tiers: [
        { name_en: 'Silver', name_ar: 'فضي', min_spend: '100', multiplier: '1' },
        { name_en: 'Gold', name_ar: 'ذهبي', min_spend: '50', multiplier: '1.5' },
      ],
    });

    const spend = within(second).getByLabelText('Spend in 12 months from (LYD)');
    await app.user.clear(spend);
    await app.user.type(spend, '500');
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Tiers saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('tiers-form')).not.toBeInTheDocument());
    expect(await within(section).findAllByTestId('tier-row')).toHaveLength(2);
  });

  it('offers no more rows than the contract allows', async () => {
    const { app, section } = await openTiers();
    await app.user.click(await within(section).findByTestId('tiers-edit'));
    const form = await screen.findByTestId('tiers-form');
    const add = within(form).getByRole('button', { name: 'Add level' });
    for (let i = 1; i < bounds.LoyaltyTiersRequest.tiers.maxItems; i++) await app.user.click(add);
    expect(within(form).getAllByTestId('tier-fields')).toHaveLength(
      bounds.LoyaltyTiersRequest.tiers.maxItems,
    );
    expect(add).toBeDisabled();
    await app.user.click(within(form).getByRole('button', { name: 'Remove level 2' }));
    expect(within(form).getAllByTestId('tier-fields')).toHaveLength(
      bounds.LoyaltyTiersRequest.tiers.maxItems - 1,
    );
    expect(add).toBeEnabled();
  });

  it('removes every tier after asking, with an empty list', async () => {
    let body: unknown;
    const { app, section } = await openTiers({
      'GET /api/v1/loyalty-tiers': () => json({ data: { tiers: LADDER } }),
      'PUT /api/v1/loyalty-tiers': async (request) => {
        body = await request.json();
        return json({ data: { tiers: [] } });
      },
    });
    await app.user.click(await within(section).findByTestId('tiers-remove-all'));
    const dialog = await screen.findByRole('dialog');
    expect(body).toBeUndefined();
    await app.user.click(within(dialog).getByTestId('confirm-button'));
    await waitFor(() => expect(body).toEqual({ tiers: [] }));
    expect(await within(section).findByTestId('tiers-none')).toBeInTheDocument();
  });
});
