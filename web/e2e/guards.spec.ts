import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn } from './helpers';

test.describe('route guards', () => {
  test('a guest visiting /dashboard is sent to /login', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator('input[name="email"]')).toBeVisible();
    await saveScreenshot(page, 'guard-guest-to-login');
  });

  test('a guest visiting /customer/1 is sent to /login', async ({ page }) => {
    await page.goto('/customer/1');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a signed-in user visiting /login, / or /check-points is sent to /dashboard', async ({ page }) => {
    await signIn(page, 'admin@demo.ly');
    for (const path of ['/login', '/', '/check-points']) {
      await page.goto(path);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByTestId('welcome-banner')).toBeVisible();
    }
    await saveScreenshot(page, 'guard-signed-in-to-dashboard');
  });

  test('a signed-in user can open /about and a customer page', async ({ page }) => {
    await signIn(page, 'cashier@demo.ly');
    await page.goto('/about');
    await expect(page).toHaveURL(/\/about$/);
    await page.goto('/customer/1');
    await expect(page).toHaveURL(/\/customer\/1$/);
    // The page (the customer, or that there is none) rather than its loader.
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await saveScreenshot(page, 'customer-placeholder-ar');
  });
});
