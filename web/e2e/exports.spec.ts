import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { apiAuth, saveScreenshot, signIn, switchTo } from './helpers';

// An owner downloads a CSV file of the invoices (issue #19): it opens in a spreadsheet with
// the column names in the page's language, one row per invoice of the owner's, and a reversed
// date range gets the server's message under the field. Against the real server and demo data.
const TEXT = {
  ar: {
    tab: 'الاستيراد والتصدير',
    download: 'تنزيل CSV',
    firstColumn: 'رقم الفاتورة',
    reversed: 'تاريخ النهاية قبل تاريخ البداية.',
  },
  en: {
    tab: 'Import & export',
    download: 'Download CSV',
    firstColumn: 'Invoice ID',
    reversed: 'The end date is before the start date.',
  },
};

for (const lang of ['ar', 'en'] as const) {
  const text = TEXT[lang];
  test(`an owner downloads the invoices as a CSV file (${lang})`, async ({ page, request }) => {
    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByRole('tab', { name: text.tab }).click();
    await expect(page.getByTestId('exports')).toBeVisible();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: text.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^invoices-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await readFile((await download.path()) ?? '', 'utf8');
    expect(file.startsWith('\u{feff}')).toBe(true);
    const lines = file.slice(1).trimEnd().split('\n');
    expect(lines[0]?.split(',')[0]).toBe(text.firstColumn);
    // As many rows as the owner's invoices, which the API lists with their total.
    const auth = await apiAuth(request, 'owner@demo.ly');
    const list = await request.get('/api/v1/invoices?per_page=1', { headers: auth });
    const total = ((await list.json()) as { meta: { total: number } }).meta.total;
    expect(lines.length - 1).toBe(total);
    await expect(page.getByTestId('export-done')).toContainText(`invoices-`);
    await saveScreenshot(page, `owner-exports-${lang}`);

    await page.getByTestId('export-from').fill('2026-03-02');
    await page.getByTestId('export-to').fill('2026-03-01');
    await page.getByRole('button', { name: text.download }).click();
    await expect(page.getByText(text.reversed)).toBeVisible();
    await expect(page.getByTestId('export-to')).toHaveAttribute('aria-invalid', 'true');
  });
}

const ADMIN = {
  ar: {
    tab: 'التصدير',
    users: 'المستخدمون',
    cards: 'بطاقات الاستبدال',
    firstColumn: 'رقم المستخدم',
    download: 'تنزيل CSV',
    notPerStore: 'يشمل هذا التصدير المنصة كلها؛ لا تختر متجراً',
  },
  en: {
    tab: 'Exports',
    users: 'Users',
    cards: 'Redemption cards',
    firstColumn: 'User ID',
    download: 'Download CSV',
    notPerStore: 'This export covers the whole platform; leave the store out',
  },
};

for (const lang of ['ar', 'en'] as const) {
  const text = ADMIN[lang];
  test(`the admin downloads the platform's users as a CSV file (${lang})`, async ({ page, request }) => {
    await signIn(page, 'admin@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByRole('tab', { name: text.tab }).click();
    await expect(page.getByTestId('exports')).toBeVisible();
    await page.getByTestId('export-kind').click();
    await page.getByRole('option', { name: text.users, exact: true }).click();

    const downloading = page.waitForEvent('download');
    await page.getByRole('button', { name: text.download }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toMatch(/^users-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await readFile((await download.path()) ?? '', 'utf8');
    const lines = file.slice(1).trimEnd().split('\n');
    expect(lines[0]?.split(',')[0]).toBe(text.firstColumn);
    // As many rows as the platform's users, which the admin's list counts.
    const auth = await apiAuth(request, 'admin@demo.ly');
    const list = await request.get('/api/v1/users?per_page=1', { headers: auth });
    const total = ((await list.json()) as { meta: { total: number } }).meta.total;
    expect(lines.length - 1).toBe(total);
    await saveScreenshot(page, `admin-exports-${lang}`);

    // Cards are the platform's, not a store's: the server says so under the store.
    await page.getByTestId('export-kind').click();
    await page.getByRole('option', { name: text.cards, exact: true }).click();
    await page.getByTestId('export-store').click();
    await page.getByRole('option').first().click();
    await page.getByRole('button', { name: text.download }).click();
    await expect(page.getByText(text.notPerStore)).toBeVisible();
  });
}
