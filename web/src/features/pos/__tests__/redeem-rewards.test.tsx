import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { apiError, json, mockApi } from '@/testing/mock-api';
import {
  cashierRoutes,
  makeCustomer,
  customerBody,
  makePointsRedemptionDone,
  makeRedemptionDone,
  makeReward,
  plain,
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
  it("shows the customer's next points to expire under the balance, in Arabic", async () => {
    await openRedeemPage(
      { 'GET /api/v1/customers/1': () => json(customerBody(fatima, {}, { points: 120, on: '2026-12-10' })) },
      'ar',
    );
    const notice = await within(screen.getByTestId('selected-customer')).findByTestId('expiry-notice');
    expect(plain(notice).replace(/\u200f/g, '')).toBe(
      '120 نقطة صالحة حتى نهاية 10/12/2026، ثم تنتهي صلاحيتها',
    );
  });

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

/** The server where 100 points are worth 5 LYD, from 50 points at once, for a balance of 120. */
function pointsPreview(request: Request): Response {
  const points = new URL(request.url).searchParams.get('points');
  const terms = {
    customer_id: 1,
    balance: 120,
    point_value: '5.000',
    min_points: 50,
    balance_value: '6.000',
    points: null,
    value: null,
    balance_after: null,
  };
  if (points === null) return json({ data: terms });
  if (Number(points) < 50) {
    return json(
      {
        message: 'The given data was invalid.',
        code: 'validation_failed',
        errors: { points: ['Use at least 50 points at once.'] },
      },
      422,
    );
  }
  return json({
    data: { ...terms, points: Number(points), value: '3.000', balance_after: 120 - Number(points) },
  });
}

describe('points as a discount', () => {
  it('is offered only where points have a value', async () => {
    const { api } = await openRedeemPage();
    await cardOf('Free coffee');
    await waitFor(() => expect(api.requestsTo('GET /api/v1/redemptions/preview')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByTestId('points-money')).not.toBeInTheDocument();
  });

  it("shows the server's worth and preview, then redeems the points with a key", async () => {
    let answer: (response: Response) => void = () => {};
    const { app, api } = await openRedeemPage({
      'GET /api/v1/redemptions/preview': pointsPreview,
      'POST /api/v1/redemptions': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    const card = await screen.findByTestId('points-money');
    expect(within(card).getByTestId('points-money-worth')).toHaveTextContent('LYD 6.000');
    expect(plain(card)).toContain('100 points = LYD 5.000 · at least 50 points at once');

    const field = within(card).getByLabelText('Points to use');
    await app.user.type(field, '٣٠');
    expect(await within(card).findByText('Use at least 50 points at once.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(within(card).getByRole('button', { name: 'Use as a discount' })).toBeDisabled();

    await app.user.clear(field);
    await app.user.type(field, '٦٠');
    await waitFor(() =>
      expect(plain(within(card).getByTestId('points-money-preview'))).toBe(
        '= LYD 3.000 · balance after: 60 points',
      ),
    );
    await app.user.click(within(card).getByRole('button', { name: 'Use as a discount' }));
    expect(await within(card).findByRole('button', { name: 'Redeeming...' })).toBeDisabled();
    expect(within(await cardOf('Free coffee')).getByRole('button')).toBeDisabled();

    const [request] = api.requestsTo('POST /api/v1/redemptions');
    expect(request!.headers.get('Idempotency-Key')).toBeTruthy();
    expect(await request!.clone().json()).toEqual({ customer_id: 1, points: 60 });
    // What the points are worth is never worked out here: only asked of the server.
    const asked = api.requestsTo('GET /api/v1/redemptions/preview').map((r) => new URL(r.url).search);
    expect(asked).toContain('?customer_id=1&points=60');

    answer(json({ data: makePointsRedemptionDone(60, 60, '3.000') }, 201));
    expect(await screen.findByText('Take LYD 3.000 off the sale: 60 points used.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('selected-customer-points')).toHaveTextContent('60'));
    // A new balance: the field is empty again and the terms are asked for again.
    await waitFor(() => expect(screen.getByLabelText('Points to use')).toHaveValue(''));
    await waitFor(() =>
      expect(
        api.requestsTo('GET /api/v1/redemptions/preview').filter((r) => !r.url.includes('points=')).length,
      ).toBeGreaterThan(1),
    );
  });

  it("shows the server's refusal under the field", async () => {
    const { app } = await openRedeemPage({
      'GET /api/v1/redemptions/preview': pointsPreview,
      'POST /api/v1/redemptions': () =>
        json(
          {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { points: ['The customer has only 110 points.'] },
          },
          422,
        ),
    });
    const field = await screen.findByLabelText('Points to use');
    await app.user.type(field, '115{Enter}');
    expect(await screen.findByText('The customer has only 110 points.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('is refused at once without a connection', async () => {
    const { app, api } = await openRedeemPage({ 'GET /api/v1/redemptions/preview': pointsPreview });
    const field = await screen.findByLabelText('Points to use');
    await app.user.type(field, '60');
    const offline = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      await app.user.click(screen.getByRole('button', { name: 'Use as a discount' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(
        'Redeeming needs the connection: the balance must come from the server.',
      );
      expect(api.requestsTo('POST /api/v1/redemptions')).toHaveLength(0);
    } finally {
      offline.mockRestore();
    }
  });

  it('speaks Arabic', async () => {
    const { app } = await openRedeemPage(
      {
        'GET /api/v1/redemptions/preview': pointsPreview,
        'POST /api/v1/redemptions': () => json({ data: makePointsRedemptionDone(60, 60, '3.000') }, 201),
      },
      'ar',
    );
    const card = await screen.findByTestId('points-money');
    expect(within(card).getByRole('heading', { name: 'استخدام النقاط كخصم' })).toBeInTheDocument();
    expect(within(card).getByTestId('points-money-worth')).toHaveTextContent('6.000 د.ل.');
    await app.user.type(within(card).getByLabelText('النقاط المستخدمة'), '60');
    await waitFor(() =>
      expect(plain(within(card).getByTestId('points-money-preview'))).toBe(
        '= 3.000 د.ل. · الرصيد بعدها: 60 نقطة',
      ),
    );
    await app.user.click(within(card).getByRole('button', { name: 'استخدمها كخصم' }));
    expect(await screen.findByText('اخصم 3.000 د.ل. من الفاتورة: استُخدمت 60 نقطة.')).toBeInTheDocument();
  });
});
