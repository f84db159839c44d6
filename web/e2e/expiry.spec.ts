import { readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Locator } from '@playwright/test';
import { apiAuth, PHONE_VIEWPORT, screenshotFromTop, signIn, switchTo } from './helpers';

// Expiring points (issue #19, item 1). The demo owner's points expire a month after they are
// earned (since 15 days ago), so the demo customer محمد الككلي (0923456789, Tripoli store) has
// points expiring within the next weeks: his customer page, the counter's customer card and the
// public lookup say how many and on which day. The owner sees the setting (1 month) and can
// turn it off and on again; the Points owed chart has an "expired" series. Against the real
// server and demo data; other specs may share the database (one spends some of his points), so
// the notice's figures are read from the server, never assumed.
const CUSTOMER = 'محمد الككلي';
const PHONE = '0923456789';

type Lang = 'ar' | 'en';

const TEXT = {
  ar: {
    mode: 'متى تنتهي صلاحية النقاط',
    never: 'لا تنتهي أبدًا',
    after: 'بعد عدد من الأشهر',
    months: 'عدد الأشهر بعد كسب النقاط',
    note: 'يسري التغيير على النقاط المكتسبة بعد الحفظ، وتحتفظ النقاط المكتسبة سابقًا بتاريخ انتهائها.',
    save: 'حفظ',
    saved: 'تم حفظ إعدادات الولاء بنجاح!',
    customerLabel: 'العميل',
    liabilityTab: 'النقاط المستحقة',
    expired: 'انتهت صلاحيتها',
  },
  en: {
    mode: 'When points expire',
    never: 'Never',
    after: 'After a number of months',
    months: 'Months after the points are earned',
    note: 'Applies to points earned after you save; points already earned keep their expiry.',
    save: 'Save',
    saved: 'Loyalty settings saved successfully!',
    customerLabel: 'Customer',
    liabilityTab: 'Points owed',
    expired: 'Expired',
  },
} as const;

interface NextExpiry {
  points: number;
  on: string;
}

// ---- The notice's words, from the app's own dictionaries, as the app would write them. ----
type Tree = { [key: string]: string | Tree };
const DICTIONARY: Record<Lang, Tree> = {
  // The notice is on the public pages too: its words are in their part of the Arabic dictionary.
  ar: JSON.parse(readFileSync(new URL('../src/locales/ar.public.json', import.meta.url), 'utf8')) as Tree,
  en: JSON.parse(readFileSync(new URL('../src/locales/en.json', import.meta.url), 'utf8')) as Tree,
};

/** Text without the direction marks Intl and the app put around numbers and dates. */
const plain = (text: string) => text.replace(/[\u200e\u200f\u2066-\u2069]/g, '').trim();

/** "120 points expire on Dec 10, 2026": the day formatted as the app does, never shifted. */
function noticeText(lang: Lang, expiry: NextExpiry): string {
  const [year, month, day] = expiry.on.split('-').map(Number) as [number, number, number];
  const date = new Intl.DateTimeFormat(lang === 'ar' ? 'ar-LY' : 'en-LY', {
    dateStyle: 'medium',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year, month - 1, day)));
  const form = new Intl.PluralRules(lang).select(expiry.points);
  const template = (DICTIONARY[lang].expiry as Tree)[`notice_${form}`] as string;
  return plain(
    template
      .replace('{{points}}', new Intl.NumberFormat('en-US').format(expiry.points))
      .replace('{{date}}', date),
  );
}

/** The demo customer as the server knows him: his id and next points to expire. */
async function mohamed(request: APIRequestContext): Promise<{ id: number; expiry: NextExpiry }> {
  const headers = await apiAuth(request, 'cashier@demo.ly');
  const found = await request.post('/api/v1/customers/search', { headers, data: { query: PHONE } });
  expect(found.status()).toBe(200);
  const { data } = (await found.json()) as { data: { id: number; name: string }[] };
  const customer = data.find((c) => c.name === CUSTOMER);
  expect(customer, CUSTOMER).toBeDefined();
  const detail = await request.get(`/api/v1/customers/${customer!.id}`, { headers });
  expect(detail.status()).toBe(200);
  const body = (await detail.json()) as { next_expiry: NextExpiry | null };
  // The demo data gives him points that expire within 30 days.
  expect(body.next_expiry, 'next_expiry of the demo customer').not.toBeNull();
  expect(body.next_expiry!.points).toBeGreaterThan(0);
  expect(body.next_expiry!.on).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  return { id: customer!.id, expiry: body.next_expiry! };
}

async function expectNotice(scope: Locator, expected: string) {
  const notice = scope.getByTestId('expiry-notice');
  await expect(notice).toBeVisible();
  await expect.poll(async () => plain(await notice.innerText())).toBe(expected);
}

/** Puts the demo owner's setting back (1 month), whatever a failed test left. */
async function restoreDemoExpiry(request: APIRequestContext) {
  const headers = await apiAuth(request, 'owner@demo.ly');
  const answer = await request.put('/api/v1/loyalty-config', { headers, data: { points_expiry_months: 1 } });
  expect(answer.status()).toBe(200);
}

for (const lang of ['ar', 'en'] as const) {
  const text = TEXT[lang];

  test(`the owner turns points expiry off and on again (${lang})`, async ({ page, request }) => {
    test.setTimeout(60_000);
    try {
      await signIn(page, 'owner@demo.ly');
      if (lang === 'en') await switchTo(page, 'en');
      await page.getByTestId('owner-tab-settings').click();
      const settings = page.getByTestId('expiry-settings');
      await expect(settings).toBeVisible();
      // The demo owner's points expire a month after they are earned.
      const mode = page.getByRole('radiogroup', { name: text.mode });
      await expect(mode.getByRole('radio', { name: text.after })).toBeChecked();
      await expect(page.getByLabel(text.months)).toHaveValue('1');
      await expect(settings).toContainText(text.note);
      await screenshotFromTop(page, `expiry-settings-${lang}`);

      // Never: saved, and still so after a reload.
      await mode.getByRole('radio', { name: text.never }).check();
      await expect(page.getByLabel(text.months)).toHaveCount(0);
      await page.getByRole('button', { name: text.save, exact: true }).click();
      await expect(page.getByTestId('toasts')).toContainText(text.saved);
      await page.reload();
      await expect(page.getByTestId('expiry-settings')).toBeVisible();
      await expect(mode.getByRole('radio', { name: text.never })).toBeChecked();
      await expect(page.getByLabel(text.months)).toHaveCount(0);

      // Back to a month after they are earned, as the demo has it.
      await mode.getByRole('radio', { name: text.after }).check();
      await page.getByLabel(text.months).fill(lang === 'ar' ? '١' : '1');
      await page.getByRole('button', { name: text.save, exact: true }).click();
      await expect(page.getByTestId('toasts')).toContainText(text.saved);
      await page.reload();
      await expect(mode.getByRole('radio', { name: text.after })).toBeChecked();
      await expect(page.getByLabel(text.months)).toHaveValue('1');
    } finally {
      await restoreDemoExpiry(request);
    }
  });

  test(`the customer page, the counter and the public lookup say when points expire (${lang})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const { id, expiry } = await mohamed(request);
    const expected = noticeText(lang, expiry);

    // The public lookup, per store: his Tripoli store's points and when some of them expire.
    const lookup = await request.post('/api/v1/public/points', { data: { phone: PHONE } });
    expect(lookup.status()).toBe(200);
    const { data } = (await lookup.json()) as {
      data: { stores: { store: { name: string }; next_expiry?: NextExpiry | null }[] };
    };
    const expiring = data.stores.filter((entry) => entry.next_expiry);
    expect(expiring.length).toBeGreaterThan(0);
    await page.goto('/check-points');
    if (lang === 'en') await switchTo(page, 'en');
    const phone = page.locator('input[name="phone"]');
    await phone.fill(PHONE);
    await phone.press('Enter');
    await expect(page.getByTestId('store-points')).toHaveCount(data.stores.length);
    for (const entry of data.stores) {
      const card = page.getByTestId('store-points').filter({ hasText: entry.store.name });
      if (entry.next_expiry) await expectNotice(card, noticeText(lang, entry.next_expiry));
      else await expect(card.getByTestId('expiry-notice')).toHaveCount(0);
    }
    await screenshotFromTop(page, `expiry-check-points-${lang}`);
    await screenshotFromTop(page, `expiry-check-points-phone-${lang}`, PHONE_VIEWPORT);

    // His customer page, for the cashier of his store.
    await signIn(page, 'cashier@demo.ly');
    await page.goto(`/customer/${id}`);
    const profile = page.getByTestId('customer-profile');
    await expect(profile).toContainText(CUSTOMER);
    await expectNotice(profile, expected);
    await screenshotFromTop(page, `expiry-customer-page-${lang}`);
    await screenshotFromTop(page, `expiry-customer-page-phone-${lang}`, PHONE_VIEWPORT);
    await expectNotice(profile, expected);

    // At the counter: picked by name, his card says it under his balance.
    await page.goto('/redeem-rewards');
    await page.getByLabel(text.customerLabel, { exact: true }).fill('الككلي');
    await page.getByTestId('customer-result').filter({ hasText: CUSTOMER }).click();
    const card = page.getByTestId('selected-customer');
    await expect(card).toContainText(CUSTOMER);
    await expectNotice(card, expected);
    await screenshotFromTop(page, `expiry-pos-${lang}`);
    await screenshotFromTop(page, `expiry-pos-phone-${lang}`, PHONE_VIEWPORT);
  });

  test(`the Points owed chart has an expired series (${lang})`, async ({ page }) => {
    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByRole('tab', { name: text.liabilityTab }).click();
    const chart = page.getByTestId('liability-chart');
    await expect(chart).toBeVisible();
    await expect(chart.getByText(text.expired, { exact: true })).toBeVisible();
    await expect(chart.locator('.recharts-bar-rectangle')).not.toHaveCount(0);
  });
}
