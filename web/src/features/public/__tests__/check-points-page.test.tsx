import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const LOOKUP = 'POST /api/v1/public/points';

const twoStores = {
  data: {
    total_points: 1380,
    stamps: [],
    stores: [
      {
        store: { id: 1, name: 'Ben Ali Tripoli' },
        points: 1250,
        points_value: '62.500',
        rewards: [
          { name: 'Free coffee', points_required: 50, claimable: true },
          { name: 'Gift voucher', points_required: 1300, claimable: false },
        ],
      },
      {
        store: { id: 2, name: 'Ben Ali Benghazi' },
        points: 130,
        rewards: [
          { name: '10% off', points_required: 120, claimable: true },
          { name: 'Gift voucher', points_required: 250, claimable: false },
        ],
      },
    ],
  },
};

const noPoints = { data: { total_points: 0, stores: [], stamps: [] } };

async function openInEnglish() {
  await i18n.changeLanguage('en');
  const app = renderApp('/check-points');
  await screen.findByRole('heading', { name: 'Check your points' });
  return app;
}

async function lookUp(app: Awaited<ReturnType<typeof openInEnglish>>, phone: string) {
  await app.user.type(screen.getByLabelText(/Phone number/), phone);
  await app.user.click(screen.getByRole('button', { name: 'Check points' }));
}

describe('check points page', () => {
  it('shows the total, each store and its rewards with what is claimable', async () => {
    const api = mockApi({ [LOOKUP]: () => json(twoStores) });
    const app = await openInEnglish();
    await lookUp(app, '+218 91 234 5678');

    expect(await screen.findByTestId('points-total')).toHaveTextContent('1,380');
    expect(screen.getByTestId('points-result')).toHaveTextContent('For +218 91 234 5678');
    const [request] = api.requestsTo(LOOKUP);
    expect(await request?.clone().json()).toEqual({ phone: '+218 91 234 5678' });

    const stores = screen.getAllByTestId('store-points');
    expect(stores).toHaveLength(2);
    const tripoli = stores[0]!;
    expect(within(tripoli).getByRole('heading', { name: 'Ben Ali Tripoli' })).toBeInTheDocument();
    expect(within(tripoli).getByTestId('store-points-value')).toHaveTextContent('1,250');
    expect(within(tripoli).getByTestId('store-points-money')).toHaveTextContent(
      'Worth LYD 62.500 as a discount',
    );

    const [coffee, voucher] = within(tripoli).getAllByTestId('reward-row');
    expect(coffee).toHaveAttribute('data-claimable', 'true');
    expect(coffee).toHaveTextContent('Free coffee');
    expect(coffee).toHaveTextContent('50 points');
    expect(coffee).toHaveTextContent('Claimable now');
    expect(voucher).toHaveAttribute('data-claimable', 'false');
    expect(voucher).toHaveTextContent('1,300 points');
    expect(voucher).toHaveTextContent('50 more points needed');
    expect(voucher).not.toHaveTextContent('Claimable now');

    const benghazi = stores[1]!;
    expect(within(benghazi).getByTestId('store-points-value')).toHaveTextContent('130');
    // Where points buy rewards only, nothing is said about money.
    expect(within(benghazi).queryByTestId('store-points-money')).not.toBeInTheDocument();
    const [discount, bigVoucher] = within(benghazi).getAllByTestId('reward-row');
    expect(discount).toHaveTextContent('Claimable now');
    expect(bigVoucher).toHaveTextContent('120 more points needed');
  });

  it.each([
    ['en', '120 points usable through Dec 31, 2026, then they expire'],
    ['ar', '120 نقطة صالحة حتى نهاية 31/12/2026، ثم تنتهي صلاحيتها'],
  ] as const)('says under a store’s points when some expire soon (%s)', async (language, expected) => {
    const withExpiry = structuredClone(twoStores);
    (withExpiry.data.stores[1] as Record<string, unknown>).next_expiry = { points: 120, on: '2026-12-31' };
    mockApi({ [LOOKUP]: () => json(withExpiry) });
    await i18n.changeLanguage(language);
    const app = renderApp('/check-points');
    await screen.findByRole('heading', { level: 1 });
    await app.user.type(
      screen.getByLabelText(language === 'en' ? /Phone number/ : /رقم الهاتف/),
      '0912345678',
    );
    await app.user.click(
      screen.getByRole('button', { name: language === 'en' ? 'Check points' : 'استعلم عن النقاط' }),
    );
    const [tripoli, benghazi] = await screen.findAllByTestId('store-points');
    expect(within(tripoli!).queryByTestId('expiry-notice')).not.toBeInTheDocument();
    const notice = within(benghazi!).getByTestId('expiry-notice');
    expect((notice.textContent ?? '').replace(/[\u200f\u2066-\u2069]/g, '')).toBe(expected);
  });

  it.each([
    ['en', 'Phone number', 'Check points', 'Gold', 'Your tier'],
    ['ar', 'رقم الهاتف', 'استعلم عن النقاط', 'ذهبي', 'مستواك'],
  ] as const)(
    'shows the tier of a store that has one, by name and multiplier (%s)',
    async (language, phoneLabel, submit, gold, yourTier) => {
      const withTier = structuredClone(twoStores);
      (withTier.data.stores[0] as Record<string, unknown>).tier = {
        level: 2,
        name_en: 'Gold',
        name_ar: 'ذهبي',
        multiplier: '1.5',
      };
      (withTier.data.stores[1] as Record<string, unknown>).tier = null;
      mockApi({ [LOOKUP]: () => json(withTier) });
      await i18n.changeLanguage(language);
      const app = renderApp('/check-points');
      await screen.findByRole('heading', { level: 1 });
      await app.user.type(screen.getByLabelText(new RegExp(phoneLabel)), '0912345678');
      await app.user.click(screen.getByRole('button', { name: submit }));
      const [tripoli, benghazi] = await screen.findAllByTestId('store-points');
      const tier = within(tripoli!).getByTestId('store-tier');
      expect(tier).toHaveTextContent(yourTier);
      expect(within(tier).getByTestId('tier-name')).toHaveTextContent(gold);
      expect(within(tier).getByTestId('tier-name').querySelector('bdi')).not.toBeNull();
      // "×1.5" a left-to-right island, in Arabic too.
      expect(within(tier).getByTestId('tier-multiplier').textContent).toBe('\u2066×1.5\u2069');
      expect(within(benghazi!).queryByTestId('store-tier')).not.toBeInTheDocument();
    },
  );

  it('uses the singular for one point', async () => {
    mockApi({
      [LOOKUP]: () =>
        json({
          data: {
            total_points: 49,
            stamps: [],
            stores: [
              {
                store: { id: 1, name: 'Corner shop' },
                points: 49,
                rewards: [{ name: 'Free coffee', points_required: 50, claimable: false }],
              },
            ],
          },
        }),
    });
    const app = await openInEnglish();
    await lookUp(app, '0912345678');
    expect(await screen.findByTestId('reward-row')).toHaveTextContent('1 more point needed');
  });

  it('says there are no points yet for a number without any, and never "not registered"', async () => {
    mockApi({ [LOOKUP]: () => json(noPoints) });
    const app = await openInEnglish();
    await lookUp(app, '0999999999');

    const empty = await screen.findByTestId('no-points');
    expect(within(empty).getByRole('heading', { name: 'No points yet for this number' })).toBeInTheDocument();
    expect(empty).toHaveTextContent('For 0999999999');
    expect(empty).not.toHaveTextContent(/regist/i);
    expect(screen.queryByTestId('points-total')).not.toBeInTheDocument();
  });

  it('shows the server message under the phone field on 422', async () => {
    mockApi({
      [LOOKUP]: () =>
        json(
          {
            message: 'Validation failed',
            code: 'validation_failed',
            errors: { phone: ['Please enter a valid phone number'] },
          },
          422,
        ),
    });
    const app = await openInEnglish();
    await lookUp(app, '12');

    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByLabelText(/Phone number/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    // Editing the number clears the message until the next lookup.
    await app.user.type(screen.getByLabelText(/Phone number/), '3');
    expect(screen.queryByText('Please enter a valid phone number')).not.toBeInTheDocument();
  });

  it('says how long to wait when rate limited, and keeps the button off meanwhile', async () => {
    mockApi({
      [LOOKUP]: () =>
        new Response(JSON.stringify({ message: 'Too many attempts.', code: 'rate_limited' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '42' },
        }),
    });
    const app = await openInEnglish();
    await lookUp(app, '0912345678');

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many lookups. Try again in 42 seconds.');
    expect(screen.getByRole('button', { name: 'Check points' })).toBeDisabled();
  });

  it('asks for a number before calling the server', async () => {
    const api = mockApi({});
    const app = await openInEnglish();
    await app.user.click(screen.getByRole('button', { name: 'Check points' }));

    expect(await screen.findByText('Enter your phone number.')).toBeInTheDocument();
    expect(api.requestsTo(LOOKUP)).toHaveLength(0);
  });

  it('submits with Enter and reads Arabic-Indic digits', async () => {
    const api = mockApi({ [LOOKUP]: () => json(noPoints) });
    const app = await openInEnglish();
    await app.user.type(screen.getByLabelText(/Phone number/), '٠٩١٢٣٤٥٦٧٨{Enter}');

    await screen.findByTestId('no-points');
    const [request] = api.requestsTo(LOOKUP);
    expect(await request?.clone().json()).toEqual({ phone: '0912345678' });
  });

  it('is Arabic by default, with the phone written left to right', async () => {
    mockApi({ [LOOKUP]: () => json(twoStores) });
    const app = renderApp('/check-points');
    expect(await screen.findByRole('heading', { name: 'استعلم عن نقاطك' })).toBeInTheDocument();

    const phone = screen.getByLabelText(/رقم الهاتف/);
    expect(phone).toHaveAttribute('type', 'tel');
    expect(phone.closest('[dir]')).toHaveAttribute('dir', 'ltr');

    await app.user.type(phone, '0912345678');
    await app.user.click(screen.getByRole('button', { name: 'استعلم عن النقاط' }));
    expect(await screen.findByRole('heading', { name: 'مجموع النقاط' })).toBeInTheDocument();
    expect(screen.getAllByText('يمكنك الحصول عليها الآن')).toHaveLength(2);
    expect(screen.getByText('ينقصك 50 نقطة')).toBeInTheDocument();
  });

  it('links back home and to the staff sign-in', async () => {
    mockApi({});
    await openInEnglish();
    expect(screen.getByRole('link', { name: 'Back to home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Staff? Sign in' })).toHaveAttribute('href', '/login');
  });
});
