import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page } from '@playwright/test';
import { AXE_SOURCE, AXE_SOURCE_AS_SHIPPED, runAxe, test, type Audit } from './a11y';
import { apiAuth, bearerOf, fakeQueuedSmallerPlan, signIn, switchTo } from './helpers';

// Accessibility (issue #18): axe-core on every page state the app has, in Arabic and English,
// public pages at a 1280 px desktop and a 390 px phone, every role's tabs, dialogs and error
// states. Any serious or critical violation fails the test; each test prints a table of what
// axe found. Each state is also checked for a focused element hidden under another dialog or an
// overlay (WCAG 2.4.11, which axe does not test). axe is patched so that color-contrast checks Arabic text (see e2e/a11y.ts); the
// first tests prove the patch on a page made for it.
//
// The spec changes nothing other specs rely on (they may share its database): dialogs are
// opened and left with Cancel / Go back / Escape, the errors come from invalid input, unknown
// codes or answers the browser is given in place of the server's (rate limit, server error).
// What it does add, all its own: per public test a customer who joins the demo store (0926
// numbers), per cashier run a customer joined by link with two sales (one through the API, one
// in the dashboard's dialog), per owner run a redemption card for the one-store plan (asked
// about, never redeemed) and a customer with four sales (a fraud signal for the dashboard's
// panel, marked reviewed at the end), per admin run one printed batch card.

// Every test here carries the tag, so a run can leave them out: --grep-invert @a11y.
const A11Y = '@a11y';

type Lang = 'ar' | 'en';
const LANGS: Lang[] = ['ar', 'en'];
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const DEMO_PHONE = '0912345678';
/** The demo customer whose points expire within the next weeks (محمد الككلي, Tripoli store). */
const EXPIRING_PHONE = '0923456789';
const JOIN_TOKEN = process.env.E2E_JOIN_TOKEN;

// ---- The app's own strings, so a state is reached by what a person reads. ----
type Tree = { [key: string]: string | Tree };
function load(file: string): Tree {
  return JSON.parse(readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8')) as Tree;
}
/**
 * The app loads Arabic from three files, the first paint's strings and then the public pages' and
 * the other pages', merged
 * deep with the first file's strings kept where both have one (i18next's addResourceBundle):
 * here `b` wins over `a`.
 */
function merge(a: Tree, b: Tree): Tree {
  const out: Tree = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const mine = out[key];
    out[key] = typeof mine === 'object' && typeof value === 'object' ? merge(mine, value) : value;
  }
  return out;
}
const MAIN: Record<Lang, Tree> = {
  ar: merge(merge(load('locales/ar.pages.json'), load('locales/ar.public.json')), load('locales/ar.json')),
  en: load('locales/en.json'),
};
const NS: Record<'admin' | 'owner', Record<Lang, Tree>> = {
  admin: { ar: load('features/admin/locales/ar.json'), en: load('features/admin/locales/en.json') },
  owner: { ar: load('features/owner/locales/ar.json'), en: load('features/owner/locales/en.json') },
};
function lookup(tree: Tree, key: string): string {
  const value = key.split('.').reduce<string | Tree | undefined>((node, part) => {
    if (node === undefined) return undefined;
    if (typeof node === 'string') return undefined;
    return node[part];
  }, tree);
  if (typeof value !== 'string') throw new Error(`no string ${key}`);
  return value;
}
/** A string of the main dictionary (or of a feature's), with its {{placeholders}} removed. */
function t(lang: Lang, key: string, ns?: 'admin' | 'owner'): string {
  return lookup(ns ? NS[ns][lang] : MAIN[lang], key);
}
/** The words of a template around its placeholders, as a pattern. */
function shape(template: string): RegExp {
  const parts = template.split(/\{\{\w+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(parts.join('.*'));
}

// ---- Small moves shared by the walks. ----
function dialog(page: Page, name?: string | RegExp): Locator {
  return name ? page.getByRole('dialog', { name }) : page.getByRole('dialog');
}
async function noDialog(page: Page): Promise<void> {
  await expect(page.getByRole('dialog')).toHaveCount(0);
}
async function escape(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await noDialog(page);
}
/** The owner's tiers (issue #38), set through the API; an empty list removes them. */
const A11Y_TIERS = [
  { name_en: 'Silver', name_ar: 'فضي', min_spend: '0', multiplier: '1.0' },
  { name_en: 'Gold', name_ar: 'ذهبي', min_spend: '10', multiplier: '1.5' },
  { name_en: 'Platinum', name_ar: 'بلاتيني', min_spend: '5000', multiplier: '2.0' },
];
// Whatever happened in a test (a timeout skips its own `finally`), the demo goes back to no
// tiers and no stamp card: later specs' points and receipts are counted without them.
test.afterEach(async ({ request }) => {
  const owner = await apiAuth(request, 'owner@demo.ly');
  const removed = await request.put('/api/v1/loyalty-tiers', { headers: owner, data: { tiers: [] } });
  expect(removed.status()).toBe(200);
  const me = await request.get('/api/v1/auth/user', { headers: await apiAuth(request, 'cashier@demo.ly') });
  const storeId = ((await me.json()) as { data: { store: { id: number } } }).data.store.id;
  const card = await request.delete(`/api/v1/stores/${storeId}/stamp-card`, { headers: owner });
  expect([204, 404]).toContain(card.status());
});
async function putTiers(page: Page, tiers: object[]): Promise<void> {
  const answer = await page.request.put('/api/v1/loyalty-tiers', {
    headers: await apiAuth(page.request, 'owner@demo.ly'),
    data: { tiers },
  });
  expect(answer.status()).toBe(200);
}
async function openTab(page: Page, role: 'admin' | 'owner', tab: string): Promise<void> {
  const handle = page.getByTestId(`${role}-tab-${tab}`);
  await handle.click();
  await expect(handle).toHaveAttribute('aria-selected', 'true');
}
/** Answers one API call with the given status (a rate limit, a failing server) once. */
async function answerOnce(page: Page, path: string, status: number, body: object, headers = {}) {
  await page.route(
    `**${path}`,
    (route) =>
      route.fulfill({
        status,
        contentType: 'application/json',
        headers,
        body: JSON.stringify(body),
      }),
    { times: 1 },
  );
}
function uniqueNumber(slot: number): string {
  // 0926 numbers are this spec's own; the slot keeps the tests of one run apart.
  return `0926${String((Date.now() + slot * 7919) % 1_000_000).padStart(6, '0')}`;
}

// A step that cannot be done fails in seconds, not at the test's time limit; and a violation
// is no flake, so CI does not run a failing walk a second time.
test.use({ actionTimeout: 15_000 });
test.describe.configure({ retries: 0 });

// ---- The proof that Arabic text gets its contrast checked. ----
const ARABIC_FONT =
  'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans Arabic", "Noto Sans", Tahoma, Arial, sans-serif';
function contrastPage(color: string, extraLatin = false): string {
  const label = (text: string, id: string) =>
    `<p id="${id}" style="color:${color};background:#fff;font-size:16px">${text}</p>`;
  return (
    `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>contrast</title></head>` +
    `<body style="font-family:${ARABIC_FONT};background:#fff"><main>` +
    label('نقاط الولاء', 'label-1') +
    label('استعلم عن نقاطك', 'label-2') +
    label('مرحبا بكم في برنامج الولاء', 'label-3') +
    (extraLatin ? label('Loyalty points', 'latin') : '') +
    `</main></body></html>`
  );
}
async function contrastOf(page: Page, source: string) {
  const checks = source === AXE_SOURCE ? undefined : null;
  const results = await runAxe(page, { source, rules: ['color-contrast'], allResults: true, checks });
  const failed = results.violations.flatMap((result) => result.nodes.map((node) => String(node.target[0])));
  const passed = results.passes.flatMap((result) => result.nodes.map((node) => String(node.target[0])));
  return { failed: failed.sort(), passed: passed.sort() };
}

test.describe("axe reads Arabic (the harness's patch and options)", { tag: A11Y }, () => {
  test('low-contrast Arabic text is a color-contrast violation; high-contrast is not', async ({ page }) => {
    // #999 on white is 2.85:1, under the 4.5:1 that 16 px text needs.
    await page.setContent(contrastPage('#999999'));
    expect((await contrastOf(page, AXE_SOURCE)).failed).toEqual(['#label-1', '#label-2', '#label-3']);
    // #595959 on white is 7:1.
    await page.setContent(contrastPage('#595959'));
    const good = await contrastOf(page, AXE_SOURCE);
    expect(good.failed).toEqual([]);
    expect(good.passed).toEqual(['#label-1', '#label-2', '#label-3']);
  });

  test('axe as shipped skips the same Arabic text, and Latin text after it', async ({ page }) => {
    // Why the patch: unpatched, the Arabic labels are taken for icon ligatures and not checked
    // at all; after three of them the font is taken for an icon font and the Latin label is
    // skipped too. When an axe upgrade stops doing this, this test fails: drop the patch.
    await page.setContent(contrastPage('#999999', true));
    expect(await contrastOf(page, AXE_SOURCE_AS_SHIPPED)).toEqual({ failed: [], passed: [] });
    expect((await contrastOf(page, AXE_SOURCE)).failed).toEqual([
      '#label-1',
      '#label-2',
      '#label-3',
      '#latin',
    ]);
  });

  test('an Arabic link or button named other than its text is a label-content-name-mismatch', async ({
    page,
  }) => {
    await page.setContent(
      `<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>names</title></head>` +
        `<body style="font-family:${ARABIC_FONT}"><main>` +
        `<a id="home" href="#home" aria-label="الصفحة الرئيسية">نقاط</a> ` +
        `<a id="points" href="#points" aria-label="نقاط الولاء">نقاط</a> ` +
        `<button id="close" aria-label="إغلاق">تم</button>` +
        `</main></body></html>`,
    );
    const mismatches = async (checks: null | undefined) => {
      const results = await runAxe(page, {
        rules: ['label-content-name-mismatch'],
        allResults: true,
        checks,
      });
      return {
        failed: results.violations.flatMap((r) => r.nodes.map((n) => String(n.target[0]))).sort(),
        passed: results.passes.flatMap((r) => r.nodes.map((n) => String(n.target[0]))).sort(),
      };
    };
    // With the harness's options: the names that do not contain the visible words fail, the
    // one that does ("نقاط" in "نقاط الولاء") passes.
    expect(await mismatches(undefined)).toEqual({ failed: ['#close', '#home'], passed: ['#points'] });
    // With axe's defaults every Arabic label reads as an icon and passes.
    expect(await mismatches(null)).toEqual({ failed: [], passed: ['#close', '#home', '#points'] });
  });
});

// ---- Public pages: desktop and phone, Arabic and English. ----
const PUBLIC_VIEWPORTS = [
  { name: 'desktop', viewport: DESKTOP, isMobile: false },
  { name: 'phone', viewport: PHONE, isMobile: true },
] as const;

/** Gives the demo cashier's store a stamp card (the same card each time). */
async function stampCardOnCashiersStore(page: Page): Promise<void> {
  const cashier = await apiAuth(page.request, 'cashier@demo.ly');
  const me = await page.request.get('/api/v1/auth/user', { headers: cashier });
  const storeId = ((await me.json()) as { data: { store: { id: number } } }).data.store.id;
  const card = await page.request.put(`/api/v1/stores/${storeId}/stamp-card`, {
    headers: await apiAuth(page.request, 'owner@demo.ly'),
    data: { min_total: '1', stamps_required: 2, reward_name: 'A11y coffee', expires_after_days: 30 },
  });
  expect(card.status()).toBe(200);
}

async function walkPublic(page: Page, audit: Audit, lang: Lang, slot: number): Promise<void> {
  await page.goto('/');
  if (lang === 'en') await switchTo(page, 'en');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await audit.check('home', lang);
  // The phone menu (a burger that opens a drawer of links), where the page has one.
  const burger = page.getByTestId('public-menu');
  if (await burger.isVisible()) {
    await burger.click();
    await expect(dialog(page, t(lang, 'nav.menu'))).toBeVisible();
    await audit.check('home, phone menu open', lang);
    await escape(page);
  }

  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await audit.check('about', lang);

  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: t(lang, 'notFound.title') })).toBeVisible();
  await audit.check('not found', lang);

  // Check points: the form, a mistyped number, a result, no points, rate limit, server error.
  await page.goto('/check-points');
  const phone = page.getByLabel(t(lang, 'public.phone.label'));
  await expect(phone).toBeEnabled();
  await audit.check('check-points form', lang);
  await phone.fill('12');
  await phone.press('Enter');
  await expect(phone).toHaveAttribute('aria-invalid', 'true');
  await audit.check('check-points mistyped number', lang);
  // The demo customer's store gives stamps (issue #38): its card shows in the result.
  await stampCardOnCashiersStore(page);
  await phone.fill(DEMO_PHONE);
  await phone.press('Enter');
  await expect(page.getByTestId('store-points')).toHaveCount(2);
  await expect(page.getByTestId('points-total')).toBeVisible();
  await expect(page.getByTestId('public-stamps')).toBeVisible();
  await audit.check('check-points result, with a stamp card', lang);
  await phone.fill(EXPIRING_PHONE);
  await phone.press('Enter');
  await expect(page.getByTestId('expiry-notice').first()).toBeVisible();
  await audit.check('check-points result, points expiring soon', lang);
  await phone.fill('+218 94 000 0001');
  await phone.press('Enter');
  await expect(page.getByTestId('no-points')).toBeVisible();
  await audit.check('check-points no points', lang);
  await answerOnce(
    page,
    '/api/v1/public/points',
    429,
    { message: 'Too many requests', code: 'rate_limited' },
    { 'Retry-After': '30' },
  );
  await phone.fill(DEMO_PHONE);
  await phone.press('Enter');
  await expect(page.getByTestId('rate-limited')).toBeVisible();
  await audit.check('check-points rate limited', lang);
  await page.goto('/check-points');
  await answerOnce(page, '/api/v1/public/points', 500, { message: '', code: 'internal' });
  await page.getByLabel(t(lang, 'public.phone.label')).fill(DEMO_PHONE);
  await page.getByLabel(t(lang, 'public.phone.label')).press('Enter');
  await expect(page.getByText(t(lang, 'public.errors.generic'))).toBeVisible();
  await audit.check('check-points server error', lang);

  // Sign in: the form, the server's field messages, wrong credentials.
  await page.goto('/login');
  const email = page.locator('input[name="email"]');
  await expect(email).toBeVisible();
  await expect(page.getByTestId('demo-accounts')).toBeVisible();
  await audit.check('login', lang);
  await page.locator('form button[type="submit"]').click();
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await audit.check('login empty fields', lang);
  await email.fill('nobody@demo.ly');
  await page.locator('input[name="password"]').fill('not-the-password');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByRole('alert')).toBeVisible();
  await audit.check('login wrong credentials', lang);
  // A session the server no longer knows: back to sign-in, with a note that it ended.
  await page.evaluate(() => window.localStorage.setItem('token', 'a-session-that-ended'));
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('session-ended')).toBeVisible();
  await audit.check('login, session ended', lang);

  // Join: an invalid link, the form, its errors, joined, already a member.
  await page.goto('/join/nope');
  await expect(page.getByTestId('invalid-join-link')).toBeVisible();
  await audit.check('join invalid link', lang);
  if (!JOIN_TOKEN) throw new Error('E2E_JOIN_TOKEN is not set (scripts/e2e.sh sets it)');
  await page.goto(`/join/${JOIN_TOKEN}`);
  await expect(page.getByTestId('join-title')).toBeVisible();
  await audit.check('join form', lang);
  const join = page.getByRole('button', { name: t(lang, 'public.join.submit'), exact: true });
  await join.click();
  await expect(page.getByText(t(lang, 'public.join.nameRequired'))).toBeVisible();
  await audit.check('join empty fields', lang);
  const number = uniqueNumber(slot);
  await page.getByLabel(t(lang, 'public.join.name')).fill(lang === 'ar' ? 'سالمة الورفلي' : 'Salma Warfalli');
  await page.getByLabel(t(lang, 'public.phone.label')).fill(number);
  await join.click();
  await expect(page.getByRole('heading', { name: t(lang, 'public.join.success.title') })).toBeVisible();
  await audit.check('join success', lang);
  await page.goto(`/join/${JOIN_TOKEN}`);
  await page.getByLabel(t(lang, 'public.join.name')).fill('Again');
  await page.getByLabel(t(lang, 'public.phone.label')).fill(number);
  await join.click();
  await expect(page.getByRole('heading', { name: t(lang, 'public.join.alreadyJoined.title') })).toBeVisible();
  await audit.check('join already a member', lang);

  // The customer's own page (a sale's link) and a cash receipt's claim (issue #38).
  const till = await apiAuth(page.request, 'cashier@demo.ly');
  const joined = await page.request.post('/api/v1/customers/search', {
    headers: till,
    data: { query: number },
  });
  const member = ((await joined.json()) as { data: { id: number }[] }).data[0];
  // The owner has tiers (the afterEach removes them): the sale makes the member Gold.
  await putTiers(page, A11Y_TIERS);
  const sold = await page.request.post('/api/v1/invoices', {
    headers: till,
    data: { customer_id: member?.id, total_cost: '12' },
  });
  expect(sold.status()).toBe(201);
  const pageUrl = ((await sold.json()) as { data: { customer_page_url: string } }).data.customer_page_url;
  await page.goto(new URL(pageUrl).pathname);
  await expect(page.getByTestId('customer-page')).toBeVisible();
  // The sale made the member Gold and gave a stamp of the cashier's store's card.
  await expect(page.getByTestId('customer-page-tier').first()).toBeVisible();
  await expect(page.getByTestId('customer-page-stamps')).toBeVisible();
  await audit.check('customer page, with a tier and a stamp card', lang);
  // A tier kept in its grace (a downgrade waiting for its day: the server's answer, dated).
  await page.route(
    '**/api/v1/public/me/*',
    async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { data: { stores: { tier: { grace_until?: string } | null }[] } };
      for (const store of body.data.stores) if (store.tier) store.tier.grace_until = '2027-01-15';
      await route.fulfill({ response: answer, json: body });
    },
    { times: 1 },
  );
  await page.reload();
  await expect(page.getByTestId('tier-grace').first()).toBeVisible();
  await audit.check('customer page, a tier kept until a day', lang);
  // The lookup by the member's number: the tier beside the store's points.
  await page.goto('/check-points');
  await page.getByLabel(t(lang, 'public.phone.label')).fill(number);
  await page.getByLabel(t(lang, 'public.phone.label')).press('Enter');
  await expect(page.getByTestId('store-tier').first()).toBeVisible();
  await audit.check('check-points result, with a tier', lang);
  await page.goto('/me/0123456789abcdef0123456789abcdef');
  await expect(page.getByTestId('invalid-page-link')).toBeVisible();
  await audit.check('customer page, invalid link', lang);
  const walkIn = await page.request.post('/api/v1/invoices', {
    headers: till,
    data: { walk_in: true, total_cost: '9' },
  });
  expect(walkIn.status()).toBe(201);
  const claimUrl = ((await walkIn.json()) as { data: { claim_url: string } }).data.claim_url;
  await page.goto(new URL(claimUrl).pathname);
  await expect(page.getByTestId('claim-form')).toBeVisible();
  await audit.check('claim form', lang);
  await page.getByRole('button', { name: t(lang, 'public.claim.submit') }).click();
  await expect(page.locator('[aria-invalid="true"]').first()).toBeVisible();
  await audit.check('claim form, errors', lang);
  await page.getByLabel(t(lang, 'public.join.name')).fill(lang === 'ar' ? 'سالمة الورفلي' : 'Salma Warfalli');
  await page.getByLabel(t(lang, 'public.phone.label')).fill(number);
  await page.getByRole('button', { name: t(lang, 'public.claim.submit') }).click();
  await expect(page.getByTestId('claim-done')).toBeVisible();
  await audit.check('claim done', lang);
  await page.goto(new URL(claimUrl).pathname);
  await expect(page.getByTestId('claim-refused')).toBeVisible();
  await audit.check('claim used', lang);
}

for (const [v, { name, viewport, isMobile }] of PUBLIC_VIEWPORTS.entries()) {
  test.describe(`public pages, ${name}`, { tag: A11Y }, () => {
    test.use({ viewport, isMobile, hasTouch: isMobile });
    for (const [l, lang] of LANGS.entries()) {
      test(`public pages (${name}, ${lang})`, async ({ page, audit }) => {
        test.setTimeout(120_000);
        await walkPublic(page, audit, lang, v * 2 + l);
      });
    }
  });
}

// ---- The admin: every tab, its dialogs and errors, in Arabic then English (one sign-in). ----
async function walkAdmin(page: Page, audit: Audit, lang: Lang): Promise<void> {
  const a = (key: string) => t(lang, key, 'admin');
  await openTab(page, 'admin', 'overview');
  await expect(page.getByTestId('health-panel')).toBeVisible();
  await expect(page.getByTestId('health-database')).toContainText(a('health.online'));
  await audit.check('admin overview', lang);

  await openTab(page, 'admin', 'users');
  await expect(page.getByTestId('user-row').first()).toBeVisible();
  await audit.check('admin users', lang);
  await page.getByTestId('add-user').click();
  const userForm = page.getByTestId('user-form');
  await userForm.getByRole('button', { name: a('users.create') }).click();
  await expect(userForm).toContainText(a('users.errors.name'));
  await audit.check('admin add user, errors', lang);
  await escape(page);
  const cashierRow = page.getByTestId('user-row').filter({ hasText: 'cashier@demo.ly' });
  await cashierRow.getByRole('button', { name: shape(a('users.deactivateNamed')) }).click();
  await expect(page.getByTestId('confirm-button')).toBeVisible();
  await audit.check('admin confirm deactivate', lang);
  await dialog(page)
    .getByRole('button', { name: t(lang, 'common.goBack') })
    .click();
  await noDialog(page);
  await page.getByTestId('users-search').fill('owner@demo.ly');
  await expect(page.getByTestId('user-row')).toHaveCount(1);
  await page
    .getByTestId('user-row')
    .getByRole('button', { name: shape(a('users.deleteNamed')) })
    .click();
  await expect(page.getByTestId('deactivate-instead')).toBeVisible();
  await audit.check('admin delete user, deactivate instead first', lang);
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('confirm-error')).toBeVisible();
  await audit.check('admin delete refused (server error)', lang);
  await dialog(page)
    .getByRole('button', { name: t(lang, 'common.goBack') })
    .click();
  await noDialog(page);
  await page.getByTestId('users-search').fill('');

  await openTab(page, 'admin', 'stores');
  await expect(page.getByTestId('store-row').first()).toBeVisible();
  await audit.check('admin stores', lang);
  await page.getByTestId('add-store').click();
  await expect(dialog(page)).toBeVisible();
  await dialog(page).locator('button[type="submit"]').click();
  await expect(dialog(page).locator('[aria-invalid="true"]').first()).toBeVisible();
  await audit.check('admin add store, errors', lang);
  await escape(page);

  await openTab(page, 'admin', 'packages');
  await expect(page.getByTestId('package-row').first()).toBeVisible();
  await audit.check('admin packages', lang);
  await page.getByTestId('add-package').click();
  const packageForm = page.getByTestId('package-form');
  await packageForm.getByLabel(a('packages.priceLyd')).fill('');
  await packageForm.getByRole('button', { name: a('save') }).click();
  await expect(packageForm).toContainText(a('packages.errors.priceRequired'));
  await audit.check('admin add package, errors', lang);
  await escape(page);

  await openTab(page, 'admin', 'storeOwners');
  await expect(page.getByTestId('owner-row').first()).toBeVisible();
  await audit.check('admin store owners', lang);
  await page.getByTestId('owner-row').first().getByRole('button').first().click();
  await expect(page.getByTestId('assign-form')).toBeVisible();
  await audit.check('admin assign package', lang);
  await escape(page);

  await openTab(page, 'admin', 'cards');
  await expect(page.getByTestId('card-row').first()).toBeVisible();
  await audit.check('admin cards', lang);
  await page.getByTestId('add-card').click();
  const cardForm = page.getByTestId('card-form');
  await cardForm.getByRole('combobox', { name: a('cards.package') }).click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await audit.check('admin add card, package list open', lang);
  await page.getByRole('option').first().click();
  await cardForm.getByLabel(a('cards.code')).fill('GOLD 2026');
  await cardForm.getByRole('button', { name: a('cards.create') }).click();
  await expect(cardForm.locator('[aria-invalid="true"]').first()).toBeVisible();
  await audit.check('admin add card, server error', lang);
  await escape(page);
  await page.getByTestId('batch-cards').click();
  const batchForm = page.getByTestId('batch-form');
  await batchForm.getByLabel(a('cards.count')).fill('1');
  await batchForm.getByRole('combobox', { name: a('cards.package') }).click();
  await page.getByRole('option').first().click();
  await batchForm.getByLabel(a('notes')).fill(`a11y ${lang}`);
  await audit.check('admin batch cards', lang);
  await batchForm.getByRole('button', { name: a('cards.batchCreate') }).click();
  await expect(page.getByTestId('sheet-card')).toHaveCount(1);
  await audit.check('admin printable card sheet', lang);
  await dialog(page)
    .getByRole('button', { name: a('close') })
    .last()
    .click();
  await noDialog(page);

  await openTab(page, 'admin', 'analytics');
  await expect(page.getByTestId('chart-invoices').locator('svg').first()).toBeVisible();
  await expect(page.getByTestId('top-stores')).toBeVisible();
  await audit.check('admin analytics', lang);

  await openTab(page, 'admin', 'exports');
  await expect(page.getByTestId('export-download')).toBeVisible();
  await audit.check('admin exports', lang);
}

test('admin dashboard, every tab and dialog (ar, then en)', { tag: A11Y }, async ({ page, audit }) => {
  test.setTimeout(150_000);
  await signIn(page, 'admin@demo.ly');
  await walkAdmin(page, audit, 'ar');
  await switchTo(page, 'en');
  await walkAdmin(page, audit, 'en');
});

// ---- The store owner: every tab, its dialogs and errors. ----
/** A card for the one-store plan, so that redeeming it asks about the plan change. */
async function otherPlanCard(page: Page, lang: Lang): Promise<string> {
  const headers = await apiAuth(page.request, 'admin@demo.ly');
  const packages = (await (await page.request.get('/api/v1/packages', { headers })).json()) as {
    data: { id: number; store_limit: number }[];
  };
  const basic = packages.data.find((p) => p.store_limit === 1);
  if (!basic) throw new Error('no one-store package in the demo data');
  const code = `AXE${lang.toUpperCase()}${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const card = await page.request.post('/api/v1/admin/redemption-cards', {
    headers,
    data: { package_id: basic.id, code },
  });
  expect(card.status()).toBe(201);
  return code;
}

/**
 * A fresh customer of the cashier's store with four sales today, one more than the owner's 3: a
 * fraud signal open on the owner's dashboard. Its id, to mark it reviewed afterwards.
 */
async function openSignal(page: Page): Promise<number> {
  const headers = await apiAuth(page.request, 'cashier@demo.ly');
  const created = await page.request.post('/api/v1/customers', {
    headers,
    data: { name: 'A11y signal', phone: uniqueNumber(20) },
  });
  expect(created.status()).toBe(201);
  const customerId = ((await created.json()) as { data: { id: number } }).data.id;
  for (const total of ['10', '11', '12', '13']) {
    const sale = await page.request.post('/api/v1/invoices', {
      headers,
      data: { customer_id: customerId, total_cost: total },
    });
    expect(sale.status()).toBe(201);
  }
  const owner = await apiAuth(page.request, 'owner@demo.ly');
  const list = await page.request.get('/api/v1/store-owner/signals?status=open&per_page=100', {
    headers: owner,
  });
  const signals = (await list.json()) as { data: { id: number; customer?: { id: number } | null }[] };
  const signal = signals.data.find((s) => s.customer?.id === customerId);
  if (!signal) throw new Error('four sales raised no signal');
  return signal.id;
}

async function walkOwner(page: Page, audit: Audit, lang: Lang): Promise<void> {
  const o = (key: string) => t(lang, key, 'owner');
  await openTab(page, 'owner', 'stores');
  await expect(page.getByTestId('owner-stores').getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByTestId('card-revenue-value')).toContainText(/[\d٠-٩]/);
  // A signal is open (openSignal): the panel is there above the tabs, with "Mark reviewed".
  await expect(
    page
      .getByTestId('signals-panel')
      .getByRole('button', { name: o('signals.markReviewed') })
      .first(),
  ).toBeVisible();
  await audit.check('owner stores (cards, ribbon, signals to review)', lang);
  // The bell's list: the open signal is in it.
  await page.getByTestId('notification-bell').click();
  await expect(page.getByTestId('notification-item').first()).toBeVisible();
  await audit.check('owner notifications (the bell open)', lang);
  await escape(page);
  // A smaller plan queued after this one (an answer given to the browser, nothing on the server):
  // the ribbon names it, and the stores over its limit, instead of "Renew now".
  await fakeQueuedSmallerPlan(page);
  await page.reload();
  await expect(page.getByTestId('queued-plan-over-limit')).toBeVisible();
  await audit.check('owner ribbon, a smaller plan queued', lang);
  await page.unroute('**/api/v1/subscriptions/status');
  await page.reload();
  await expect(page.getByTestId('owner-stores').getByRole('row').nth(1)).toBeVisible();
  await page.getByRole('button', { name: o('stores.add') }).click();
  await dialog(page)
    .getByRole('button', { name: o('save') })
    .click();
  await expect(dialog(page).getByText(o('stores.nameRequired'))).toBeVisible();
  await audit.check('owner add store, errors', lang);
  await escape(page);
  // Deleting a store asks first and says which stores can go.
  await page
    .getByTestId('owner-stores')
    .getByRole('button', { name: new RegExp(`^${o('stores.deleteStore')}: `) })
    .first()
    .click();
  await expect(dialog(page).getByText(o('stores.delete'), { exact: true })).toBeVisible();
  await audit.check('owner delete store, the question', lang);
  await escape(page);
  // The store's stamp card (issue #38): the form, then the server's message under a field.
  await page.getByTestId('owner-stores').getByTestId('stamp-card-button').first().click();
  const stampForm = dialog(page).getByTestId('stamp-card-form');
  await expect(stampForm).toBeVisible();
  await audit.check('owner stamp card form', lang);
  await stampForm.getByLabel(o('stampCard.minTotal')).fill('-1');
  await stampForm.getByLabel(new RegExp(`^${o('stampCard.rewardName')}`)).fill('A11y');
  await stampForm.getByRole('button', { name: o('save') }).click();
  await expect(stampForm.locator('[aria-invalid="true"]').first()).toBeVisible();
  await audit.check('owner stamp card form, errors', lang);
  await escape(page);

  await openTab(page, 'owner', 'customers');
  await expect(page.getByTestId('store-customers').first()).toBeVisible();
  await expect(page.getByTestId('shared-phones')).toBeVisible();
  await audit.check('owner customers', lang);

  await openTab(page, 'owner', 'liability');
  await expect(page.getByTestId('liability-chart').locator('.recharts-bar-rectangle')).not.toHaveCount(0);
  // The points expiring soon, the customers to remind, and the dashboard's line about them.
  await expect(page.getByTestId('expiring-customers')).toBeVisible();
  await expect(page.getByTestId('expiring-soon')).toBeVisible();
  await audit.check('owner points owed', lang);

  // Messages to customers (issue #39): the figures, the templates, and a template refused.
  await openTab(page, 'owner', 'messages');
  await expect(page.getByTestId('messages-months').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('template-link')).toBeVisible();
  await audit.check('owner messages', lang);
  const template = page.getByTestId('template-points_earned');
  await template.getByLabel(o('messages.templates.textEn')).fill('{pts}');
  await template.getByRole('button', { name: o('save') }).click();
  await expect(template.locator('[aria-invalid="true"]')).toHaveCount(1);
  await audit.check('owner messages, a template refused', lang);

  await openTab(page, 'owner', 'staff');
  await expect(page.getByTestId('staff-row').first()).toBeVisible();
  await audit.check('owner staff', lang);
  await page.getByRole('button', { name: o('staff.add') }).click();
  await dialog(page)
    .getByRole('button', { name: o('save') })
    .click();
  await expect(dialog(page).getByText(o('staff.nameRequired'))).toBeVisible();
  await audit.check('owner add staff, errors', lang);
  await escape(page);
  await page
    .getByTestId('staff-row')
    .first()
    .getByRole('button', { name: new RegExp(`^${o('staff.deactivate')}: `) })
    .click();
  await expect(page.getByTestId('confirm-button')).toBeVisible();
  await audit.check('owner confirm deactivate staff', lang);
  await dialog(page)
    .getByRole('button', { name: t(lang, 'common.goBack') })
    .click();
  await noDialog(page);
  // Deleting a POS user leads with Deactivate instead (nothing is sent).
  await page
    .getByTestId('staff-row')
    .first()
    .getByRole('button', { name: new RegExp(`^${o('staff.delete')}: `) })
    .click();
  await expect(dialog(page, o('staff.deleteTitle')).getByTestId('deactivate-instead')).toBeVisible();
  await audit.check('owner delete staff, deactivate instead first', lang);
  await dialog(page)
    .getByRole('button', { name: t(lang, 'common.goBack') })
    .click();
  await noDialog(page);

  await openTab(page, 'owner', 'activity');
  await expect(page.getByTestId('activity-row').first()).toBeVisible();
  await audit.check('owner POS activity', lang);
  await page.getByTestId('activity-range').click();
  await page.getByRole('option', { name: o('activity.ranges.custom'), exact: true }).click();
  await expect(page.getByTestId('activity-from')).toBeVisible();
  await audit.check('owner POS activity, custom range', lang);
  await page.getByRole('button', { name: o('signals.showAll') }).click();
  await expect(page.getByTestId('all-signals').getByTestId('signal-row').first()).toBeVisible();
  await audit.check('owner POS activity, all fraud signals', lang);

  await openTab(page, 'owner', 'rewards');
  await expect(page.getByTestId('reward-row').first()).toBeVisible();
  await audit.check('owner rewards', lang);
  await page.getByRole('button', { name: o('rewards.add') }).click();
  const rewardDialog = dialog(page);
  await rewardDialog.getByRole('button', { name: o('save') }).click();
  await expect(rewardDialog.getByText(o('rewards.nameRequired'))).toBeVisible();
  await audit.check('owner add reward, errors', lang);
  await page.getByTestId('reward-type').click();
  await expect(page.getByRole('option').first()).toBeVisible();
  await audit.check('owner add reward, type list open', lang);
  await page.keyboard.press('Escape');
  await escape(page);
  await page
    .getByTestId('reward-row')
    .first()
    .getByRole('button', { name: new RegExp(`^(${o('rewards.disable')}|${o('rewards.enable')}): `) })
    .click();
  await expect(page.getByTestId('confirm-button')).toBeVisible();
  await audit.check('owner confirm disable reward', lang);
  await dialog(page)
    .getByRole('button', { name: t(lang, 'common.goBack') })
    .click();
  await noDialog(page);

  await openTab(page, 'owner', 'qr');
  await expect(page.getByRole('button', { name: o('qr.generate') })).toBeEnabled();
  await audit.check('owner QR codes', lang);
  await page.getByRole('button', { name: o('qr.generate') }).click();
  await expect(page.getByTestId('qr-image')).toBeVisible();
  await audit.check('owner QR code generated', lang);
  // The confirmation only: a new link would break the join link other specs use.
  await page.getByTestId('qr-rotate').click();
  await expect(page.getByTestId('confirm-button')).toBeVisible();
  await audit.check('owner confirm new QR link', lang);
  await dialog(page)
    .getByRole('button', { name: t(lang, 'common.goBack') })
    .click();
  await noDialog(page);

  await openTab(page, 'owner', 'subscription');
  await expect(page.getByTestId('active-subscription')).toBeVisible();
  await audit.check('owner subscription', lang);
  const code = page.getByTestId('redeem-code').getByRole('textbox');
  await code.fill('   ');
  await code.press('Enter');
  await expect(page.getByText(o('subscription.codeEmpty'))).toBeVisible();
  await audit.check('owner redeem, empty code', lang);
  await code.fill('NOSUCHCARD42');
  await code.press('Enter');
  await expect(page.getByTestId('redeem-code').locator('[aria-invalid="true"]')).toBeVisible();
  await expect(page.getByText(o('subscription.codeEmpty'))).toHaveCount(0);
  await audit.check('owner redeem, unknown code (server error)', lang);
  await code.fill(await otherPlanCard(page, lang));
  await code.press('Enter');
  const plan = dialog(page, t(lang, 'planChange.title'));
  await expect(plan).toBeVisible();
  await audit.check('owner plan change dialog', lang);
  await plan.getByRole('button', { name: t(lang, 'planChange.keep') }).click();
  await noDialog(page);

  await openTab(page, 'owner', 'settings');
  await expect(page.getByLabel(o('settings.costPerPoint'))).toBeVisible();
  // The demo owner's points expire after a month: the months field is there with the choice.
  await expect(page.getByRole('radio', { name: o('settings.expiryAfter') })).toBeChecked();
  await expect(page.getByLabel(o('settings.expiryMonths'))).toHaveValue('1');
  await expect(page.getByLabel(o('settings.signalSales'))).toHaveValue(/\d/);
  await audit.check('owner settings (with fraud signals)', lang);
  await page.getByLabel(o('settings.costPerPoint')).fill('');
  await page.getByRole('button', { name: o('save') }).click();
  await expect(page.getByTestId('owner-settings').locator('[aria-invalid="true"]').first()).toBeVisible();
  await audit.check('owner settings, error', lang);
  // No months for points that expire: asked for before anything is sent (nothing is saved).
  await page.getByLabel(o('settings.expiryMonths')).fill('');
  await page.getByRole('button', { name: o('save') }).click();
  await expect(page.getByLabel(o('settings.expiryMonths'))).toHaveAttribute('aria-invalid', 'true');
  await audit.check('owner settings, points expiry months missing', lang);
  // A threshold out of range: the server refuses it (nothing is saved), its message under the field.
  await page.reload();
  await page.getByLabel(o('settings.signalSales')).fill('0');
  await page.getByRole('button', { name: o('save') }).click();
  await expect(page.getByLabel(o('settings.signalSales'))).toHaveAttribute('aria-invalid', 'true');
  await audit.check('owner settings, fraud signal threshold refused', lang);
  // Tiers (issue #38): the ladder, its dialog, the server's message under a row's field, the
  // question before removing them all (the test puts the demo back to no tiers).
  await putTiers(page, A11Y_TIERS);
  await page.reload();
  const tiers = page.getByTestId('tier-settings');
  await expect(tiers.getByTestId('tier-row')).toHaveCount(A11Y_TIERS.length);
  await audit.check('owner settings, tiers set', lang);
  await tiers.getByTestId('tiers-edit').click();
  const tierForm = dialog(page).getByTestId('tiers-form');
  await expect(tierForm.getByTestId('tier-fields')).toHaveCount(A11Y_TIERS.length);
  await audit.check('owner tiers form', lang);
  await tierForm.getByTestId('tier-fields').nth(1).getByRole('textbox').nth(2).fill('0');
  await tierForm.getByRole('button', { name: o('save'), exact: true }).click();
  await expect(tierForm.locator('[aria-invalid="true"]').first()).toBeVisible();
  await audit.check('owner tiers form, a spend refused', lang);
  await escape(page);
  await tiers.getByTestId('tiers-remove-all').click();
  await expect(dialog(page).getByTestId('confirm-button')).toBeVisible();
  await audit.check('owner tiers, remove all question', lang);
  await escape(page);
  // How long data is kept: the times, their dialog, and the server's messages under both fields
  // for times out of bounds (nothing is saved).
  const retention = page.getByTestId('retention-settings');
  await expect(retention.getByTestId('retention-activity')).toBeVisible();
  await audit.check('owner settings, data kept', lang);
  await retention.getByTestId('retention-edit').click();
  const retentionForm = dialog(page, o('retention.title')).getByTestId('retention-form');
  await expect(retentionForm.getByLabel(o('retention.activityField'))).toBeVisible();
  await audit.check('owner data kept form', lang);
  await retentionForm.getByLabel(o('retention.activityField')).fill('2');
  await retentionForm.getByLabel(o('retention.deliveriesField')).fill('91');
  await retentionForm.getByRole('button', { name: o('save'), exact: true }).click();
  await expect(retentionForm.locator('[aria-invalid="true"]')).toHaveCount(2);
  await audit.check('owner data kept form, times refused', lang);
  await escape(page);

  await openTab(page, 'owner', 'exports');
  await expect(page.getByTestId('export-download')).toBeVisible();
  await audit.check('owner exports', lang);
  await page.getByTestId('export-from').fill('2026-03-02');
  await page.getByTestId('export-to').fill('2026-03-01');
  await page.getByTestId('export-download').click();
  await expect(page.getByTestId('export-to')).toHaveAttribute('aria-invalid', 'true');
  await audit.check('owner exports, error', lang);
  await page.getByRole('button', { name: o('imports.headingsTitle') }).click();
  await expect(page.getByTestId('import-headings-table')).toBeVisible();
  await audit.check('owner import, the headings read', lang);

  await openTab(page, 'owner', 'integrations');
  await expect(page.getByTestId('owner-integrations')).toBeVisible();
  await expect(page.getByTestId('owner-webhooks')).toBeVisible();
  await audit.check('owner integrations', lang);
  await page.getByRole('button', { name: o('integrations.add') }).click();
  const keyForm = page.getByTestId('api-key-form');
  await keyForm.getByRole('button', { name: o('integrations.create') }).click();
  await expect(keyForm.locator('[aria-invalid="true"]').first()).toBeVisible();
  await audit.check('owner new API key, errors', lang);
  await escape(page);
  await page.getByRole('button', { name: o('integrations.webhooks.add') }).click();
  const hookForm = page.getByTestId('webhook-form');
  await hookForm.getByRole('button', { name: o('integrations.webhooks.create') }).click();
  await expect(hookForm.locator('[aria-invalid="true"]').first()).toBeVisible();
  await audit.check('owner new webhook, errors', lang);
  await escape(page);
}

test('store owner dashboard, every tab and dialog (ar, then en)', { tag: A11Y }, async ({ page, audit }) => {
  // With the tiers states the walk ran past 150 s (2.6 min) on a busy machine, 4.2 min on a
  // machine running two suites.
  test.setTimeout(420_000);
  const signal = await openSignal(page);
  try {
    await signIn(page, 'owner@demo.ly');
    await walkOwner(page, audit, 'ar');
    await switchTo(page, 'en');
    await walkOwner(page, audit, 'en');
  } finally {
    // Other specs' dashboards are left as they were: no signal of this spec open, no tiers.
    const owner = await apiAuth(page.request, 'owner@demo.ly');
    await page.request.post(`/api/v1/store-owner/signals/${signal}/review`, { headers: owner });
    await putTiers(page, []);
  }
});

// ---- The cashier: the POS dashboard, its dialogs, the customer pages. ----
/** Replaces the browser's offline sale queue (IndexedDB, as src/lib/offline/sale-queue.ts keeps it). */
async function putQueuedSales(page: Page, sales: object[]): Promise<void> {
  await page.evaluate(async (records) => {
    const database = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('loyalty-offline', 1);
      open.onupgradeneeded = () =>
        open.result
          .createObjectStore('sales', { keyPath: 'id', autoIncrement: true })
          .createIndex('byUser', 'userId');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const tx = database.transaction('sales', 'readwrite');
    const store = tx.objectStore('sales');
    store.clear();
    for (const record of records) store.add(record);
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    database.close();
  }, sales);
}

async function walkCashier(page: Page, audit: Audit, lang: Lang): Promise<void> {
  await page.goto('/dashboard');
  await expect(page.getByTestId('today-invoices-value')).toBeVisible();
  await expect(page.getByTestId('tile-createInvoice')).toBeVisible();
  // The service worker holds the app: the page says the till can work offline.
  await expect(page.getByTestId('offline-status')).toHaveAttribute('data-state', 'ready', {
    timeout: 20_000,
  });
  await audit.check('POS dashboard', lang);
  await page.context().setOffline(true);
  await expect(page.getByTestId('offline-status')).toHaveAttribute('data-state', 'offline');
  await audit.check('POS dashboard, offline', lang);
  await page.context().setOffline(false);
  await expect(page.getByTestId('offline-status')).toHaveAttribute('data-state', 'ready');

  // A shared till: a sale of this cashier the server refused (a total above the store's
  // maximum), and one another cashier of the store left waiting; then signing out asks first.
  // Put in the browser's queue as the till keeps them, and taken out again after.
  const cashier = (
    (await (await page.request.get('/api/v1/auth/user', { headers: await bearerOf(page) })).json()) as {
      data: { id: number; store: { id: number } };
    }
  ).data;
  const queued = (userId: number, extra: object) => ({
    userId,
    storeId: cashier.store.id,
    idempotencyKey: `a11y-${lang}-${userId}`,
    body: { customer_id: 999_999_999, invoice_id: null, total_cost: '25000.000' },
    customerName: 'فاطمة الشريف',
    queuedAt: new Date().toISOString(),
    attempted: true,
    ...extra,
  });
  await putQueuedSales(page, [
    queued(cashier.id, {
      state: 'attention',
      message: 'البيانات المدخلة غير صالحة',
      refusal: {
        status: 422,
        code: 'validation_failed',
        fields: [{ field: 'total_cost', code: 'total_too_large' }],
      },
    }),
    queued(999_999, { state: 'waiting', userName: 'Other Cashier' }),
  ]);
  await page.reload();
  await expect(page.getByTestId('refusal-reason')).toHaveText(
    shape(t(lang, 'pos.offline.refusal.totalTooLarge')),
  );
  await expect(page.getByTestId('others-waiting')).toBeVisible();
  await audit.check("POS dashboard, a refused sale and another cashier's sales waiting", lang);
  await page.getByRole('button', { name: t(lang, 'dashboard.signOut') }).click();
  await expect(dialog(page, t(lang, 'dashboard.signOutWaiting.title'))).toBeVisible();
  await audit.check('sign out with a sale not sent, asked first', lang);
  await dialog(page, t(lang, 'dashboard.signOutWaiting.title'))
    .getByRole('button', { name: t(lang, 'dashboard.signOutWaiting.stay') })
    .click();
  await noDialog(page);
  await putQueuedSales(page, []);
  await page.reload();
  await expect(page.getByTestId('tile-createInvoice')).toBeVisible();
  await expect(page.getByTestId('sale-queue')).toHaveCount(0);

  await page.getByTestId('tile-createInvoice').click();
  let modal = dialog(page);
  // A draft of an earlier sale (the form keeps one across reloads) is cleared first.
  await modal.getByRole('button', { name: t(lang, 'pos.invoice.reset') }).click();
  await expect(modal.getByTestId('selected-customer')).toHaveCount(0);
  await modal.getByRole('button', { name: t(lang, 'pos.invoice.submit') }).click();
  await expect(modal.getByText(t(lang, 'pos.invoice.selectCustomer'))).toBeVisible();
  await audit.check('POS new invoice, errors', lang);
  await modal.getByLabel(t(lang, 'pos.customerSearch.label'), { exact: true }).fill('فاطمة');
  await expect(modal.getByTestId('customer-result').first()).toBeVisible();
  await audit.check('POS new invoice, customer search results', lang);
  await modal.getByTestId('customer-result').filter({ hasText: 'فاطمة الشريف' }).click();
  await expect(modal.getByTestId('selected-customer')).toBeVisible();
  await modal.getByLabel(t(lang, 'pos.invoice.totalCost')).fill('25.500');
  await expect(modal.getByTestId('points-preview')).toBeVisible();
  await audit.check('POS new invoice, customer and total', lang);
  // A total above "confirm above" asks first. (From this dialog the question has opened
  // underneath it, its buttons out of reach: focus-not-obscured reports that.)
  await modal.getByLabel(t(lang, 'pos.invoice.totalCost')).fill('1500');
  await modal.getByRole('button', { name: t(lang, 'pos.invoice.submit') }).click();
  await expect(dialog(page, t(lang, 'pos.invoice.confirmTitle'))).toBeVisible();
  await audit.check('POS new invoice, confirm a large total', lang);
  await page.keyboard.press('Escape');
  await expect(dialog(page, t(lang, 'pos.invoice.confirmTitle'))).toHaveCount(0);
  await escape(page);

  await page.getByTestId('tile-redeemRewards').click();
  modal = dialog(page);
  await modal.getByLabel(t(lang, 'pos.customerSearch.label'), { exact: true }).fill(DEMO_PHONE);
  await modal.getByTestId('customer-result').filter({ hasText: 'فاطمة الشريف' }).click();
  await expect(modal.getByTestId('reward-card').first()).toBeVisible();
  // The demo owner gave points a value: the card for using them as a discount is there too.
  await expect(modal.getByTestId('points-money')).toBeVisible();
  await audit.check('POS redeem rewards', lang);
  const points = modal.getByLabel(t(lang, 'pos.pointsMoney.points'));
  await points.fill('50');
  await expect(modal.getByTestId('points-money-preview')).not.toBeEmpty();
  await audit.check("POS redeem, points as a discount with the server's preview", lang);
  await points.fill('1');
  await expect(points).toHaveAttribute('aria-invalid', 'true');
  await audit.check('POS redeem, points below the minimum refused', lang);
  await escape(page);

  await page.getByTestId('tile-recentActivity').click();
  await expect(dialog(page).getByTestId('activity-item').first()).toBeVisible();
  await audit.check('POS recent activity', lang);
  await escape(page);

  await page.getByTestId('tile-customers').click();
  modal = dialog(page);
  await expect(modal.getByTestId('customer-card').first()).toBeVisible();
  await audit.check('POS customers', lang);
  await modal.getByRole('button', { name: t(lang, 'customers.management.add') }).click();
  const form = dialog(page, t(lang, 'customers.dialog.createTitle'));
  await form.getByLabel(t(lang, 'customers.fields.email')).fill('not-an-email');
  await form.getByRole('button', { name: t(lang, 'customers.dialog.save') }).click();
  await expect(form.getByText(t(lang, 'customers.dialog.rules.nameRequired'))).toBeVisible();
  await audit.check('POS add customer, errors', lang);
  await form.getByRole('button', { name: t(lang, 'common.cancel') }).click();
  await expect(form).toHaveCount(0);
  await modal.getByRole('searchbox').fill('فاطمة');
  await expect(modal.getByTestId('customer-card')).toHaveCount(1);
  const actions = modal.getByRole('button', { name: shape(t(lang, 'customers.actions.label')) });
  await actions.click();
  await expect(page.getByRole('menuitem').first()).toBeVisible();
  await audit.check('POS customer actions menu', lang);
  await page.getByRole('menuitem', { name: t(lang, 'customers.actions.addPoints') }).click();
  const addPoints = dialog(page, t(lang, 'customers.addPoints.title'));
  await addPoints.getByLabel(t(lang, 'customers.addPoints.points')).fill('10');
  await addPoints.getByLabel(t(lang, 'customers.addPoints.reason')).fill(lang === 'ar' ? 'هدية' : 'Gift');
  await expect(addPoints.getByTestId('new-total')).toBeVisible();
  await audit.check('POS add points', lang);
  await addPoints.getByRole('button', { name: t(lang, 'common.cancel') }).click();
  await expect(addPoints).toHaveCount(0);
  await actions.click();
  await page.getByRole('menuitem', { name: t(lang, 'customers.actions.edit') }).click();
  await expect(dialog(page, t(lang, 'customers.dialog.editTitle'))).toBeVisible();
  await audit.check('POS edit customer', lang);
  await dialog(page, t(lang, 'customers.dialog.editTitle'))
    .getByRole('button', { name: t(lang, 'common.cancel') })
    .click();
  await actions.click();
  await page.getByRole('menuitem', { name: t(lang, 'customers.actions.delete') }).click();
  // فاطمة holds points: the question says she cannot be deleted while she does, and what to do.
  await expect(
    dialog(page, t(lang, 'customers.delete.title')).getByTestId('customer-holds-points'),
  ).toBeVisible();
  await audit.check('POS delete customer who holds points', lang);
  await dialog(page, t(lang, 'customers.delete.title'))
    .getByRole('button', { name: t(lang, 'common.goBack') })
    .click();
  await actions.click();
  await page.getByRole('menuitem', { name: t(lang, 'customers.actions.view') }).click();
  await expect(page).toHaveURL(/\/customer\/\d+$/);
  await expect(page.getByTestId('customer-profile')).toContainText('فاطمة الشريف');
  await expect(page.getByTestId('customer-activity')).toBeVisible();
  await audit.check('customer page', lang);
  const id = page.url().match(/\/customer\/(\d+)/)?.[1];

  // A customer of this run's own, joined by the store's link (so marked "not confirmed" for
  // the cashier) and with one sale, to see that mark and open the void dialog on.
  const headers = await bearerOf(page);
  const me = await page.request.get('/api/v1/auth/user', { headers });
  const storeId = ((await me.json()) as { data: { store: { id: number } } }).data.store.id;
  const qr = await page.request.post('/api/v1/qr-code/generate', {
    headers: await apiAuth(page.request, 'owner@demo.ly'),
    data: { store_id: storeId },
  });
  const link = ((await qr.json()) as { data: { registration_url: string } }).data.registration_url;
  const number = uniqueNumber(10 + LANGS.indexOf(lang));
  const joined = await page.request.post(`/api/v1/public/stores/${link.split('/join/')[1]}/join`, {
    data: { name: `A11y ${lang}`, phone: number },
  });
  expect(joined.status()).toBe(201);
  const found = await page.request.post('/api/v1/customers/search', { headers, data: { query: number } });
  const customerId = ((await found.json()) as { data: { id: number }[] }).data[0]!.id;
  // It agrees to SMS at the till (issue #39): its welcome and the sale's message are listed.
  const consent = await page.request.post(`/api/v1/customers/${customerId}/consents`, {
    headers,
    data: { channel: 'sms', granted: true, source: 'till', language: lang },
  });
  expect(consent.status()).toBe(200);
  const sale = await page.request.post('/api/v1/invoices', {
    headers,
    data: { customer_id: customerId, total_cost: '12.5' },
  });
  expect(sale.status()).toBe(201);
  await page.goto(`/customer/${customerId}`);
  await expect(page.getByTestId('confirm-join')).toBeVisible();
  await expect(page.getByTestId('customer-activity')).toBeVisible();
  await expect(page.getByTestId('consent-sms')).toBeChecked();
  await expect(page.getByTestId('customer-messages').getByTestId('customer-message')).toHaveCount(2);
  await audit.check(
    'customer page, joined by link (not confirmed), one sale, its consent and messages',
    lang,
  );
  // The till sends it the link to its page (the demo has no channel: said not sent).
  await page.getByTestId('send-page-link').getByRole('button').click();
  await expect(page.getByTestId('page-link-sent')).toBeVisible();
  await audit.check('customer page, the link to its page sent', lang);
  await page.getByRole('button', { name: t(lang, 'customers.void.action'), exact: true }).click();
  const voidDialog = dialog(page, t(lang, 'customers.void.title'));
  await expect(voidDialog).toBeVisible();
  await audit.check('customer page, void invoice dialog', lang);
  await voidDialog.getByRole('button', { name: t(lang, 'customers.void.keep') }).click();
  await noDialog(page);
  // The return dialog, with the server's preview of the points that come off.
  await page.getByRole('button', { name: t(lang, 'customers.return.action'), exact: true }).click();
  const returnDialog = dialog(page, t(lang, 'customers.return.title'));
  await expect(returnDialog.getByTestId('return-points')).toContainText(/\d/);
  await audit.check('customer page, return dialog', lang);
  await returnDialog.getByRole('button', { name: t(lang, 'customers.return.keep') }).click();
  await noDialog(page);

  // The stamp card (issue #38): the store gives one stamp per sale, two fill the card; the
  // customer's page shows the full card with its Redeem button.
  await stampCardOnCashiersStore(page);
  for (let i = 0; i < 2; i++) {
    const stamped = await page.request.post('/api/v1/invoices', {
      headers,
      data: { customer_id: customerId, total_cost: '5' },
    });
    expect(stamped.status()).toBe(201);
  }
  await page.goto(`/customer/${customerId}`);
  await expect(page.getByTestId('redeem-stamps')).toBeVisible();
  await audit.check('customer page, a full stamp card', lang);

  // Tiers (issue #38): the customer's level, then (answered in place of the server's, since a
  // grace needs a month to pass) the same level kept during its grace.
  await putTiers(page, A11Y_TIERS);
  try {
    await page.goto(`/customer/${customerId}`);
    await expect(page.getByTestId('customer-tier').getByTestId('tier-next')).toBeVisible();
    await audit.check('customer page, a tier', lang);
    await page.route(`**/api/v1/customers/${customerId}`, async (route) => {
      const answer = await route.fetch();
      const body = (await answer.json()) as { tier: object | null };
      body.tier = { ...body.tier, grace_until: '2027-01-15' };
      await route.fulfill({ response: answer, json: body });
    });
    await page.reload();
    await expect(page.getByTestId('tier-grace')).toBeVisible();
    await audit.check('customer page, a tier kept during its grace', lang);
    await page.unroute(`**/api/v1/customers/${customerId}`);
  } finally {
    await putTiers(page, []);
  }

  // A sale for that customer from the dashboard's dialog: the receipt is offered in it.
  await page.goto('/dashboard');
  await page.getByTestId('tile-createInvoice').click();
  modal = dialog(page);
  await modal.getByRole('button', { name: t(lang, 'pos.invoice.reset') }).click();
  await modal.getByLabel(t(lang, 'pos.customerSearch.label'), { exact: true }).fill(number);
  await modal.getByTestId('customer-result').first().click();
  await modal.getByLabel(t(lang, 'pos.invoice.totalCost')).fill('12.5');
  await modal.getByRole('button', { name: t(lang, 'pos.invoice.submit') }).click();
  await expect(modal.getByTestId('receipt')).toBeVisible();
  await audit.check('POS new invoice, the receipt after the sale', lang);
  await escape(page);

  // A sale without a customer (issue #38): its own tile, the form's refusal, then the receipt
  // with the claim link's QR code.
  await page.getByTestId('tile-walkInSale').click();
  modal = dialog(page, t(lang, 'pos.tiles.walkInSale.title'));
  await expect(modal.getByTestId('walk-in-notice')).toBeVisible();
  await modal.getByRole('button', { name: t(lang, 'pos.invoice.submit') }).click();
  await expect(modal.getByText(t(lang, 'pos.invoice.total.required'))).toBeVisible();
  await audit.check('POS sale without a customer, errors', lang);
  await modal.getByLabel(t(lang, 'pos.invoice.totalCost')).fill('7');
  await modal.getByRole('button', { name: t(lang, 'pos.invoice.submit') }).click();
  await expect(modal.getByRole('img', { name: t(lang, 'pos.receipt.claimQr') })).toBeVisible();
  await audit.check('POS sale without a customer, the receipt with its claim QR code', lang);
  await escape(page);

  // A demo customer with points expiring within the next weeks: the page says so.
  const expiring = await page.request.post('/api/v1/customers/search', {
    headers,
    data: { query: EXPIRING_PHONE },
  });
  const expiringId = ((await expiring.json()) as { data: { id: number }[] }).data[0]!.id;
  await page.goto(`/customer/${expiringId}`);
  await expect(page.getByTestId('customer-profile').getByTestId('expiry-notice')).toBeVisible();
  await expect(page.getByTestId('customer-activity')).toBeVisible();
  await audit.check('customer page, points expiring soon', lang);

  await page.goto(`/customer/${id}/history`);
  await expect(page.getByTestId('history-row').first()).toBeVisible();
  await audit.check('customer history', lang);
  await page.goto('/customer/999999');
  await expect(page.getByTestId('customer-not-found')).toBeVisible();
  await audit.check('customer not found', lang);

  await page.goto(`/create-invoice?customer_id=${id}`);
  await expect(page.getByTestId('selected-customer')).toContainText('فاطمة الشريف');
  await audit.check('create-invoice page', lang);
  await page.getByLabel(t(lang, 'pos.invoice.totalCost')).fill('1500');
  await page.getByRole('button', { name: t(lang, 'pos.invoice.submit') }).click();
  const confirm = dialog(page, t(lang, 'pos.invoice.confirmTitle'));
  await expect(confirm).toBeVisible();
  await audit.check('create-invoice page, confirm a large total', lang);
  await confirm.getByRole('button', { name: t(lang, 'pos.invoice.changeTotal') }).click();
  await noDialog(page);
  await page.getByRole('button', { name: t(lang, 'pos.invoice.reset') }).click();
  await page.goto(`/redeem-rewards?customer_id=${id}`);
  await expect(page.getByTestId('reward-card').first()).toBeVisible();
  await expect(page.getByTestId('points-money')).toBeVisible();
  await audit.check('redeem-rewards page', lang);

  // A public page while signed in (its header offers the dashboard instead of sign-in).
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await audit.check('about, signed in', lang);
}

test(
  'cashier (POS) dashboard, dialogs and customer pages (ar, then en)',
  { tag: A11Y },
  async ({ page, audit }) => {
    // 33 states a language, a sale without a customer's among them: 2.7 minutes on a busy 2-core machine.
    test.setTimeout(240_000);
    await signIn(page, 'cashier@demo.ly');
    await walkCashier(page, audit, 'ar');
    await switchTo(page, 'en');
    await walkCashier(page, audit, 'en');
  },
);
