import { screen, within } from '@testing-library/react';
import type * as Charts from '@mantine/charts';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { Liability } from '../types';
import { ownerRoutes, store } from './fixtures';

// jsdom has no layout, so recharts draws nothing: the chart is replaced by what it was given.
vi.mock('@mantine/charts', async (importOriginal) => ({
  ...(await importOriginal<typeof Charts>()),
  BarChart: ({
    series,
    data,
  }: {
    series: { name: string; label: string }[];
    data: Record<string, string | number>[];
  }) => (
    <ul data-testid="bar-chart">
      {series.map((s) => (
        <li key={s.name} data-series={s.name}>
          {s.label}: {data.map((row) => row[s.name]).join(' ')}
        </li>
      ))}
    </ul>
  ),
}));

const months = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  earned: 100 * (i + 1),
  redeemed: 10 * i,
  expired: i % 3 === 0 ? 5 * i : 0,
}));

function liability(pointValue: string | null, owed = 0): Liability {
  const expiring = [
    { days: 7, points: 120, value: pointValue ? '6.000' : null, customers: 1 },
    { days: 30, points: 1_450, value: pointValue ? '72.500' : null, customers: 3 },
    { days: 90, points: 5_000, value: pointValue ? '250.000' : null, customers: 9 },
  ];
  return {
    point_value: pointValue,
    outstanding_points: 24_690,
    outstanding_value: pointValue ? '1234.500' : null,
    points_owed: owed,
    stores: [
      {
        store: { id: store.id, name: store.name },
        points: 24_690,
        points_owed: owed,
        value: pointValue ? '1234.500' : null,
        expiring,
      },
    ],
    months,
    expiring,
    expiring_customers: [
      {
        customer_id: 41,
        name: 'Salma',
        phone: '+218913000101',
        store: { id: store.id, name: store.name },
        points: 120,
        last_day: '2026-12-20',
      },
      {
        customer_id: 42,
        name: 'Omar',
        phone: null,
        store: { id: store.id, name: store.name },
        points: 1_330,
        last_day: '2026-12-24',
      },
    ],
    expiring_customers_total: 3,
  };
}

describe('Points owed tab', () => {
  it.each(['en', 'ar'] as const)('shows the server’s points and their value (%s)', async (language) => {
    await i18n.changeLanguage(language);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi(ownerRoutes({ 'GET /api/v1/store-owner/liability': () => json({ data: liability('5.000') }) }));
    renderApp('/dashboard?tab=liability');
    expect(await screen.findByTestId('liability-points-value')).toHaveTextContent('24,690');
    expect(screen.getByTestId('liability-value-value')).toHaveTextContent('1,234.500');
    expect(screen.getByTestId('liability-rate')).toHaveTextContent('5.000');
    const row = within(screen.getByTestId('liability-stores')).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent(store.name);
    expect(row).toHaveTextContent('1,234.500');
    expect(screen.queryByTestId('liability-no-value')).not.toBeInTheDocument();
    expect(screen.queryByTestId('liability-owed')).not.toBeInTheDocument();
  });

  it.each([
    ['en', 'Customers owe 1,250 points after returns'],
    ['ar', 'يدين العملاء بـ 1,250 نقطة بعد إرجاع بضائع'],
  ] as const)('says apart what customers owe after returns (%s)', async (language, said) => {
    await i18n.changeLanguage(language);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi(
      ownerRoutes({ 'GET /api/v1/store-owner/liability': () => json({ data: liability('5.000', 1_250) }) }),
    );
    renderApp('/dashboard?tab=liability');
    expect(await screen.findByTestId('liability-owed')).toHaveTextContent(said);
    expect(screen.getByTestId('liability-points-value')).toHaveTextContent('24,690');
  });

  it.each([
    ['en', ['Earned by sales', 'Redeemed', 'Expired']],
    ['ar', ['مكتسبة من المبيعات', 'مستبدلة', 'انتهت صلاحيتها']],
  ] as const)('draws earned, redeemed and expired points per month (%s)', async (language, legend) => {
    await i18n.changeLanguage(language);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi(ownerRoutes({ 'GET /api/v1/store-owner/liability': () => json({ data: liability('5.000') }) }));
    renderApp('/dashboard?tab=liability');
    const chart = await screen.findByTestId('liability-chart');
    expect(chart).toHaveTextContent(
      language === 'en'
        ? 'Points earned, redeemed and expired per month'
        : 'النقاط المكتسبة والمستبدلة والمنتهية صلاحيتها كل شهر',
    );
    const series = within(chart).getAllByRole('listitem');
    expect(series.map((item) => item.getAttribute('data-series'))).toEqual(['earned', 'redeemed', 'expired']);
    expect(series.map((item) => item.textContent?.split(':')[0])).toEqual(legend);
    // The server's expired points per month, in the months' order.
    expect(series[2]).toHaveTextContent(`${legend[2]}: ${months.map((m) => m.expired).join(' ')}`);
  });

  it('says how to give points a value when they have none, and shows no LYD', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi(ownerRoutes({ 'GET /api/v1/store-owner/liability': () => json({ data: liability(null) }) }));
    renderApp('/dashboard?tab=liability');
    expect(await screen.findByTestId('liability-no-value')).toHaveTextContent(
      'Set the value of 100 points in Settings',
    );
    expect(screen.getByTestId('liability-value-value')).toHaveTextContent('-');
    const header = within(screen.getByTestId('liability-stores')).getAllByRole('columnheader');
    expect(header.map((h) => h.textContent)).toEqual(['Store', 'Points', 'Expiring within 30 days']);
  });

  it.each(['en', 'ar'] as const)(
    'shows what expires in the next 7, 30 and 90 days and whom to remind (%s)',
    async (language) => {
      await i18n.changeLanguage(language);
      window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
      mockApi(ownerRoutes({ 'GET /api/v1/store-owner/liability': () => json({ data: liability('5.000') }) }));
      renderApp('/dashboard?tab=liability');
      const card = await screen.findByTestId('expiring-points');
      expect(within(card).getByTestId('expiring-7-value')).toHaveTextContent('120');
      expect(within(card).getByTestId('expiring-30-value')).toHaveTextContent('1,450');
      expect(within(card).getByTestId('expiring-30-hint')).toHaveTextContent('72.500');
      expect(within(card).getByTestId('expiring-90-value')).toHaveTextContent('5,000');
      const rows = within(within(card).getByTestId('expiring-customers')).getAllByRole('row');
      expect(rows).toHaveLength(3);
      // The date is the last day the points can be used, and says so.
      expect(rows[1]).toHaveTextContent(language === 'en' ? 'Usable through' : 'صالحة حتى نهاية');
      expect(rows[1]).toHaveTextContent('20');
      expect(
        within(card).getByText(language === 'en' ? /And 1 more customers/ : /و1 عملاء آخرون/),
      ).toBeInTheDocument();
      // The dashboard says it above the tabs, with the way here.
      const soon = screen.getByTestId('expiring-soon');
      expect(soon).toHaveTextContent('1,450');
      expect(soon).toHaveTextContent('72.500');
    },
  );

  it('says nothing on the dashboard when nothing expires within the month', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    const none = {
      ...liability(null),
      expiring: [7, 30, 90].map((days) => ({ days, points: 0, value: null, customers: 0 })),
      expiring_customers: [],
      expiring_customers_total: 0,
    };
    mockApi(ownerRoutes({ 'GET /api/v1/store-owner/liability': () => json({ data: none }) }));
    renderApp('/dashboard?tab=liability');
    expect(await screen.findByTestId('expiring-none')).toHaveTextContent(
      'No points expire in the next 30 days.',
    );
    expect(screen.queryByTestId('expiring-soon')).not.toBeInTheDocument();
  });
});
