import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi, type Routes } from '@/testing/mock-api';
import { plain } from '@/testing/pos-fixtures';
import { renderApp } from '@/testing/render-app';
import { ownerRoutes, previewOf, subscriptionWith } from './fixtures';

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

  it('submits the trimmed code with Enter: a card for the same plan extends it at once', async () => {
    const { app, api } = await openSubscriptionTab({
      'POST /api/v1/redemption-cards/preview': () => json({ data: previewOf('extend') }),
      'POST /api/v1/redemption-cards/redeem': () => json({ data: subscriptionWith(390, false) }),
    });
    await app.user.type(screen.getByLabelText('Subscription code'), '  K7M2Q9XHT4WD {Enter}');
    expect(await screen.findByText('Subscription activated successfully!')).toBeInTheDocument();
    expect(screen.queryByTestId('plan-change')).not.toBeInTheDocument();
    const [asked] = api.requestsTo('POST /api/v1/redemption-cards/preview');
    expect(await asked!.clone().json()).toEqual({ code: 'K7M2Q9XHT4WD' });
    const [request] = api.requestsTo('POST /api/v1/redemption-cards/redeem');
    expect(await request!.clone().json()).toEqual({ code: 'K7M2Q9XHT4WD', mode: 'queue' });
    await waitFor(() => expect(screen.queryByTestId('expiration-ribbon')).not.toBeInTheDocument());
    expect(screen.getByLabelText('Subscription code')).toHaveValue('');
  });

  it('shows the server message under the input', async () => {
    const { app } = await openSubscriptionTab({
      'POST /api/v1/redemption-cards/preview': () =>
        json({ message: 'This redemption code has already been used.', code: 'card_already_redeemed' }, 409),
    });
    await app.user.type(screen.getByLabelText('Subscription code'), 'K7M2Q9XHT4WD');
    await app.user.click(screen.getByRole('button', { name: 'Redeem Code' }));
    const message = await screen.findByText('This redemption code has already been used.');
    expect(screen.getByLabelText('Subscription code')).toHaveAccessibleDescription(message.textContent!);
  });

  it("shows the field's own message for an unknown code, not the generic line", async () => {
    const { app } = await openSubscriptionTab({
      'POST /api/v1/redemption-cards/preview': () =>
        json(
          {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { code: ['This redemption code is not valid.'] },
          },
          422,
        ),
    });
    await app.user.type(screen.getByLabelText('Subscription code'), 'NOPE{Enter}');
    expect(await screen.findByText('This redemption code is not valid.')).toBeInTheDocument();
    expect(screen.queryByText('The given data was invalid.')).not.toBeInTheDocument();
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

describe('a card for another plan', () => {
  it('asks first: by default the new plan waits for the current one, and nothing is lost', async () => {
    const { app, api } = await openSubscriptionTab({
      'POST /api/v1/redemption-cards/preview': () => json({ data: previewOf('another', 1) }),
      'POST /api/v1/redemption-cards/redeem': () =>
        json({
          data: {
            ...subscriptionWith(25),
            stores_over_next_limit: 1,
            next_subscription: {
              package: { id: 2, name: 'Basic', store_limit: 1, duration_months: 1, price: '30.000' },
              starts_at: '2026-12-17T00:00:00Z',
              end_date: '2027-01-17T00:00:00Z',
              auto_renew: false,
            },
          },
        }),
    });
    await app.user.type(screen.getByLabelText('Subscription code'), 'BASICCARD001{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the plan change' });
    expect(api.requestsTo('POST /api/v1/redemption-cards/redeem')).toHaveLength(0);
    expect(plain(dialog)).toContain('New plan: Basic, 1 store.');
    expect(within(dialog).getByTestId('stores-over-limit')).toHaveTextContent(
      'This plan allows 1 store and there are 2 stores.',
    );
    expect(plain(within(dialog).getByTestId('plan-choice-queue'))).toContain('No paid day is lost.');
    expect(plain(within(dialog).getByTestId('plan-choice-switch'))).toContain(
      'The 25 days left on the current plan are given up.',
    );
    // The dismiss button keeps the plan; it is never a second "Cancel".
    expect(within(dialog).getByRole('button', { name: 'Keep the current plan' })).toBeInTheDocument();

    await app.user.click(within(dialog).getByRole('button', { name: 'Start after the current plan' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [request] = api.requestsTo('POST /api/v1/redemption-cards/redeem');
    expect(await request!.clone().json()).toEqual({ code: 'BASICCARD001', mode: 'queue' });
    await waitFor(() =>
      expect(plain(screen.getByTestId('toasts'))).toContain('The new plan Basic starts on'),
    );
    expect(plain(await screen.findByTestId('next-subscription'))).toContain('Basic');
  });

  it('switching now is a separate choice whose confirmation names the days given up', async () => {
    const { app, api } = await openSubscriptionTab({
      'POST /api/v1/redemption-cards/preview': () => json({ data: previewOf('another') }),
      'POST /api/v1/redemption-cards/redeem': () => json({ data: subscriptionWith(30) }),
    });
    await app.user.type(screen.getByLabelText('Subscription code'), 'BASICCARD001{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Confirm the plan change' });
    await app.user.click(within(dialog).getByRole('button', { name: 'Switch now…' }));
    expect(plain(within(dialog).getByTestId('plan-change-confirm-switch'))).toContain(
      'Switch to Basic now? The 25 days left on the current plan are given up.',
    );
    expect(api.requestsTo('POST /api/v1/redemption-cards/redeem')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Switch now and give up 25 days' }));
    await waitFor(() => expect(api.requestsTo('POST /api/v1/redemption-cards/redeem')).toHaveLength(1));
    const [request] = api.requestsTo('POST /api/v1/redemption-cards/redeem');
    expect(await request!.clone().json()).toEqual({ code: 'BASICCARD001', mode: 'switch_now' });
  });

  it('"Keep the current plan" changes nothing; Arabic counts the days', async () => {
    const { app, api } = await openSubscriptionTab(
      { 'POST /api/v1/redemption-cards/preview': () => json({ data: previewOf('another') }) },
      'ar',
    );
    await app.user.type(screen.getByLabelText('رمز الاشتراك'), 'BASICCARD001{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'تأكيد تغيير الباقة' });
    expect(plain(within(dialog).getByTestId('plan-choice-switch'))).toContain('25 يومًا');
    await app.user.click(within(dialog).getByRole('button', { name: 'إبقاء الباقة الحالية' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/v1/redemption-cards/redeem')).toHaveLength(0);
  });
});

describe('cancelling the plan', () => {
  it('says what it costs and offers "Go back" beside "Cancel Subscription"', async () => {
    const { app, api } = await openSubscriptionTab();
    await app.user.click(screen.getByRole('button', { name: 'Cancel Subscription' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The plan ends today and its 25 days left are given up');
    expect(within(dialog).queryByRole('button', { name: 'Cancel' })).not.toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'Go back' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/v1/subscriptions/cancel')).toHaveLength(0);
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
