import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
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
  point_value: '5.000',
  min_redeem_points: 50,
};

async function openSettings(extra: Routes = {}, language: 'en' | 'ar' = 'en') {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(ownerRoutes({ 'GET /api/v1/loyalty-config': () => json({ data: CONFIG }), ...extra }));
  const app = renderApp('/dashboard');
  await screen.findByTestId('owner-stores');
  await app.user.click(screen.getByRole('tab', { name: language === 'en' ? 'Settings' : 'الإعدادات' }));
  await screen.findByTestId('owner-settings');
  return { app, api };
}

describe('loyalty settings tab', () => {
  it('sends only what changed, as typed, Eastern Arabic digits read as Latin', async () => {
    let body: unknown;
    const { app } = await openSettings({
      'PUT /api/v1/loyalty-config': async (request) => {
        body = await request.json();
        return json({ data: { ...CONFIG, max_invoice_total: '2500.000', cashier_daily_points: 500 } });
      },
    });
    const max = await screen.findByLabelText('Maximum invoice total (LYD)');
    expect(max).toHaveValue('10000.000');
    await app.user.clear(max);
    await app.user.type(max, '٢٥٠٠');
    const daily = screen.getByLabelText('Points a cashier may add by hand each day');
    await app.user.clear(daily);
    await app.user.type(daily, '500');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toEqual({ max_invoice_total: '2500', cashier_daily_points: 500 }));
    expect(await screen.findByText('Loyalty settings saved successfully!')).toBeInTheDocument();
    expect(max).toHaveValue('2500.000');
  });

  it('never clamps: the server refuses and its message shows under the field', async () => {
    let body: unknown;
    const { app } = await openSettings({
      'PUT /api/v1/loyalty-config': async (request) => {
        body = await request.json();
        return json(
          {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { min_purchase: ['Minimum purchase cannot be negative'] },
          },
          422,
        );
      },
    });
    const min = await screen.findByLabelText('Minimum purchase (LYD)');
    await app.user.clear(min);
    await app.user.type(min, '-2');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Minimum purchase cannot be negative')).toBeInTheDocument();
    expect(body).toEqual({ min_purchase: '-2' });
    expect(min).toHaveValue('-2');
    expect(screen.queryByText('Loyalty settings saved successfully!')).not.toBeInTheDocument();
  });

  it('shows what 100 points are worth, and sends null when the value is emptied', async () => {
    let body: unknown;
    const { app } = await openSettings({
      'PUT /api/v1/loyalty-config': async (request) => {
        body = await request.json();
        return json({ data: { ...CONFIG, point_value: null, min_redeem_points: 200 } });
      },
    });
    const value = await screen.findByLabelText('Value of 100 points (LYD)');
    expect(value).toHaveValue('5.000');
    const minimum = screen.getByLabelText('Fewest points to use at once');
    expect(minimum).toHaveValue('50');
    expect(screen.getByTestId('points-money-settings')).toHaveTextContent(
      'A change applies from the next use',
    );
    await app.user.clear(value);
    await app.user.clear(minimum);
    await app.user.type(minimum, '٢٠٠');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toEqual({ point_value: null, min_redeem_points: 200 }));
    expect(await screen.findByText('Loyalty settings saved successfully!')).toBeInTheDocument();
    expect(value).toHaveValue('');
    expect(minimum).toHaveValue('200');
  });

  it("sends a value as typed and shows the server's message under it", async () => {
    let body: unknown;
    const { app } = await openSettings({
      'GET /api/v1/loyalty-config': () => json({ data: { ...CONFIG, point_value: null } }),
      'PUT /api/v1/loyalty-config': async (request) => {
        body = await request.json();
        return json(
          {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { point_value: ['100 points may be worth 0.001 to 1,000 LYD.'] },
          },
          422,
        );
      },
    });
    const value = await screen.findByLabelText('Value of 100 points (LYD)');
    expect(value).toHaveValue('');
    await app.user.type(value, '2500');
    await app.user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('100 points may be worth 0.001 to 1,000 LYD.')).toBeInTheDocument();
    expect(body).toEqual({ point_value: '2500' });
    expect(value).toHaveAttribute('aria-invalid', 'true');
  });

  it('speaks Arabic', async () => {
    await openSettings({}, 'ar');
    expect(await screen.findByLabelText('قيمة 100 نقطة (د.ل)')).toHaveValue('5.000');
    expect(screen.getByLabelText('أقل عدد من النقاط يُستخدم في المرة')).toHaveValue('50');
  });

  it('keeps the open tab in the URL: a reload returns to it', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi(ownerRoutes({ 'GET /api/v1/loyalty-config': () => json({ data: CONFIG }) }));
    const app = renderApp('/dashboard?tab=settings');
    expect(await screen.findByTestId('owner-settings')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Settings' })).toHaveAttribute('aria-selected', 'true');
    await app.user.click(screen.getByRole('tab', { name: 'Subscription' }));
    await waitFor(() => expect(app.location().search).toBe('?tab=subscription'));
    await app.user.click(screen.getByRole('tab', { name: 'Stores' }));
    await waitFor(() => expect(app.location().search).toBe(''));
  });
});
