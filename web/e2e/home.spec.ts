import { expect, test } from '@playwright/test';
import { expectDirection, saveScreenshot, switchTo } from './helpers';

test.describe('home page', () => {
  test('is Arabic and right-to-left by default', async ({ page }) => {
    await page.goto('/');
    await expectDirection(page, 'ar');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'المزايا الرئيسية' })).toBeVisible();
    await saveScreenshot(page, 'home-ar');
  });

  test('switches to English, left-to-right, and keeps it after a reload', async ({ page }) => {
    await page.goto('/');
    await switchTo(page, 'en');
    await expect(page.getByRole('heading', { name: 'Key features' })).toBeVisible();
    for (const title of ['Multi-role management', 'Points and rewards', 'Analytics and reports']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await saveScreenshot(page, 'home-en');

    await page.reload();
    await expectDirection(page, 'en');
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('en');
  });

  test('both call-to-action buttons lead to /login', async ({ page }) => {
    await page.goto('/');
    await switchTo(page, 'en');
    await page.getByRole('link', { name: 'Get started' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await page.goto('/');
    await page.getByRole('link', { name: 'Sign in to your account' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('public pages render', async ({ page }) => {
    await page.goto('/check-points');
    await expect(page.getByRole('heading', { name: 'استعلم عن نقاطك' })).toBeVisible();
    await expect(page.getByLabel('رقم الهاتف')).toBeEnabled();
    await saveScreenshot(page, 'check-points-ar');

    await page.goto('/about');
    await expect(page.getByRole('heading', { name: 'عن نقاط' })).toBeVisible();
    await saveScreenshot(page, 'about-ar');

    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'الصفحة غير موجودة' })).toBeVisible();
    await saveScreenshot(page, 'not-found-ar');
  });
});
