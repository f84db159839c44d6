import path from 'node:path';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { apiAuth, PHONE_VIEWPORT, signIn, switchTo } from './helpers';

// How long data is kept, against the real server: the owner changes both times in the settings
// tab's dialog; times out of bounds are refused, each with the server's message (in the page's
// language) under its own field and nothing saved; good ones are saved and read back after a
// reload. Every spec shares one database: the server's defaults are put back after each test.

const TEXT = {
  ar: {
    settings: 'الإعدادات',
    title: 'مدة الاحتفاظ بالبيانات',
    edit: 'تغيير مدة الاحتفاظ',
    months: 'الاحتفاظ بنشاط نقاط البيع (بالأشهر)',
    days: 'الاحتفاظ بإرسالات خطافات الويب المكتملة (بالأيام)',
    save: 'حفظ',
    saved: 'حُفظت مدة الاحتفاظ بالبيانات.',
    monthsRefused: 'احتفظ بنشاط نقاط البيع من 3 إلى 36 شهراً',
    daysRefused: 'احتفظ بإرسالات خطافات الويب من 7 إلى 90 يوماً',
    defaults: { activity: '24 شهرًا', deliveries: '30 يومًا' },
    chosen: { activity: '12 شهرًا', deliveries: '14 يومًا' },
    // Typed on an Arabic keypad: Eastern Arabic digits are read as Latin.
    typed: { badMonths: '٢', badDays: '٩١', months: '١٢', days: '١٤' },
  },
  en: {
    settings: 'Settings',
    title: 'Data kept',
    edit: 'Change how long data is kept',
    months: 'Keep POS activity for (months)',
    days: 'Keep finished webhook deliveries for (days)',
    save: 'Save',
    saved: 'Data kept saved.',
    monthsRefused: 'Keep POS activity 3 to 36 months',
    daysRefused: 'Keep webhook deliveries 7 to 90 days',
    defaults: { activity: '24 months', deliveries: '30 days' },
    chosen: { activity: '12 months', deliveries: '14 days' },
    typed: { badMonths: '2', badDays: '91', months: '12', days: '14' },
  },
} as const;

const DEFAULTS = { activity_log_months: 24, webhook_delivery_days: 30 };

async function saved(request: APIRequestContext): Promise<typeof DEFAULTS> {
  const answer = await request.get('/api/v1/store-owner/data-retention', {
    headers: await apiAuth(request, 'owner@demo.ly'),
  });
  expect(answer.status()).toBe(200);
  return ((await answer.json()) as { data: typeof DEFAULTS }).data;
}

async function putDefaults(request: APIRequestContext): Promise<void> {
  const answer = await request.put('/api/v1/store-owner/data-retention', {
    headers: await apiAuth(request, 'owner@demo.ly'),
    data: DEFAULTS,
  });
  expect(answer.status()).toBe(200);
}

/**
 * What the screen shows at a width (not the whole page), with the part named scrolled into view;
 * the page's own size is put back after.
 */
async function shot(page: Page, name: string, width?: number, part?: Locator): Promise<void> {
  const before = page.viewportSize();
  if (width && before) await page.setViewportSize({ width, height: PHONE_VIEWPORT.height });
  await part?.scrollIntoViewIfNeeded();
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: path.join(test.info().project.testDir, 'screenshots', `${name}.png`) });
  if (width && before) await page.setViewportSize(before);
}

test.beforeEach(async ({ request }) => putDefaults(request));
test.afterEach(async ({ request }) => putDefaults(request));

for (const lang of ['ar', 'en'] as const) {
  test(`the owner chooses how long data is kept; times out of bounds are refused (${lang})`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByRole('tab', { name: text.settings }).click();
    const section = page.getByTestId('retention-settings');
    await expect(section.getByTestId('retention-activity')).toHaveText(text.defaults.activity);
    await expect(section.getByTestId('retention-deliveries')).toHaveText(text.defaults.deliveries);
    await shot(page, `data-retention-${lang}`, undefined, section);
    await shot(page, `data-retention-${lang}-phone`, PHONE_VIEWPORT.width, section);

    // Both out of bounds: each field says why in the page's language, nothing is saved.
    await section.getByRole('button', { name: text.edit }).click();
    const dialog = page.getByRole('dialog', { name: text.title });
    const months = dialog.getByLabel(text.months);
    const days = dialog.getByLabel(text.days);
    await expect(months).toHaveValue('24');
    await months.fill(text.typed.badMonths);
    await days.fill(text.typed.badDays);
    await dialog.getByRole('button', { name: text.save, exact: true }).click();
    await expect(dialog.getByText(text.monthsRefused)).toBeVisible();
    await expect(dialog.getByText(text.daysRefused)).toBeVisible();
    await expect(months).toHaveAttribute('aria-invalid', 'true');
    await expect(days).toHaveAttribute('aria-invalid', 'true');
    expect(await saved(page.request)).toEqual(DEFAULTS);
    await shot(page, `data-retention-refused-${lang}`);
    await shot(page, `data-retention-refused-${lang}-phone`, PHONE_VIEWPORT.width);

    // Good times: saved, shown in the section, and still there after a reload.
    await months.fill(text.typed.months);
    await days.fill(text.typed.days);
    await dialog.getByRole('button', { name: text.save, exact: true }).click();
    await expect(page.getByTestId('toasts')).toContainText(text.saved);
    await expect(dialog).toBeHidden();
    await expect(section.getByTestId('retention-activity')).toHaveText(text.chosen.activity);
    expect(await saved(page.request)).toEqual({ activity_log_months: 12, webhook_delivery_days: 14 });
    await page.reload();
    await expect(section.getByTestId('retention-activity')).toHaveText(text.chosen.activity);
    await expect(section.getByTestId('retention-deliveries')).toHaveText(text.chosen.deliveries);
    await shot(page, `data-retention-saved-${lang}-phone`, PHONE_VIEWPORT.width, section);
    await section.getByRole('button', { name: text.edit }).click();
    await expect(dialog.getByLabel(text.months)).toHaveValue('12');
    await expect(dialog.getByLabel(text.days)).toHaveValue('14');
  });
}
