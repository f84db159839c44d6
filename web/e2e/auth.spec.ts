import { expect, test } from '@playwright/test';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, saveScreenshot, signIn, switchTo } from './helpers';

test.describe('sign in and out', () => {
  test('the login page offers the demo accounts in demo mode', async ({ page }) => {
    await page.goto('/login');
    const card = page.getByTestId('demo-accounts');
    await expect(card).toBeVisible();
    for (const account of DEMO_ACCOUNTS) await expect(card).toContainText(account.email);
    await expect(card).toContainText(DEMO_PASSWORD);
    await saveScreenshot(page, 'login-ar');

    await switchTo(page, 'en');
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await saveScreenshot(page, 'login-en');
  });

  test('wrong credentials show the server message', async ({ page }) => {
    await page.goto('/login');
    await switchTo(page, 'en');
    await page.locator('input[name="email"]').fill('admin@demo.ly');
    await page.locator('input[name="password"]').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/);
  });

  for (const account of DEMO_ACCOUNTS) {
    test(`${account.role} signs in from the demo card, sees the dashboard and signs out`, async ({
      page,
    }) => {
      await page.goto('/login');
      await switchTo(page, 'en');
      await page
        .getByTestId('demo-accounts')
        .getByRole('button', { name: new RegExp(account.email) })
        .click();
      await expect(page.locator('input[name="email"]')).toHaveValue(account.email);
      await expect(page.locator('input[name="password"]')).toHaveValue(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Sign in' }).click();

      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('current-user-role')).toHaveText(account.labelEn);
      await expect(page.getByTestId('welcome-banner')).toContainText('Welcome,');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeTruthy();
      await saveScreenshot(page, `dashboard-${account.role}-en`);

      await switchTo(page, 'ar');
      await expect(page.getByTestId('current-user-role')).toHaveText(account.labelAr);
      await saveScreenshot(page, `dashboard-${account.role}-ar`);

      await page.getByRole('button', { name: 'تسجيل الخروج' }).click();
      await expect(page).toHaveURL(/\/login$/);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    });
  }

  test('a revoked token is cleared and the visitor sent to /login', async ({ page }) => {
    await signIn(page, 'owner@demo.ly');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    // Sign out on the server only, then come back with the stale token.
    const response = await page.request.post('/api/v1/auth/logout', {
      headers: { Authorization: `Bearer ${token}` },
    });
    expect(response.status()).toBe(204);
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });
});
