import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi, type Routes } from '@/testing/mock-api';
import { plain } from '@/testing/pos-fixtures';
import { renderApp } from '@/testing/render-app';
import { RIBBON_DISMISS_KEY, ribbonBand, ribbonVisible } from '../ribbon';
import { ownerRoutes, subscriptionWith } from './fixtures';

beforeEach(() => window.sessionStorage.clear());

describe('expiration ribbon rules', () => {
  it.each([
    [0, false, null],
    [1, true, 'soon'],
    [7, true, 'soon'],
    [8, true, 'twoWeeks'],
    [14, true, 'twoWeeks'],
    [15, true, 'oneMonth'],
    [30, true, 'oneMonth'],
    [31, false, null],
  ] as const)('%i days left: visible %s, band %s', (days, visible, band) => {
    expect(ribbonVisible(days, false)).toBe(visible);
    if (band) expect(ribbonBand(days)).toBe(band);
  });

  it('stays hidden once dismissed', () => {
    expect(ribbonVisible(5, true)).toBe(false);
  });
});

async function openDashboard(days: number, autoRenew = false) {
  await i18n.changeLanguage('en');
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  mockApi(ownerRoutes({}, subscriptionWith(days, autoRenew)));
  const app = renderApp('/dashboard');
  await screen.findByTestId('owner-dashboard');
  await screen.findByTestId('owner-stores');
  return app;
}

describe('expiration ribbon on the dashboard', () => {
  it.each([
    [3, 'soon', 'Your subscription expires soon, in 3 days'],
    [10, 'twoWeeks', 'Your subscription expires in two weeks, in 10 days'],
    [25, 'oneMonth', 'Your subscription expires in one month, in 25 days'],
  ] as const)('words %i days as %s', async (days, band, wording) => {
    await openDashboard(days);
    const ribbon = await screen.findByTestId('expiration-ribbon');
    expect(ribbon).toHaveAttribute('data-band', band);
    expect(ribbon).toHaveTextContent(wording);
    expect(ribbon).toHaveTextContent('Dec 17, 2026');
    expect(ribbon).toHaveTextContent('Auto-renew is disabled');
  });

  it.each([
    [1, 'en', 'in 1 day ('],
    [6, 'ar', 'بقي 6 أيام ('],
    [25, 'ar', 'بقي 25 يومًا ('],
    [1, 'ar', 'بقي يوم واحد ('],
    [2, 'ar', 'بقي يومان ('],
    [11, 'ar', 'بقي 11 يومًا ('],
  ] as const)('counts %i days the %s way', async (days, language, wording) => {
    await i18n.changeLanguage(language);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi(ownerRoutes({}, subscriptionWith(days)));
    renderApp('/dashboard');
    expect(await screen.findByTestId('expiration-ribbon')).toHaveTextContent(wording);
  });

  it('mentions auto-renew when it is on', async () => {
    await openDashboard(20, true);
    expect(await screen.findByTestId('expiration-ribbon')).toHaveTextContent('Auto-renew is enabled.');
  });

  it.each([0, 31])('is not shown with %i days left', async (days) => {
    await openDashboard(days);
    await waitFor(() => expect(screen.getByTestId('card-revenue-value')).toHaveTextContent('762.650'));
    expect(screen.queryByTestId('expiration-ribbon')).not.toBeInTheDocument();
  });

  it('is dismissed for the session', async () => {
    const app = await openDashboard(25);
    await app.user.click(await screen.findByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('expiration-ribbon')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem(RIBBON_DISMISS_KEY)).toBe('1');
  });

  it('stays hidden when dismissed earlier in the session', async () => {
    window.sessionStorage.setItem(RIBBON_DISMISS_KEY, '1');
    await openDashboard(5);
    await waitFor(() => expect(screen.getByTestId('card-revenue-value')).toHaveTextContent('762.650'));
    expect(screen.queryByTestId('expiration-ribbon')).not.toBeInTheDocument();
  });

  it('Renew now opens the subscription tab with the code input focused', async () => {
    const app = await openDashboard(25);
    await app.user.click(await screen.findByRole('button', { name: 'Renew now' }));
    expect(screen.getByRole('tab', { name: 'Subscription' })).toHaveAttribute('aria-selected', 'true');
    const input = await screen.findByLabelText('Subscription code');
    await waitFor(() => expect(input).toHaveFocus());
  });
});

describe('expiration ribbon with a plan queued after this one', () => {
  function queued(storeLimit: number): Routes {
    const status = subscriptionWith(10);
    return {
      'GET /api/v1/subscriptions/status': () =>
        json({
          data: {
            ...status,
            // The server's count of stores beyond the queued package's limit.
            stores_over_next_limit: Math.max(0, status.current_store_count - storeLimit),
            next_subscription: {
              package: { id: 2, name: 'Basic', store_limit: storeLimit, duration_months: 1, price: '30.000' },
              starts_at: '2026-12-17T00:00:00Z',
              end_date: '2027-01-17T00:00:00Z',
              auto_renew: false,
            },
          },
        }),
    };
  }

  async function open(storeLimit: number, language: 'en' | 'ar' = 'en') {
    await i18n.changeLanguage(language);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi(ownerRoutes(queued(storeLimit), subscriptionWith(10)));
    renderApp('/dashboard');
    return screen.findByTestId('expiration-ribbon');
  }

  it('says the next plan starts on its day instead of "Renew now"', async () => {
    const ribbon = await open(10);
    expect(plain(ribbon)).toContain('Your current plan ends in 10 days');
    expect(plain(ribbon)).toContain('Your next plan, Basic, is queued and starts on Dec 17, 2026');
    expect(within(ribbon).queryByRole('button', { name: 'Renew now' })).toBeNull();
    expect(ribbon).not.toHaveTextContent('Renew');
    expect(ribbon).not.toHaveTextContent('Auto-renew is disabled');
    expect(within(ribbon).queryByTestId('queued-plan-over-limit')).toBeNull();
  });

  it('tells the owner by how many stores they will be over the queued plan, from its day', async () => {
    const ribbon = await open(1);
    expect(plain(within(ribbon).getByTestId('queued-plan-over-limit'))).toBe(
      'From Dec 17, 2026 you will be over its limit by 1 store: Basic allows 1 store and you have 2 stores. The stores keep working, but none can be added. Before then, delete the stores you no longer need (only a store without customers or sales can go), or redeem a code for a larger plan.',
    );
  });

  it('says the same over-limit warning beside the next plan in the subscription tab', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi(ownerRoutes(queued(1)));
    renderApp('/dashboard?tab=subscription');
    const next = await screen.findByTestId('next-subscription');
    expect(plain(within(next).getByTestId('queued-plan-over-limit'))).toMatch(
      /^From Dec 17, 2026 you will be over its limit by 1 store/,
    );
  });

  it('says it in Arabic', async () => {
    const ribbon = await open(1, 'ar');
    expect(plain(ribbon)).toContain('باقتك التالية Basic بانتظار البدء، وتبدأ في');
    expect(plain(ribbon)).toContain('ستتجاوز حدّها بـمتجر واحد: تسمح Basic بـمتجر واحد ولديك متجران.');
    expect(within(ribbon).queryByRole('button', { name: 'جدّد الآن' })).toBeNull();
  });
});
