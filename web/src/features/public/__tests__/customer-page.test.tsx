import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const PAGE = 'GET /api/v1/public/me/tok123';
const CONSENT = 'POST /api/v1/public/me/tok123/consents';

const consents = {
  whatsapp: true,
  sms: false,
  whatsapp_at: '2026-11-01T10:00:00Z',
  sms_at: null,
  language: 'ar',
};

const gold = {
  level: 2,
  name_en: 'Gold',
  name_ar: 'ذهبي',
  multiplier: '1.5',
  spend: '640.000',
  grace_until: '2027-01-15',
  // The server's figure: deliberately not min_spend less spend, so a subtraction in the browser shows.
  next: { name_en: 'Platinum', name_ar: 'بلاتيني', min_spend: '2000.000', remaining: '1111.000' },
};

const platinumTop = {
  level: 3,
  name_en: 'Platinum',
  name_ar: 'بلاتيني',
  multiplier: '2',
  spend: '2500.000',
  grace_until: null,
  next: null,
};

function pageBody() {
  return {
    data: {
      total_points: 300,
      expires_at: '2026-12-31T00:00:00Z',
      movements: [],
      consents,
      stores: [
        {
          store: { id: 1, name: 'Ben Ali Tripoli' },
          points: 200,
          expiring: [],
          tier: gold,
          stamps: { store_id: 1, count: 2, required: 5 },
        },
        {
          store: { id: 2, name: 'Ben Ali Benghazi' },
          points: 100,
          expiring: [],
          tier: platinumTop,
          stamps: null,
        },
        { store: { id: 3, name: 'Corner shop' }, points: 0, expiring: [], tier: null, stamps: null },
      ],
    },
  };
}

/** The text as read, without the direction marks that keep numbers left to right. */
const read = (element: Element) =>
  (element.textContent ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/\s+/g, ' ');

const EXPECTED = {
  en: {
    name: 'Gold',
    multiplier: '×1.5',
    spend: 'Spent in the last 12 months: LYD 640.000',
    next: 'LYD 1,111.000 more to Platinum',
    grace: 'You keep Gold until Jan 15, 2027',
    topName: 'Platinum',
    topMultiplier: '×2.0',
    top: 'The highest level',
    stampsLabel: '2 of 5 stamps',
  },
  ar: {
    name: 'ذهبي',
    multiplier: '×1.5',
    spend: 'الإنفاق خلال آخر 12 شهرًا: 640.000 د.ل.',
    next: 'بقي 1,111.000 د.ل. للوصول إلى بلاتيني',
    grace: 'تحتفظ بمستوى ذهبي حتى 15/01/2027',
    topName: 'بلاتيني',
    topMultiplier: '×2.0',
    top: 'أعلى مستوى',
    stampsLabel: 'ختمان من 5',
  },
} as const;

describe('customer page', () => {
  it.each(['en', 'ar'] as const)(
    'shows each store’s tier from the server’s figures and its stamp card (%s)',
    async (language) => {
      const expected = EXPECTED[language];
      mockApi({ [PAGE]: () => json(pageBody()) });
      await i18n.changeLanguage(language);
      renderApp('/me/tok123');
      await screen.findByTestId('customer-page');
      const [tripoli, benghazi, corner] = screen.getAllByTestId('customer-page-store');

      const tier = within(tripoli!).getByTestId('customer-page-tier');
      expect(read(within(tier).getByTestId('tier-name'))).toBe(expected.name);
      expect(read(within(tier).getByTestId('tier-multiplier'))).toBe(expected.multiplier);
      // The multiplier is a left-to-right island in both languages.
      expect(within(tier).getByTestId('tier-multiplier').textContent).toMatch(/^\u2066.*\u2069$/);
      expect(read(within(tier).getByTestId('tier-spend'))).toBe(expected.spend);
      expect(read(within(tier).getByTestId('tier-next'))).toBe(expected.next);
      expect(read(within(tier).getByTestId('tier-grace'))).toContain(expected.grace);
      expect(within(tier).getByTestId('tier-name').querySelector('bdi')).not.toBeNull();

      const stamps = within(tripoli!).getByTestId('customer-page-stamps');
      expect(read(within(stamps).getByTestId('customer-page-stamps-count'))).toBe('2 / 5');
      expect(within(stamps).getByRole('img')).toHaveAccessibleName(expected.stampsLabel);

      const top = within(benghazi!).getByTestId('customer-page-tier');
      expect(read(within(top).getByTestId('tier-name'))).toBe(expected.topName);
      expect(read(within(top).getByTestId('tier-multiplier'))).toBe(expected.topMultiplier);
      expect(read(within(top).getByTestId('tier-next'))).toBe(expected.top);
      expect(within(top).queryByTestId('tier-grace')).not.toBeInTheDocument();
      expect(within(benghazi!).queryByTestId('customer-page-stamps')).not.toBeInTheDocument();

      // A store without tiers or a stamp card says nothing about them.
      expect(within(corner!).queryByTestId('customer-page-tier')).not.toBeInTheDocument();
      expect(within(corner!).queryByTestId('customer-page-stamps')).not.toBeInTheDocument();
      cleanup();
    },
  );
});

describe('customer page messages', () => {
  it('shows the consents and withdraws one with a switch', async () => {
    const api = mockApi({
      [PAGE]: () => json(pageBody()),
      [CONSENT]: () => json({ data: { ...consents, whatsapp: false, whatsapp_at: null } }),
    });
    await i18n.changeLanguage('en');
    const app = renderApp('/me/tok123');
    const section = await screen.findByTestId('customer-page-messages');
    const whatsapp = within(section).getByRole('switch', { name: 'WhatsApp' });
    const sms = within(section).getByRole('switch', { name: 'Text message (SMS)' });
    expect(whatsapp).toBeChecked();
    expect(sms).not.toBeChecked();
    await app.user.click(whatsapp);
    const [request] = api.requestsTo(CONSENT);
    expect(await request?.clone().json()).toEqual({ channel: 'whatsapp', granted: false });
    await waitFor(() => expect(within(section).getByRole('switch', { name: 'WhatsApp' })).not.toBeChecked());
    cleanup();
  });

  it('tells the customer when its choice was not saved (ar)', async () => {
    mockApi({
      [PAGE]: () => json(pageBody()),
      [CONSENT]: () => json({ message: 'boom' }, 500),
    });
    await i18n.changeLanguage('ar');
    const app = renderApp('/me/tok123');
    const section = await screen.findByTestId('customer-page-messages');
    await app.user.click(within(section).getByRole('switch', { name: 'رسالة نصية (SMS)' }));
    expect(await within(section).findByText('تعذّر حفظ اختيارك. حاول مرة أخرى.')).toBeInTheDocument();
    cleanup();
  });
});
