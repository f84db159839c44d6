import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi } from '@/testing/mock-api';
import {
  cashierRoutes,
  invoiceActivity,
  makePointsRedemptionDone,
  plain,
  redemptionActivity,
} from '@/testing/pos-fixtures';
import { renderApp } from '@/testing/render-app';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function openActivity(items: unknown[], language: 'en' | 'ar' = 'en') {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(cashierRoutes({ 'GET /api/v1/pos/activity': () => json({ data: items }) }));
  const app = renderApp('/dashboard');
  await app.user.click(await screen.findByTestId('tile-recentActivity', {}, { timeout: 5000 }));
  return { app, api };
}

describe('recent activity panel', () => {
  it('describes invoices and redemptions with the staff name and a relative time', async () => {
    await openActivity([
      invoiceActivity(minutesAgo(0), 25, 'Salem'),
      redemptionActivity(minutesAgo(5), 50, 'Free coffee'),
      invoiceActivity(minutesAgo(3 * 60), 1, 'Huda'),
    ]);
    const items = await screen.findAllByTestId('activity-item');
    expect(items).toHaveLength(3);
    expect(plain(items[0])).toContain('New invoice created');
    expect(plain(items[0])).toContain('Customer earned 25 points by Salem');
    expect(plain(items[0])).toContain('Just now');
    expect(plain(items[1])).toContain('Reward redeemed');
    expect(plain(items[1])).toContain('Free coffee claimed for 50 points by Salem');
    expect(plain(items[1])).toContain('5 minutes ago');
    expect(plain(items[2])).toContain('Customer earned 1 point by Huda');
    expect(plain(items[2])).toContain('3 hours ago');
  });

  it('describes points used as a discount with what they were worth', async () => {
    const done = makePointsRedemptionDone(333, 0, '16.650');
    await openActivity([
      { type: 'redemption', created_at: minutesAgo(1), invoice: null, redemption: done.redemption },
    ]);
    const [item] = await screen.findAllByTestId('activity-item');
    expect(plain(item)).toContain('Points used as a discount');
    expect(plain(item)).toContain('LYD 16.650 off for 333 points by Salem');
  });

  it('says when there is nothing yet, and reloads on Refresh Activity', async () => {
    const { app, api } = await openActivity([]);
    expect(await screen.findByText('No recent activity')).toBeInTheDocument();
    await app.user.click(screen.getByRole('button', { name: 'Refresh Activity' }));
    await waitFor(() => expect(api.requestsTo('GET /api/v1/pos/activity')).toHaveLength(2));
  });

  it('speaks Arabic', async () => {
    await openActivity([redemptionActivity(minutesAgo(2 * 24 * 60), 50, 'قهوة مجانية')], 'ar');
    const [item] = await screen.findAllByTestId('activity-item');
    expect(plain(item)).toContain('تم استبدال مكافأة');
    expect(plain(item)).toContain('قهوة مجانية مقابل 50 نقطة بواسطة Salem');
    expect(plain(item)).toContain('منذ يومين');
  });

  it('speaks Arabic about points used as a discount', async () => {
    const done = makePointsRedemptionDone(333, 0, '16.650');
    await openActivity(
      [{ type: 'redemption', created_at: minutesAgo(1), invoice: null, redemption: done.redemption }],
      'ar',
    );
    const [item] = await screen.findAllByTestId('activity-item');
    expect(plain(item)).toContain('استُخدمت نقاط كخصم');
    expect(plain(item)).toContain('خصم 16.650 د.ل. مقابل 333 نقطة بواسطة Salem');
  });
});
