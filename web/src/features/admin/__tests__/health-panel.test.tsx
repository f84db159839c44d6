import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { splitUptime } from '../components/health-panel';
import { adminRoutes, makeOverview } from './fixtures';

async function openDashboard(language: 'en' | 'ar', overview = makeOverview()) {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  mockApi(adminRoutes({}, overview));
  renderApp('/dashboard');
  return screen.findByTestId('health-panel', {}, { timeout: 5000 });
}

describe('admin overview', () => {
  it('shows the four live figures, revenue in LYD', async () => {
    await openDashboard('en');
    expect(screen.getByTestId('admin-card-users-value')).toHaveTextContent('12');
    expect(screen.getByTestId('admin-card-stores-value')).toHaveTextContent('4');
    expect(screen.getByTestId('admin-card-transactions-value')).toHaveTextContent('57');
    expect(screen.getByTestId('admin-card-revenue-value')).toHaveTextContent(/LYD\s*1,234\.500/);
  });

  it('renders the health panel from the server answer', async () => {
    const panel = await openDashboard('en');
    expect(within(panel).getByTestId('health-status')).toHaveTextContent('All systems operational');
    expect(within(panel).getByTestId('health-database')).toHaveTextContent('Online');
    expect(within(panel).getByTestId('health-database')).toHaveTextContent('1.4 ms');
    expect(within(panel).getByTestId('health-api')).toHaveTextContent('Version 0.1.0');
    expect(within(panel).getByTestId('health-uptime')).toHaveTextContent('1 d 2 h');
  });

  it('shows an unreachable database and a degraded server', async () => {
    const panel = await openDashboard(
      'en',
      makeOverview({
        health: {
          status: 'degraded',
          version: '0.2.0',
          uptime_seconds: 30,
          database: { reachable: false, latency_ms: null },
        },
      }),
    );
    expect(within(panel).getByTestId('health-status')).toHaveTextContent('Degraded');
    expect(within(panel).getByTestId('health-database')).toHaveTextContent('Unreachable');
    expect(within(panel).getByTestId('health-database')).not.toHaveTextContent('ms');
  });

  it('describes recent activity in Arabic with relative times', async () => {
    const now = Date.now();
    await openDashboard(
      'ar',
      makeOverview({
        recent_activity: [
          {
            id: 1,
            type: 'invoice',
            kind: 'invoice_created',
            created_at: new Date(now - 5 * 60_000).toISOString(),
            store: { id: 7, name: 'Ben Ali' },
            pos_user: { id: 3, name: 'Salem' },
            details: { customer: 'Fatima', total: '25.000', points: '25' },
          },
        ],
      }),
    );
    const item = screen.getByTestId('activity-item');
    expect(item).toHaveTextContent('فاتورة للعميل');
    expect(item).toHaveTextContent('Fatima');
    expect(item).toHaveTextContent('Salem');
    expect(item).toHaveTextContent('منذ 5 دقائق');
  });

  it('names the product, not a customer, for points that expired', async () => {
    await openDashboard(
      'en',
      makeOverview({
        recent_activity: [
          {
            id: 2,
            type: 'customer',
            kind: 'points_expired',
            created_at: new Date(Date.now() - 60 * 60_000).toISOString(),
            store: { id: 7, name: 'Ben Ali' },
            pos_user: null,
            details: { customers: '1', points: '120' },
          },
        ],
      }),
    );
    const item = screen.getByTestId('activity-item');
    expect(item.textContent?.replace(/[\u2066-\u2069]/g, '')).toContain('120 points of 1 customer expired');
    expect(item).toHaveTextContent('Automatic');
    expect(item).not.toHaveTextContent('self sign-up');
  });

  it('splits uptime into days, hours and minutes', () => {
    expect(splitUptime(93_780)).toEqual({ days: 1, hours: 2, minutes: 3 });
    expect(splitUptime(-5)).toEqual({ days: 0, hours: 0, minutes: 0 });
  });
});
