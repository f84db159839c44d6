import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { saveScreenshot, switchTo } from './helpers';

// The demo customer (Fatima) is a member of both demo stores.
const DEMO_PHONE = '0912345678';
// A registration token of a demo store. Tokens are random per database, so the script that
// starts the server has to read one and export it; the join tests skip without it.
const JOIN_TOKEN = process.env.E2E_JOIN_TOKEN;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

type Lang = 'ar' | 'en';

const text = {
  ar: {
    phone: 'رقم الهاتف',
    check: 'استعلم عن النقاط',
    total: 'مجموع النقاط',
    noPoints: 'لا توجد نقاط لهذا الرقم بعد',
    name: 'الاسم الكامل',
    join: 'انضم',
    joined: 'تم انضمامك!',
    already: 'أنت عضو بالفعل',
    checkMine: 'اعرض نقاطي',
    invalid: 'رابط التسجيل هذا غير صالح',
  },
  en: {
    phone: 'Phone number',
    check: 'Check points',
    total: 'Total points',
    noPoints: 'No points yet for this number',
    name: 'Full name',
    join: 'Join',
    joined: "You're in!",
    already: "You're already a member",
    checkMine: 'Check my points',
    invalid: 'This registration link is not valid',
  },
} as const;

interface Lookup {
  data: { total_points: number; stores: { store: { id: number; name: string }; points: number }[] };
}

async function lookupThroughApi(request: APIRequestContext, phone: string): Promise<Lookup['data']> {
  const response = await request.post('/api/v1/public/points', { data: { phone } });
  expect(response.status()).toBe(200);
  return ((await response.json()) as Lookup).data;
}

/** How the page formats a number in that language (the browser's own Intl). */
function formatIn(page: Page, lang: Lang, value: number): Promise<string> {
  return page.evaluate(
    ([locale, n]) => new Intl.NumberFormat(locale as string).format(n as number),
    [lang === 'ar' ? 'ar-LY' : 'en-LY', value],
  );
}

async function open(page: Page, path: string, lang: Lang): Promise<void> {
  await page.goto(path);
  if (lang === 'en') await switchTo(page, 'en');
}

async function checkPoints(page: Page, lang: Lang, phone: string): Promise<void> {
  const input = page.getByLabel(text[lang].phone);
  await input.fill(phone);
  await input.press('Enter');
}

/** A full-page screenshot from the top (a lookup scrolls to its result; the header is sticky). */
async function snap(page: Page, name: string): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
}

/** Numbers and phones never spill out of a phone-sized page. */
async function expectNoSideways(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const lang of ['ar', 'en'] as const) {
  test.describe(`public pages on a phone (${lang})`, () => {
    test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

    test('the demo customer sees her points in both stores, adding up to the total', async ({
      page,
      request,
    }) => {
      const expected = await lookupThroughApi(request, DEMO_PHONE);
      expect(expected.stores).toHaveLength(2);
      expect(expected.total_points).toBe(expected.stores.reduce((sum, s) => sum + s.points, 0));

      await open(page, '/check-points', lang);
      // The page's code loads after the first paint: wait for the form, not the loader.
      await expect(page.getByLabel(text[lang].phone)).toBeVisible();
      await snap(page, `check-points-empty-${lang}-phone`);
      await checkPoints(page, lang, DEMO_PHONE);

      await expect(page.getByRole('heading', { name: text[lang].total })).toBeVisible();
      await expect(page.getByTestId('points-total')).toHaveText(
        await formatIn(page, lang, expected.total_points),
      );
      const cards = page.getByTestId('store-points');
      await expect(cards).toHaveCount(2);
      for (const entry of expected.stores) {
        const card = cards.filter({ has: page.getByRole('heading', { name: entry.store.name }) });
        await expect(card.getByTestId('store-points-value')).toHaveText(
          await formatIn(page, lang, entry.points),
        );
        await expect(card.getByTestId('reward-row').first()).toBeVisible();
      }
      // The number is shown as typed, left to right, in both languages.
      // (Other left-to-right islands may be there too: a store's stamps, "2 / 2".)
      const ltr = page.getByTestId('points-result').locator('bdi[dir="ltr"]');
      await expect(ltr.filter({ hasText: new RegExp(`^${DEMO_PHONE}$`) })).toHaveCount(1);
      await expectNoSideways(page);
      await snap(page, `check-points-result-${lang}-phone`);
    });

    test('an unknown number gets the no-points state', async ({ page }) => {
      await open(page, '/check-points', lang);
      await checkPoints(page, lang, '+218 94 000 0001');
      await expect(page.getByTestId('no-points')).toBeVisible();
      await expect(page.getByRole('heading', { name: text[lang].noPoints })).toBeVisible();
      await expect(page.getByTestId('points-total')).toHaveCount(0);
      await snap(page, `check-points-none-${lang}-phone`);
    });

    test('a mistyped number gets a message under the field', async ({ page }) => {
      await open(page, '/check-points', lang);
      await checkPoints(page, lang, '12');
      await expect(page.getByLabel(text[lang].phone)).toHaveAttribute('aria-invalid', 'true');
      await snap(page, `check-points-invalid-${lang}-phone`);
    });

    test('a customer joins a store from its registration link', async ({ page }) => {
      test.skip(!JOIN_TOKEN, 'E2E_JOIN_TOKEN is not set');
      // A fresh database per run, and one number per language.
      const phone = lang === 'ar' ? '0925550101' : '+218 92 555 0102';

      await open(page, `/join/${JOIN_TOKEN}`, lang);
      await expect(page.getByTestId('join-title')).toBeVisible();
      await snap(page, `join-form-${lang}-phone`);
      await page.getByLabel(text[lang].name).fill(lang === 'ar' ? 'سالمة الورفلي' : 'Salma Warfalli');
      await page.getByLabel(text[lang].phone).fill(phone);
      await page.getByRole('button', { name: text[lang].join, exact: true }).click();

      await expect(page.getByRole('heading', { name: text[lang].joined })).toBeVisible();
      await expectNoSideways(page);
      await snap(page, `join-success-${lang}-phone`);

      // The number is carried over: one tap shows the new membership (no points yet).
      await page.getByRole('link', { name: text[lang].checkMine }).click();
      await expect(page).toHaveURL(/\/check-points$/);
      await expect(page.getByLabel(text[lang].phone)).toHaveValue(phone);
      await page.getByRole('button', { name: text[lang].check }).click();
      await expect(page.getByTestId('store-points')).toHaveCount(1);
      await expect(page.getByTestId('store-points-value')).toHaveText(await formatIn(page, lang, 0));

      // Joining again with the same number is a friendly "already a member".
      await page.goto(`/join/${JOIN_TOKEN}`);
      await page.getByLabel(text[lang].name).fill('Again');
      await page.getByLabel(text[lang].phone).fill(phone);
      await page.getByRole('button', { name: text[lang].join, exact: true }).click();
      await expect(page.getByRole('heading', { name: text[lang].already })).toBeVisible();
      await snap(page, `join-already-${lang}-phone`);
    });

    test('an invalid registration link says so', async ({ page }) => {
      await open(page, '/join/nope', lang);
      await expect(page.getByRole('heading', { name: text[lang].invalid })).toBeVisible();
      await expect(page.getByLabel(text[lang].phone)).toHaveCount(0);
      await snap(page, `join-invalid-${lang}-phone`);
    });
  });

  test.describe(`public pages on a desktop (${lang})`, () => {
    test.use({ viewport: DESKTOP });

    test('check points and the join pages', async ({ page }) => {
      await open(page, '/check-points', lang);
      await checkPoints(page, lang, DEMO_PHONE);
      await expect(page.getByTestId('store-points')).toHaveCount(2);
      await snap(page, `check-points-result-${lang}-desktop`);

      await page.goto('/join/nope');
      await expect(page.getByRole('heading', { name: text[lang].invalid })).toBeVisible();
      await snap(page, `join-invalid-${lang}-desktop`);

      if (JOIN_TOKEN) {
        await page.goto(`/join/${JOIN_TOKEN}`);
        await expect(page.getByTestId('join-title')).toBeVisible();
        await snap(page, `join-form-${lang}-desktop`);
      }
    });
  });
}
