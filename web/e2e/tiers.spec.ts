import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { apiAuth, PHONE_VIEWPORT, saveScreenshot, signIn, switchTo, uniquePhone } from './helpers';

// Tiers against the real server (issue #38, item 3): the owner sets a ladder in the settings tab,
// a ladder whose spends do not rise is refused (the server's message under that row's spend,
// nothing saved), a good one is saved; a sale moves a new customer up, and the customer's page
// shows the tier, its multiplier, the spend and what the next level needs. Every spec shares one
// database: the tiers are removed again after each test, so other specs' points are unchanged.

const TEXT = {
  ar: {
    setUp: 'إعداد المستويات',
    edit: 'تعديل المستويات',
    nameEn: 'الاسم بالإنجليزية',
    nameAr: 'الاسم بالعربية',
    minSpend: 'ابتداءً من إنفاق 12 شهرًا (د.ل)',
    multiplier: /مُضاعِف النقاط/,
    add: 'إضافة مستوى',
    save: 'حفظ',
    saved: 'حُفظت المستويات.',
    order: 'يجب أن يكون إنفاق كل مستوى أعلى من المستوى الذي قبله',
    removeAll: 'إزالة كل المستويات',
    removed: 'أُزيلت المستويات.',
    gold: 'ذهبي',
    next: 'بقي 1,400.000 د.ل. للوصول إلى بلاتيني',
    spend: 'الإنفاق خلال آخر 12 شهرًا: 600.000 د.ل.',
  },
  en: {
    setUp: 'Set up tiers',
    edit: 'Edit tiers',
    nameEn: 'English name',
    nameAr: 'Arabic name',
    minSpend: 'Spend in 12 months from (LYD)',
    multiplier: /Points multiplier/,
    add: 'Add level',
    save: 'Save',
    saved: 'Tiers saved.',
    order: 'Each tier needs a higher spend than the one before',
    removeAll: 'Remove all tiers',
    removed: 'Tiers removed.',
    gold: 'Gold',
    next: 'LYD 1,400.000 more to Platinum',
    spend: 'Spent in the last 12 months: LYD 600.000',
  },
} as const;

type Lang = keyof typeof TEXT;
interface Level {
  name_en: string;
  name_ar: string;
  min_spend: string;
  multiplier: string;
}
const SILVER = { name_en: 'Silver', name_ar: 'فضي', min_spend: '0', multiplier: '1.0' };
const GOLD = { name_en: 'Gold', name_ar: 'ذهبي', min_spend: '500', multiplier: '1.5' };
const PLATINUM = { name_en: 'Platinum', name_ar: 'بلاتيني', min_spend: '2000', multiplier: '2.0' };

async function fill(row: Locator, lang: Lang, level: Level) {
  const text = TEXT[lang];
  await row.getByLabel(text.nameEn).fill(level.name_en);
  await row.getByLabel(text.nameAr).fill(level.name_ar);
  await row.getByLabel(text.minSpend).fill(level.min_spend);
  await row.getByLabel(text.multiplier).fill(level.multiplier);
}

async function savedLadder(page: Page): Promise<{ name_en: string; min_spend: string }[]> {
  const answer = await page.request.get('/api/v1/loyalty-tiers', {
    headers: await apiAuth(page.request, 'owner@demo.ly'),
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: { tiers: { name_en: string; min_spend: string }[] } }).data.tiers;
}

/** What the screen shows (not the whole page): a dialog's part scrolled into view. */
async function screenshotInView(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(test.info().project.testDir, 'screenshots', `${name}.png`) });
}

const SIZES = [
  { size: 'desktop', viewport: { width: 1280, height: 800 } },
  { size: 'phone', viewport: PHONE_VIEWPORT },
] as const;

// Whatever happened in the test, the demo goes back to no tiers.
test.afterEach(async ({ request }) => {
  const removed = await request.put('/api/v1/loyalty-tiers', {
    headers: await apiAuth(request, 'owner@demo.ly'),
    data: { tiers: [] },
  });
  expect(removed.status()).toBe(200);
});

for (const lang of ['ar', 'en'] as const) {
  for (const { size, viewport } of SIZES) {
    test(`the owner sets tiers, a bad ladder is refused, a sale moves a customer up (${lang}, ${size})`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      const shot = `${lang}-${size}`;
      test.setTimeout(120_000);
      const text = TEXT[lang];
      await signIn(page, 'owner@demo.ly');
      if (lang === 'en') await switchTo(page, 'en');
      await page.getByTestId('owner-tab-settings').click();
      const section = page.getByTestId('tier-settings');
      await expect(section.getByTestId('tiers-none')).toBeVisible();

      // Two levels.
      await section.getByRole('button', { name: text.setUp }).click();
      const dialog = page.getByRole('dialog');
      const form = dialog.getByTestId('tiers-form');
      await fill(form.getByTestId('tier-fields').nth(0), lang, SILVER);
      await form.getByRole('button', { name: text.add }).click();
      await fill(form.getByTestId('tier-fields').nth(1), lang, GOLD);
      await form.getByRole('button', { name: text.save, exact: true }).click();
      await expect(page.getByTestId('toasts')).toContainText(text.saved);
      await expect(dialog).toBeHidden();
      await expect(section.getByTestId('tier-row')).toHaveCount(2);
      await expect(section.getByTestId('tier-row').nth(1)).toContainText(text.gold);

      // A third level below the second: the server's message under that row's spend, nothing saved.
      await section.getByRole('button', { name: text.edit }).click();
      await form.getByRole('button', { name: text.add }).click();
      const third = form.getByTestId('tier-fields').nth(2);
      await fill(third, lang, { ...PLATINUM, min_spend: lang === 'ar' ? '٣٠٠' : '300' });
      await form.getByRole('button', { name: text.save, exact: true }).click();
      await expect(third.getByLabel(text.minSpend)).toHaveAttribute('aria-invalid', 'true');
      await expect(third.getByText(text.order)).toBeVisible();
      await expect(form.getByTestId('tier-fields').nth(1).getByLabel(text.minSpend)).not.toHaveAttribute(
        'aria-invalid',
        'true',
      );
      await third.getByLabel(text.minSpend).scrollIntoViewIfNeeded();
      await screenshotInView(page, `tiers-refused-${shot}`);
      expect((await savedLadder(page)).map((tier) => tier.name_en)).toEqual(['Silver', 'Gold']);

      // Put right: saved, three levels.
      await third.getByLabel(text.minSpend).fill(PLATINUM.min_spend);
      await expect(third.getByLabel(text.minSpend)).not.toHaveAttribute('aria-invalid', 'true');
      await form.getByRole('button', { name: text.save, exact: true }).click();
      await expect(dialog).toBeHidden();
      await expect(section.getByTestId('tier-row')).toHaveCount(3);
      expect((await savedLadder(page)).map((tier) => tier.min_spend)).toEqual([
        '0.000',
        '500.000',
        '2000.000',
      ]);
      await section.scrollIntoViewIfNeeded();
      await screenshotInView(page, `tiers-settings-${shot}`);

      // A new customer's first sale of 600 LYD: Gold at once, 1,400 LYD short of Platinum.
      const cashier = await apiAuth(page.request, 'cashier@demo.ly');
      const made = await page.request.post('/api/v1/customers', {
        headers: cashier,
        data: { name: `Tier ${shot}`, phone: uniquePhone('0917') },
      });
      expect(made.status()).toBe(201);
      const id = ((await made.json()) as { data: { id: number } }).data.id;
      const sale = await page.request.post('/api/v1/invoices', {
        headers: cashier,
        data: { customer_id: id, total_cost: '600' },
      });
      expect(sale.status()).toBe(201);
      const sold = (await sale.json()) as { data: { tier: { name_en: string } | null } };
      expect(sold.data.tier?.name_en).toBe('Gold');

      await page.goto(`/customer/${id}`);
      const tier = page.getByTestId('customer-tier');
      await expect(tier.getByTestId('tier-name')).toHaveText(text.gold);
      // A left-to-right island (U+2066 ... U+2069): "×1.5" in Arabic too.
      await expect(tier.getByTestId('tier-multiplier')).toHaveText(/^\u2066?×1\.5\u2069?$/);
      await expect(tier.getByTestId('tier-spend')).toHaveText(text.spend);
      await expect(tier.getByTestId('tier-next')).toHaveText(text.next);
      await expect(tier.getByTestId('tier-grace')).toHaveCount(0);
      await saveScreenshot(page, `tiers-customer-${shot}`);

      // Removing every tier asks first, then the section says there are none.
      await page.goto('/dashboard');
      await page.getByTestId('owner-tab-settings').click();
      await section.getByRole('button', { name: text.removeAll }).click();
      const question = page.getByRole('dialog');
      await question.getByTestId('confirm-button').click();
      await expect(page.getByTestId('toasts')).toContainText(text.removed);
      await expect(section.getByTestId('tiers-none')).toBeVisible();
      expect(await savedLadder(page)).toEqual([]);
    });
  }
}

const TILL = {
  ar: {
    customer: 'العميل',
    total: 'إجمالي المبلغ (د.ل)',
    submit: 'إنشاء الفاتورة',
    tier: 'ذهبي (النقاط ×1.5)',
  },
  en: {
    customer: 'Customer',
    total: 'Total Cost (LYD)',
    submit: 'Create Invoice',
    tier: 'Gold (points ×1.5)',
  },
} as const;

for (const lang of ['ar', 'en'] as const) {
  test(`the till's receipt prints the tier and the points it multiplied (${lang})`, async ({ page }) => {
    const owner = await apiAuth(page.request, 'owner@demo.ly');
    const saved = await page.request.put('/api/v1/loyalty-tiers', {
      headers: owner,
      data: { tiers: [GOLD] },
    });
    expect(saved.status()).toBe(200);
    // A customer who reached Gold with a first sale of 600 LYD.
    const cashier = await apiAuth(page.request, 'cashier@demo.ly');
    const phone = uniquePhone('0917');
    const made = await page.request.post('/api/v1/customers', {
      headers: cashier,
      data: { name: `Receipt tier ${lang}`, phone },
    });
    expect(made.status()).toBe(201);
    const id = ((await made.json()) as { data: { id: number } }).data.id;
    const first = await page.request.post('/api/v1/invoices', {
      headers: cashier,
      data: { customer_id: id, total_cost: '600' },
    });
    expect(first.status()).toBe(201);
    // What a 20 LYD sale earns this customer, as the server counts it (the owner's rate, x1.5).
    const preview = await page.request.get(`/api/v1/invoices/preview?total=20&customer_id=${id}`, {
      headers: cashier,
    });
    const expected = ((await preview.json()) as { data: { points: number; multiplier: string } }).data;
    expect(expected.multiplier).toBe('1.5');

    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByTestId('tile-createInvoice').click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel(TILL[lang].customer, { exact: true }).fill(phone);
    await modal.getByTestId('customer-result').first().click();
    await modal.getByLabel(TILL[lang].total).fill('20');
    await modal.getByRole('button', { name: TILL[lang].submit }).click();
    const receipt = modal.getByTestId('receipt');
    await expect(receipt.getByTestId('receipt-tier')).toContainText(TILL[lang].tier);
    await expect(receipt.getByTestId('receipt-points')).toContainText(String(expected.points));
    await page.evaluate(() => document.fonts.ready);
    await saveScreenshot(page, `tiers-receipt-${lang}`);
  });
}
