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
  point_value: '5.000',
  min_redeem_points: 50,
  // Points expire a month after they are earned; unchanged, it is never sent back.
  points_expiry_months: 1,
  // The fraud signals' thresholds (the server's defaults).
  signal_sales_per_customer: 3,
  signal_void_percent: 5,
  signal_manual_points: 1000,
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
  it('sends only what changed as a merge patch, as typed, Eastern Arabic digits read as Latin', async () => {
    let body: unknown;
    let type: string | null = null;
    const { app } = await openSettings({
      'PATCH /api/v1/loyalty-config': async (request) => {
        type = request.headers.get('Content-Type');
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
    expect(type).toBe('application/merge-patch+json');
    expect(await screen.findByText('Loyalty settings saved successfully!')).toBeInTheDocument();
    expect(max).toHaveValue('2500.000');
  });

  it('never clamps: the server refuses and its message shows under the field', async () => {
    let body: unknown;
    const { app } = await openSettings({
      'PATCH /api/v1/loyalty-config': async (request) => {
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
      'PATCH /api/v1/loyalty-config': async (request) => {
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
      'PATCH /api/v1/loyalty-config': async (request) => {
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
    const expiry = screen.getByRole('radiogroup', { name: 'متى تنتهي صلاحية النقاط' });
    expect(within(expiry).getByRole('radio', { name: 'بعد عدد من الأشهر' })).toBeChecked();
    expect(screen.getByLabelText('عدد الأشهر بعد كسب النقاط')).toHaveValue('1');
    expect(screen.getByTestId('expiry-note')).toHaveTextContent(
      'يسري التغيير على النقاط المكتسبة بعد الحفظ، وتحتفظ النقاط المكتسبة سابقًا بتاريخ انتهائها.',
    );
  });

  describe('points expiry', () => {
    const MODE = 'When points expire';
    const MONTHS = 'Months after the points are earned';

    it('shows the months points last, the bounds the server checks and the note', async () => {
      await openSettings();
      const mode = await screen.findByRole('radiogroup', { name: MODE });
      expect(within(mode).getByRole('radio', { name: 'After a number of months' })).toBeChecked();
      expect(within(mode).getByRole('radio', { name: 'Never' })).not.toBeChecked();
      const months = screen.getByLabelText(MONTHS);
      expect(months).toHaveValue('1');
      // The bounds come from the generated bounds.ts, not from this form.
      const { minimum, maximum } = bounds.LoyaltyConfigRequest.points_expiry_months;
      expect(screen.getByTestId('expiry-settings')).toHaveTextContent(
        `A whole number from ${minimum} to ${maximum}.`,
      );
      expect(screen.getByTestId('expiry-note')).toHaveTextContent(
        'Applies to points earned after you save; points already earned keep their expiry.',
      );
    });

    it('sends null for never, and the field goes away', async () => {
      let body: unknown;
      const { app } = await openSettings({
        'PATCH /api/v1/loyalty-config': async (request) => {
          body = await request.json();
          return json({ data: { ...CONFIG, points_expiry_months: null } });
        },
      });
      await app.user.click(await screen.findByRole('radio', { name: 'Never' }));
      expect(screen.queryByLabelText(MONTHS)).not.toBeInTheDocument();
      await app.user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(body).toEqual({ points_expiry_months: null }));
      expect(await screen.findByText('Loyalty settings saved successfully!')).toBeInTheDocument();
      expect(screen.getByRole('radio', { name: 'Never' })).toBeChecked();
      expect(screen.queryByLabelText(MONTHS)).not.toBeInTheDocument();
    });

    it('sends the months as a number when points start to expire (Eastern Arabic digits too)', async () => {
      let body: unknown;
      const { app } = await openSettings({
        'GET /api/v1/loyalty-config': () => json({ data: { ...CONFIG, points_expiry_months: null } }),
        'PATCH /api/v1/loyalty-config': async (request) => {
          body = await request.json();
          return json({ data: { ...CONFIG, points_expiry_months: 12 } });
        },
      });
      expect(await screen.findByRole('radio', { name: 'Never' })).toBeChecked();
      expect(screen.queryByLabelText(MONTHS)).not.toBeInTheDocument();
      await app.user.click(screen.getByRole('radio', { name: 'After a number of months' }));
      await app.user.type(screen.getByLabelText(MONTHS), '١٢');
      await app.user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(body).toEqual({ points_expiry_months: 12 }));
      expect(await screen.findByText('Loyalty settings saved successfully!')).toBeInTheDocument();
      expect(screen.getByLabelText(MONTHS)).toHaveValue('12');
    });

    it('asks for the months rather than sending an empty field', async () => {
      const { app, api } = await openSettings();
      const months = await screen.findByLabelText(MONTHS);
      await app.user.clear(months);
      await app.user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Enter the number of months.')).toBeInTheDocument();
      expect(months).toHaveAttribute('aria-invalid', 'true');
      expect(api.requestsTo('PATCH /api/v1/loyalty-config')).toHaveLength(0);
    });

    it("never clamps: the server's message shows under the field", async () => {
      let body: unknown;
      const { app } = await openSettings({
        'PATCH /api/v1/loyalty-config': async (request) => {
          body = await request.json();
          return json(
            {
              message: 'The given data was invalid.',
              code: 'validation_failed',
              errors: { points_expiry_months: ['Points may expire after 1 to 120 months.'] },
              details: [
                {
                  field: 'points_expiry_months',
                  code: 'expiry_months_range',
                  message: 'Points may expire after 1 to 120 months.',
                },
              ],
            },
            422,
          );
        },
      });
      const months = await screen.findByLabelText(MONTHS);
      await app.user.clear(months);
      await app.user.type(months, '240');
      await app.user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText('Points may expire after 1 to 120 months.')).toBeInTheDocument();
      expect(body).toEqual({ points_expiry_months: 240 });
      expect(months).toHaveValue('240');
      expect(months).toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByText('Loyalty settings saved successfully!')).not.toBeInTheDocument();
    });
  });

  describe('fraud signals', () => {
    const SALES = 'Signal more than this many sales to one customer in a day';
    const VOIDS = 'Signal a cashier voiding more than this percent of its sales in a day';
    const MANUAL = 'Signal a cashier adding more than this many points by hand in a day';

    it('shows the three thresholds, the bounds the server checks and the note', async () => {
      await openSettings();
      const section = await screen.findByTestId('signal-settings');
      expect(within(section).getByRole('heading', { name: 'Fraud signals' })).toBeInTheDocument();
      expect(within(section).getByLabelText(SALES)).toHaveValue('3');
      expect(within(section).getByLabelText(VOIDS)).toHaveValue('5');
      expect(within(section).getByLabelText(MANUAL)).toHaveValue('1000');
      // Each hint's range comes from the generated bounds.ts, not from this form.
      const hints = [
        bounds.LoyaltyConfigRequest.signal_sales_per_customer,
        bounds.LoyaltyConfigRequest.signal_void_percent,
        bounds.LoyaltyConfigRequest.signal_manual_points,
      ].map(({ minimum, maximum }) => {
        const n = (value: number) => value.toLocaleString('en-US');
        return `A whole number from ${n(minimum)} to ${n(maximum)}.`;
      });
      expect(hints).toEqual([
        'A whole number from 1 to 1,000.',
        'A whole number from 0 to 100.',
        'A whole number from 1 to 1,000,000.',
      ]);
      for (const [label, hint] of [
        [SALES, hints[0]],
        [VOIDS, hints[1]],
        [MANUAL, hints[2]],
      ] as const) {
        expect(screen.getByLabelText(label)).toHaveAccessibleDescription(hint);
      }
      expect(screen.getByTestId('signals-note')).toHaveTextContent(
        'Signals are only shown to you; nothing is blocked at the counter.',
      );
    });

    it('sends only the thresholds that changed, as numbers (Eastern Arabic digits too)', async () => {
      let body: unknown;
      const { app } = await openSettings({
        'PATCH /api/v1/loyalty-config': async (request) => {
          body = await request.json();
          return json({ data: { ...CONFIG, signal_sales_per_customer: 5, signal_void_percent: 0 } });
        },
      });
      const sales = await screen.findByLabelText(SALES);
      await app.user.clear(sales);
      await app.user.type(sales, '٥');
      const voids = screen.getByLabelText(VOIDS);
      await app.user.clear(voids);
      await app.user.type(voids, '0');
      await app.user.click(screen.getByRole('button', { name: 'Save' }));
      await waitFor(() => expect(body).toEqual({ signal_sales_per_customer: 5, signal_void_percent: 0 }));
      expect(await screen.findByText('Loyalty settings saved successfully!')).toBeInTheDocument();
      expect(sales).toHaveValue('5');
      expect(voids).toHaveValue('0');
      expect(screen.getByLabelText(MANUAL)).toHaveValue('1000');
    });

    it("never clamps: the server's message shows under the field", async () => {
      let body: unknown;
      const message = 'A cashier may void 0 to 100 percent of its sales before a signal.';
      const { app } = await openSettings({
        'PATCH /api/v1/loyalty-config': async (request) => {
          body = await request.json();
          return json(
            {
              message: 'The given data was invalid.',
              code: 'validation_failed',
              errors: { signal_void_percent: [message] },
              details: [{ field: 'signal_void_percent', code: 'signal_void_percent_range', message }],
            },
            422,
          );
        },
      });
      const voids = await screen.findByLabelText(VOIDS);
      await app.user.clear(voids);
      await app.user.type(voids, '150');
      await app.user.click(screen.getByRole('button', { name: 'Save' }));
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(body).toEqual({ signal_void_percent: 150 });
      expect(voids).toHaveValue('150');
      expect(voids).toHaveAttribute('aria-invalid', 'true');
      expect(screen.getByLabelText(SALES)).not.toHaveAttribute('aria-invalid', 'true');
      expect(screen.queryByText('Loyalty settings saved successfully!')).not.toBeInTheDocument();
    });

    it('speaks Arabic', async () => {
      await openSettings({}, 'ar');
      const section = await screen.findByTestId('signal-settings');
      expect(within(section).getByRole('heading', { name: 'مؤشرات الاحتيال' })).toBeInTheDocument();
      expect(
        within(section).getByLabelText(
          'أظهر مؤشرًا عند أكثر من هذا العدد من عمليات البيع لعميل واحد في اليوم',
        ),
      ).toHaveValue('3');
      expect(
        within(section).getByLabelText(
          'أظهر مؤشرًا عندما يلغي الكاشير أكثر من هذه النسبة المئوية من مبيعاته في اليوم',
        ),
      ).toHaveValue('5');
      expect(
        within(section).getByLabelText(
          'أظهر مؤشرًا عندما يضيف الكاشير يدويًا أكثر من هذا العدد من النقاط في اليوم',
        ),
      ).toHaveAccessibleDescription('عدد صحيح من 1 إلى 1,000,000.');
      expect(screen.getByTestId('signals-note')).toHaveTextContent(
        'تُعرض المؤشرات لك وحدك، ولا يُمنع أي شيء عند نقطة البيع.',
      );
    });
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
