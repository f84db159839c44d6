import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi, type Routes } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ownerRoutes, subscriptionWith } from './fixtures';

beforeEach(() => window.sessionStorage.clear());

async function openSubscriptionTab(extra: Routes = {}, language: 'en' | 'ar' = 'en') {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(ownerRoutes(extra));
  const app = renderApp('/dashboard');
  await screen.findByTestId('owner-stores');
  await app.user.click(screen.getByRole('tab', { name: language === 'en' ? 'Subscription' : 'الاشتراك' }));
  await screen.findByTestId('active-subscription');
  return { app, api };
}

describe('redeem a subscription code', () => {
  it('says an empty code cannot be redeemed, without asking the server', async () => {
    const { app, api } = await openSubscriptionTab();
    const input = screen.getByLabelText('Subscription code');
    await app.user.type(input, '    {Enter}');
    expect(await screen.findByText('Redemption code cannot be empty.')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v1/redemption-cards/redeem')).toHaveLength(0);
  });

  it('submits the trimmed code with Enter and shows the new plan', async () => {
    const { app, api } = await openSubscriptionTab({
      'POST /api/v1/redemption-cards/redeem': () => json({ data: subscriptionWith(390, false) }),
    });
    await app.user.type(screen.getByLabelText('Subscription code'), '  K7M2Q9XHT4WD {Enter}');
    expect(await screen.findByText('Subscription activated successfully!')).toBeInTheDocument();
    const [request] = api.requestsTo('POST /api/v1/redemption-cards/redeem');
    expect(await request!.clone().json()).toEqual({ code: 'K7M2Q9XHT4WD' });
    await waitFor(() => expect(screen.queryByTestId('expiration-ribbon')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Subscription code')).toHaveValue('');
  });

  it('shows the server message under the input', async () => {
    const { app } = await openSubscriptionTab({
      'POST /api/v1/redemption-cards/redeem': () =>
        json({ message: 'This redemption code has already been used.', code: 'card_already_redeemed' }, 409),
    });
    await app.user.type(screen.getByLabelText('Subscription code'), 'K7M2Q9XHT4WD');
    await app.user.click(screen.getByRole('button', { name: 'Redeem Code' }));
    const message = await screen.findByText('This redemption code has already been used.');
    expect(screen.getByLabelText('Subscription code')).toHaveAccessibleDescription(message.textContent!);
  });

  it('limits the code to 50 characters', async () => {
    await openSubscriptionTab();
    expect(screen.getByLabelText('Subscription code')).toHaveAttribute('maxLength', '50');
  });

  it('speaks Arabic', async () => {
    const { app } = await openSubscriptionTab({}, 'ar');
    await app.user.type(screen.getByLabelText('رمز الاشتراك'), '{Enter}');
    expect(await screen.findByText('لا يمكن أن يكون رمز الاستبدال فارغًا.')).toBeInTheDocument();
  });
});

describe('without a plan', () => {
  it('says there is no active subscription and still offers the code input', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi(ownerRoutes({}, subscriptionWith(0)));
    const app = renderApp('/dashboard');
    await screen.findByTestId('owner-stores');
    await app.user.click(screen.getByRole('tab', { name: 'Subscription' }));
    expect(await screen.findByTestId('no-subscription')).toHaveTextContent(
      'You have no active subscription.',
    );
    expect(screen.getByLabelText('Subscription code')).toBeInTheDocument();
    expect(screen.getByText('How it works')).toBeInTheDocument();
  });
});
