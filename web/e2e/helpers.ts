import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo1234';

export const DEMO_ACCOUNTS = [
  { email: 'admin@demo.ly', role: 'admin', labelEn: 'Admin', labelAr: 'مدير النظام' },
  { email: 'owner@demo.ly', role: 'store_owner', labelEn: 'Store Owner', labelAr: 'صاحب متجر' },
  { email: 'cashier@demo.ly', role: 'pos_user', labelEn: 'POS User', labelAr: 'موظف نقطة بيع' },
] as const;

/** Saves a full-page screenshot under e2e/screenshots/ (git-ignored). */
export async function saveScreenshot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const file = path.join(test.info().project.testDir, 'screenshots', `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
}

/** A phone's width and height: the narrowest screen the app is checked at. */
export const PHONE_VIEWPORT = { width: 390, height: 844 };

/**
 * A full-page screenshot from the top of the page (a scrolled page draws its sticky header in the
 * middle of the picture), at another size when asked; the page's own size is put back after.
 */
export async function screenshotFromTop(
  page: Page,
  name: string,
  viewport?: { width: number; height: number },
): Promise<void> {
  const before = page.viewportSize();
  if (viewport) await page.setViewportSize(viewport);
  await page.evaluate(() => window.scrollTo(0, 0));
  await saveScreenshot(page, name);
  if (viewport && before) await page.setViewportSize(before);
}

export async function expectDirection(page: Page, lang: 'ar' | 'en'): Promise<void> {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('lang', lang);
  await expect(html).toHaveAttribute('dir', lang === 'ar' ? 'rtl' : 'ltr');
}

/** Clicks the language switcher; it is named after the language it switches to. */
export async function switchTo(page: Page, lang: 'ar' | 'en'): Promise<void> {
  await page
    .getByRole('button', { name: lang === 'en' ? 'English' : 'العربية' })
    .first()
    .click();
  await expectDirection(page, lang);
}

export async function signIn(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(password);
  await page.locator('form button[type="submit"]').click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('welcome-banner')).toBeVisible();
}

/** A Libyan mobile number no earlier run used on this database; each spec has its own prefix. */
export function uniquePhone(prefix: '0915' | '0916' | '0917' | '0918'): string {
  return `${prefix}${String(Date.now() % 1_000_000).padStart(6, '0')}`;
}

/** The Authorization header of whoever is signed in on the page. */
export async function bearerOf(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  return { Authorization: `Bearer ${token ?? ''}` };
}

/** Signs in through the API; the Authorization header for the next calls. */
export async function apiAuth(
  request: APIRequestContext,
  email: string,
  password = DEMO_PASSWORD,
): Promise<Record<string, string>> {
  const response = await request.post('/api/v1/auth/login', { data: { email, password } });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { token: string } };
  return { Authorization: `Bearer ${data.token}` };
}

/**
 * Gives the page a plan queued after the owner's current one whose package allows one store
 * fewer than the owner has, in place of the server's answer (nothing changes on the server, so
 * other specs see the demo plan as it is). The ribbon shows, whatever the days left.
 */
export async function fakeQueuedSmallerPlan(page: Page): Promise<void> {
  const headers = await apiAuth(page.request, 'owner@demo.ly');
  const real = await page.request.get('/api/v1/subscriptions/status', { headers });
  expect(real.status()).toBe(200);
  const { data } = (await real.json()) as {
    data: { current_store_count: number; remaining_days: number; active_subscription: { end_date: string } };
  };
  const status = {
    ...data,
    remaining_days: Math.min(Math.max(data.remaining_days, 1), 20),
    stores_over_next_limit: data.current_store_count - Math.max(1, data.current_store_count - 1),
    next_subscription: {
      package: {
        id: 999,
        name: 'Basic',
        store_limit: Math.max(1, data.current_store_count - 1),
        duration_months: 1,
        price: '30.000',
      },
      starts_at: data.active_subscription.end_date,
      end_date: data.active_subscription.end_date,
      auto_renew: false,
    },
  };
  await page.route('**/api/v1/subscriptions/status', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: status }) }),
  );
}
