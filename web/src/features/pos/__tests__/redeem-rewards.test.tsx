import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { apiError, json, mockApi } from '@/testing/mock-api';
import {
  cashierRoutes,
  makeCustomer,
  customerBody,
  makeRedemptionDone,
  makeReward,
} from '@/testing/pos-fixtures';
import { renderApp } from '@/testing/render-app';

const coffee = makeReward({ id: 1, name: 'Free coffee', points_required: 50 });
const voucher = makeReward({
  id: 3,
  name: '20 LYD voucher',
  description: null,
  type: 'cash',
  points_required: 250,
});
const fatima = makeCustomer({ id: 1, loyalty_points: 120 });

async function openRedeemPage(extra: Parameters<typeof cashierRoutes>[0] = {}, language: 'en' | 'ar' = 'en') {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(
    cashierRoutes({
      'GET /api/v1/customers/1': () => json(customerBody(fatima)),
      'GET /api/v1/rewards': () => json({ data: [coffee, voucher] }),
      ...extra,
    }),
  );
  const app = renderApp('/redeem-rewards?customer_id=1');
  await screen.findByTestId('selected-customer');
  return { app, api };
}

const cardOf = async (name: string) =>
  (await screen.findAllByTestId('reward-card')).find((card) => card.textContent?.includes(name))!;

describe('redeem-rewards form', () => {
  it('asks for a customer first', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi(cashierRoutes({ 'GET /api/v1/rewards': () => json({ data: [coffee] }) }));
    renderApp('/redeem-rewards');
    expect(await screen.findByText('Please select a customer first')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Redeem Now' })).not.toBeInTheDocument();
  });

  it('offers Redeem Now when the points suffice and a disabled Insufficient Points otherwise', async () => {
    await openRedeemPage();
    const coffeeCard = await cardOf('Free coffee');
    expect(coffeeCard).toHaveTextContent('50 pts');
    expect(within(coffeeCard).getByRole('button', { name: 'Redeem Now' })).toBeEnabled();

    const voucherCard = await cardOf('20 LYD voucher');
    expect(voucherCard).toHaveTextContent('250 pts');
    expect(within(voucherCard).getByRole('button', { name: 'Insufficient Points' })).toBeDisabled();
    expect(screen.getByTestId('selected-customer')).toHaveTextContent('120');
    expect(screen.getByTestId('selected-customer')).toHaveTextContent('points available');
  });

  it('reads Redeeming... while redeeming, then says so and updates the balance', async () => {
    let answer: (response: Response) => void = () => {};
    const { app, api } = await openRedeemPage({
      'POST /api/v1/redemptions': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await app.user.click(within(await cardOf('Free coffee')).getByRole('button', { name: 'Redeem Now' }));

    const busy = await screen.findByRole('button', { name: 'Redeeming...' });
    expect(busy).toBeDisabled();
    expect(within(await cardOf('20 LYD voucher')).getByRole('button')).toBeDisabled();

    const [request] = api.requestsTo('POST /api/v1/redemptions');
    expect(request!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await request!.clone().json()).toEqual({ customer_id: 1, reward_id: 1 });

    answer(json({ data: makeRedemptionDone(50, 70, coffee) }, 201));
    expect(await screen.findByText('Reward redeemed successfully! 50 points deducted.')).toBeInTheDocument();
    expect(screen.getByText('Success!')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('selected-customer-points')).toHaveTextContent('70'));
    expect(within(await cardOf('Free coffee')).getByRole('button', { name: 'Redeem Now' })).toBeEnabled();
  });

  it('shows the server message in the error banner', async () => {
    const { app } = await openRedeemPage({
      'POST /api/v1/redemptions': () =>
        apiError(409, 'Customer has insufficient points for this reward', 'insufficient_points'),
    });
    await app.user.click(within(await cardOf('Free coffee')).getByRole('button', { name: 'Redeem Now' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error:');
    expect(alert).toHaveTextContent('Customer has insufficient points for this reward');
  });

  it('says when there are no rewards', async () => {
    await openRedeemPage({ 'GET /api/v1/rewards': () => json({ data: [] }) });
    expect(await screen.findByText('No rewards available at the moment.')).toBeInTheDocument();
  });

  it('speaks Arabic', async () => {
    await openRedeemPage({}, 'ar');
    expect(within(await cardOf('Free coffee')).getByRole('button', { name: 'استبدل الآن' })).toBeEnabled();
    expect(
      within(await cardOf('20 LYD voucher')).getByRole('button', { name: 'النقاط غير كافية' }),
    ).toBeDisabled();
  });
});
