import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  apiAuth,
  bearerOf,
  PHONE_VIEWPORT,
  screenshotFromTop,
  signIn,
  switchTo,
  uniquePhone,
} from './helpers';

// The customer's own page and points for cash receipts (issue #38, items 5 and 6), against the
// real server: a sale answers a link to the customer's page, which shows the balance without
// signing in; a walk-in sale answers a claim link, where the buyer claims the points once.

const TEXT = {
  ar: {
    total: 'النقاط في كل المتاجر',
    submit: 'أضف نقاطي',
    name: 'الاسم الكامل',
    done: 'أُضيفت النقاط',
    openPage: 'افتح صفحة نقاطي',
    used: 'نقاط هذا الإيصال طُلبت من قبل.',
  },
  en: {
    total: 'Points in all stores',
    submit: 'Get my points',
    name: 'Full name',
    done: 'Points added',
    openPage: 'Open my points page',
    used: 'The points of this receipt were already claimed.',
  },
} as const;

/** The path of a link the server made with its public URL. */
const pathOf = (url: string) => new URL(url).pathname;

async function sale(page: Page, data: Record<string, unknown>) {
  const made = await page.request.post('/api/v1/invoices', { headers: await bearerOf(page), data });
  expect(made.status()).toBe(201);
  return (
    (await made.json()) as {
      data: {
        customer_total_points: number;
        points_added: number;
        customer_page_url: string | null;
        claim_url: string | null;
      };
    }
  ).data;
}

for (const lang of ['ar', 'en'] as const) {
  test(`a sale's link opens the customer's page with the balance (${lang})`, async ({ page }) => {
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    const headers = await bearerOf(page);
    const made = await page.request.post('/api/v1/customers', {
      headers,
      data: { name: `Page ${lang}`, phone: uniquePhone('0916') },
    });
    expect(made.status()).toBe(201);
    const customer = ((await made.json()) as { data: { id: number } }).data;
    const sold = await sale(page, { customer_id: customer.id, total_cost: '30' });
    expect(sold.customer_page_url).toContain('/me/');

    await page.goto(pathOf(sold.customer_page_url ?? ''));
    await expect(page.getByTestId('customer-page')).toBeVisible();
    await expect(page.getByText(TEXT[lang].total)).toBeVisible();
    await expect(page.getByTestId('customer-page-total')).toContainText(String(sold.customer_total_points));
    await expect(page.getByTestId('customer-page-movements')).toBeVisible();
    await screenshotFromTop(page, `customer-page-${lang}`);
    await screenshotFromTop(page, `customer-page-${lang}-390`, PHONE_VIEWPORT);

    // An altered link opens nothing.
    await page.goto(pathOf(sold.customer_page_url ?? '').replace(/.$/, (c) => (c === '0' ? '1' : '0')));
    await expect(page.getByTestId('invalid-page-link')).toBeVisible();
  });

  test(`a walk-in sale's receipt claims its points once (${lang})`, async ({ page }) => {
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    const sold = await sale(page, { walk_in: true, total_cost: '20' });
    expect(sold.points_added).toBe(0);
    expect(sold.claim_url).toContain('/claim/');
    const claim = pathOf(sold.claim_url ?? '');

    await page.goto(claim);
    await expect(page.getByTestId('claim-form')).toBeVisible();
    await screenshotFromTop(page, `claim-form-${lang}`);
    await screenshotFromTop(page, `claim-form-${lang}-390`, PHONE_VIEWPORT);
    await page.getByLabel(TEXT[lang].name).fill(lang === 'ar' ? 'سالمة الورفلي' : 'Salma Warfalli');
    await page.locator('input[name="phone"]').fill(uniquePhone('0916'));
    await page.getByRole('button', { name: TEXT[lang].submit }).click();
    await expect(page.getByRole('heading', { name: TEXT[lang].done })).toBeVisible();
    await screenshotFromTop(page, `claim-done-${lang}-390`, PHONE_VIEWPORT);
    await page.getByRole('link', { name: TEXT[lang].openPage }).click();
    await expect(page.getByTestId('customer-page')).toBeVisible();

    // Again: refused, in the page's language.
    await page.goto(claim);
    await expect(page.getByTestId('claim-refused')).toContainText(TEXT[lang].used);
    await screenshotFromTop(page, `claim-used-${lang}-390`, PHONE_VIEWPORT);
  });
}

// Consent where the customer gives it (issue #39): ticked on the store's join page, then one
// channel turned off on the customer's own page, which stops its waiting messages at once.
const CONSENT_TEXT = {
  ar: { whatsapp: 'واتساب', sms: 'رسالة نصية (SMS)', name: 'الاسم الكامل', join: 'انضم' },
  en: { whatsapp: 'WhatsApp', sms: 'Text message (SMS)', name: 'Full name', join: 'Join' },
} as const;

for (const lang of ['ar', 'en'] as const) {
  test(`consent is given on the join page and withdrawn on the customer's page (${lang})`, async ({
    page,
  }) => {
    const token = process.env.E2E_JOIN_TOKEN;
    if (!token) throw new Error('E2E_JOIN_TOKEN is not set (scripts/e2e.sh sets it)');
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    const headers = await bearerOf(page);
    const phone = uniquePhone('0916');

    await page.goto(`/join/${token}`);
    await page.getByLabel(CONSENT_TEXT[lang].name).fill(lang === 'ar' ? 'منى الزوي' : 'Mona Zway');
    await page.locator('input[name="phone"]').fill(phone);
    await page.getByRole('checkbox', { name: CONSENT_TEXT[lang].whatsapp }).check();
    await page.getByRole('checkbox', { name: CONSENT_TEXT[lang].sms }).check();
    await screenshotFromTop(page, `join-consent-${lang}-390`, PHONE_VIEWPORT);
    await page.getByRole('button', { name: CONSENT_TEXT[lang].join, exact: true }).click();
    await expect(page.getByTestId('join-success')).toBeVisible();

    const found = await page.request.post('/api/v1/customers/search', { headers, data: { query: phone } });
    const customer = ((await found.json()) as { data: { id: number; consents: Record<string, unknown> }[] })
      .data[0];
    expect(customer?.consents).toMatchObject({ whatsapp: true, sms: true, language: lang });
    const sold = await sale(page, { customer_id: customer?.id, total_cost: '30' });

    await page.goto(pathOf(sold.customer_page_url ?? ''));
    const section = page.getByTestId('customer-page-messages');
    const whatsapp = section.getByRole('switch', { name: CONSENT_TEXT[lang].whatsapp });
    await expect(whatsapp).toBeChecked();
    await expect(section.getByRole('switch', { name: CONSENT_TEXT[lang].sms })).toBeChecked();
    await screenshotFromTop(page, `customer-page-messages-${lang}-390`, PHONE_VIEWPORT);
    type Listed = { data: { channel: string; status: string; status_detail: string }[] };
    const listed = async () =>
      (
        (await (
          await page.request.get(`/api/v1/customers/${customer?.id}/messages`, { headers })
        ).json()) as Listed
      ).data;
    const byChannel = (list: Listed['data'], channel: string) =>
      list.filter((m) => m.channel === channel).length;
    // Welcome and points so far, by WhatsApp (the demo configures no channel: recorded, not sent).
    const before = await listed();
    expect(byChannel(before, 'whatsapp')).toBeGreaterThanOrEqual(2);
    await whatsapp.click();
    await expect(whatsapp).not.toBeChecked();

    const after = await page.request.get(`/api/v1/customers/${customer?.id}`, { headers });
    expect(
      ((await after.json()) as { data: { consents: Record<string, unknown> } }).data.consents,
    ).toMatchObject({
      whatsapp: false,
      sms: true,
    });
    // The next sale's message goes by SMS, the channel still consented to; none by WhatsApp.
    await sale(page, { customer_id: customer?.id, total_cost: '30' });
    const now = await listed();
    expect(byChannel(now, 'whatsapp')).toBe(byChannel(before, 'whatsapp'));
    expect(byChannel(now, 'sms')).toBe(byChannel(before, 'sms') + 1);
  });
}

// The customer's tier and stamp card at a store, on their own page and in the public lookup
// (issue #38): the owner's ladder and the store's card are set through the API, a sale of 600
// LYD makes a new customer Gold (1,400 LYD short of Platinum) with one stamp. Every spec shares
// one database: the tiers and the card are removed after each test, whatever happened in it.

const TIER_TEXT = {
  ar: {
    gold: 'ذهبي',
    spend: 'الإنفاق خلال آخر 12 شهرًا: 600.000 د.ل.',
    next: 'بقي 1,400.000 د.ل. للوصول إلى بلاتيني',
    yourTier: 'مستواك',
    phone: 'رقم الهاتف',
  },
  en: {
    gold: 'Gold',
    spend: 'Spent in the last 12 months: LYD 600.000',
    next: 'LYD 1,400.000 more to Platinum',
    yourTier: 'Your tier',
    phone: 'Phone number',
  },
} as const;

const LADDER = [
  { name_en: 'Silver', name_ar: 'فضي', min_spend: '0', multiplier: '1.0' },
  { name_en: 'Gold', name_ar: 'ذهبي', min_spend: '500', multiplier: '1.5' },
  { name_en: 'Platinum', name_ar: 'بلاتيني', min_spend: '2000', multiplier: '2.0' },
];

const SIZES = [
  { size: 'desktop', viewport: { width: 1280, height: 800 } },
  { size: '390', viewport: PHONE_VIEWPORT },
] as const;

/** The demo cashier's store (where the sales of this spec are made). */
async function cashiersStoreId(request: APIRequestContext): Promise<number> {
  const me = await request.get('/api/v1/auth/user', { headers: await apiAuth(request, 'cashier@demo.ly') });
  return ((await me.json()) as { data: { store: { id: number } } }).data.store.id;
}

test.afterEach(async ({ request }) => {
  const owner = await apiAuth(request, 'owner@demo.ly');
  const tiers = await request.put('/api/v1/loyalty-tiers', { headers: owner, data: { tiers: [] } });
  expect(tiers.status()).toBe(200);
  const card = await request.delete(`/api/v1/stores/${await cashiersStoreId(request)}/stamp-card`, {
    headers: owner,
  });
  expect([204, 404]).toContain(card.status());
});

/** The multiplier, a left-to-right island (U+2066 ... U+2069): "×1.5" in Arabic too. */
const TIMES_1_5 = /^\u2066?×1\.5\u2069?$/;

for (const lang of ['ar', 'en'] as const) {
  for (const { size, viewport } of SIZES) {
    test(`the customer's page and the lookup show the tier and the stamp card (${lang}, ${size})`, async ({
      page,
    }) => {
      const text = TIER_TEXT[lang];
      const owner = await apiAuth(page.request, 'owner@demo.ly');
      const ladder = await page.request.put('/api/v1/loyalty-tiers', {
        headers: owner,
        data: { tiers: LADDER },
      });
      expect(ladder.status()).toBe(200);
      const card = await page.request.put(
        `/api/v1/stores/${await cashiersStoreId(page.request)}/stamp-card`,
        {
          headers: owner,
          data: { min_total: '1', stamps_required: 5, reward_name: 'Free coffee', expires_after_days: null },
        },
      );
      expect(card.status()).toBe(200);

      await page.setViewportSize(viewport);
      await signIn(page, 'cashier@demo.ly');
      if (lang === 'en') await switchTo(page, 'en');
      const phone = uniquePhone('0916');
      const made = await page.request.post('/api/v1/customers', {
        headers: await bearerOf(page),
        data: { name: `Tier page ${lang} ${size}`, phone },
      });
      expect(made.status()).toBe(201);
      const customer = ((await made.json()) as { data: { id: number } }).data;
      const sold = await sale(page, { customer_id: customer.id, total_cost: '600' });
      await page.evaluate(() => window.localStorage.removeItem('token'));

      // The customer's own page: the tier with the server's figures, and one stamp of five.
      await page.goto(pathOf(sold.customer_page_url ?? ''));
      // The tier is the owner's (shown at each of its stores the customer is in); the stamps are
      // the cashier's store's alone.
      const tier = page.getByTestId('customer-page-tier').first();
      await expect(tier.getByTestId('tier-name')).toHaveText(text.gold);
      await expect(tier.getByTestId('tier-multiplier')).toHaveText(TIMES_1_5);
      await expect(tier.getByTestId('tier-spend')).toHaveText(text.spend);
      await expect(tier.getByTestId('tier-next')).toHaveText(text.next);
      await expect(tier.getByTestId('tier-grace')).toHaveCount(0);
      await expect(page.getByTestId('customer-page-stamps-count')).toHaveText('1 / 5');
      await expectNoSideways(page);
      await screenshotFromTop(page, `customer-page-tier-${lang}-${size}`);

      // The public lookup by phone: the tier beside the store's points, and the stamps.
      await page.goto('/check-points');
      const input = page.getByLabel(text.phone);
      await input.fill(phone);
      await input.press('Enter');
      const entry = page.getByTestId('store-points').filter({ has: page.getByTestId('public-stamps') });
      await expect(entry).toHaveCount(1);
      await expect(entry.getByTestId('store-tier')).toContainText(text.yourTier);
      await expect(entry.getByTestId('tier-name')).toHaveText(text.gold);
      await expect(entry.getByTestId('tier-multiplier')).toHaveText(TIMES_1_5);
      await expect(entry.getByTestId('public-stamps-count')).toHaveText('1 / 5');
      await expectNoSideways(page);
      await screenshotFromTop(page, `check-points-tier-${lang}-${size}`);
    });
  }
}

/** Nothing spills out sideways (a phone-sized page included). */
async function expectNoSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
