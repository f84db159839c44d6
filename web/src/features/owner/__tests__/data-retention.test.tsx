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

const MONTHS = 'Keep POS activity for (months)';
const DAYS = 'Keep finished webhook deliveries for (days)';

async function openRetention(extra: Routes = {}, language: 'en' | 'ar' = 'en') {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(ownerRoutes({ 'GET /api/v1/loyalty-config': () => json({ data: CONFIG }), ...extra }));
  const app = renderApp('/dashboard');
  await screen.findByTestId('owner-stores');
  await app.user.click(screen.getByRole('tab', { name: language === 'en' ? 'Settings' : 'الإعدادات' }));
  const section = await screen.findByTestId('retention-settings');
  return { app, api, section };
}

describe('the data kept section', () => {
  it('shows the times kept and that the books are kept for good', async () => {
    const { section } = await openRetention();
    expect(await within(section).findByTestId('retention-activity')).toHaveTextContent('24 months');
    expect(within(section).getByTestId('retention-deliveries')).toHaveTextContent('30 days');
    expect(within(section).getByTestId('retention-explain')).toHaveTextContent(
      'cannot be brought back. Invoices, the points ledger, returns and redemptions are kept for good.',
    );
  });

  it('speaks Arabic, each count with its own word', async () => {
    const { app, section } = await openRetention(
      {
        'GET /api/v1/store-owner/data-retention': () =>
          json({ data: { activity_log_months: 6, webhook_delivery_days: 30 } }),
      },
      'ar',
    );
    expect(await within(section).findByTestId('retention-activity')).toHaveTextContent('6 أشهر');
    expect(within(section).getByTestId('retention-deliveries')).toHaveTextContent('30 يومًا');
    await app.user.click(within(section).getByTestId('retention-edit'));
    const form = await screen.findByTestId('retention-form');
    const { minimum, maximum } = bounds.DataRetentionRequest.activity_log_months;
    expect(within(form).getByLabelText('الاحتفاظ بنشاط نقاط البيع (بالأشهر)')).toHaveValue('6');
    expect(form).toHaveTextContent(`عدد صحيح من ${minimum} إلى ${maximum} شهرًا.`);
  });

  it('sends both times as numbers (Eastern Arabic digits too) and shows what was saved', async () => {
    let body: unknown;
    const { app, section } = await openRetention({
      'PUT /api/v1/store-owner/data-retention': async (request) => {
        body = await request.json();
        return json({ data: { activity_log_months: 12, webhook_delivery_days: 14 } });
      },
    });
    await app.user.click(await within(section).findByTestId('retention-edit'));
    const form = await screen.findByTestId('retention-form');
    // The bounds come from the generated bounds.ts, not from this form.
    const { minimum, maximum } = bounds.DataRetentionRequest.webhook_delivery_days;
    expect(form).toHaveTextContent(`A whole number of days from ${minimum} to ${maximum}.`);
    expect(within(form).getByTestId('retention-warning')).toHaveTextContent('cannot be brought back');
    const months = within(form).getByLabelText(MONTHS);
    expect(months).toHaveValue('24');
    await app.user.clear(months);
    await app.user.type(months, '١٢');
    const days = within(form).getByLabelText(DAYS);
    await app.user.clear(days);
    await app.user.type(days, '14');
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toEqual({ activity_log_months: 12, webhook_delivery_days: 14 }));
    expect(await screen.findByText('Data kept saved.')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('retention-form')).not.toBeInTheDocument());
    expect(within(section).getByTestId('retention-activity')).toHaveTextContent('12 months');
    expect(within(section).getByTestId('retention-deliveries')).toHaveTextContent('14 days');
  });

  it("never clamps: the server's message shows under its field, the dialog stays open", async () => {
    let body: unknown;
    const { app, section } = await openRetention({
      'PUT /api/v1/store-owner/data-retention': async (request) => {
        body = await request.json();
        return json(
          {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { activity_log_months: ['Keep POS activity 3 to 36 months'] },
          },
          422,
        );
      },
    });
    await app.user.click(await within(section).findByTestId('retention-edit'));
    const form = await screen.findByTestId('retention-form');
    const months = within(form).getByLabelText(MONTHS);
    await app.user.clear(months);
    await app.user.type(months, '2');
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Keep POS activity 3 to 36 months')).toBeInTheDocument();
    expect(body).toEqual({ activity_log_months: 2, webhook_delivery_days: 30 });
    expect(months).toHaveAttribute('aria-invalid', 'true');
    expect(months).toHaveValue('2');
    expect(within(form).getByLabelText(DAYS)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Data kept saved.')).not.toBeInTheDocument();
  });

  it('asks for a number before sending an empty field', async () => {
    const { app, api, section } = await openRetention();
    await app.user.click(await within(section).findByTestId('retention-edit'));
    const form = await screen.findByTestId('retention-form');
    await app.user.clear(within(form).getByLabelText(DAYS));
    await app.user.click(within(form).getByRole('button', { name: 'Save' }));
    expect(await within(form).findByText('Enter a whole number.')).toBeInTheDocument();
    expect(api.requestsTo('PUT /api/v1/store-owner/data-retention')).toHaveLength(0);
  });
});
