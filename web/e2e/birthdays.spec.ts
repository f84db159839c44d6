import { expect, test } from '@playwright/test';
import {
  bearerOf,
  PHONE_VIEWPORT,
  saveScreenshot,
  screenshotFromTop,
  signIn,
  switchTo,
  uniquePhone,
} from './helpers';

// Birthdays against the real server (issue #38, item 4): the owner sets the points a birthday
// brings, the cashier gives a customer a birthday (month by name, day), and the customer's page
// shows it in the reader's form ("15/03" in Arabic, "Mar 15" in English). A day that does not
// exist (30 February) is refused by the server, its message under the pair of selects.

const TEXT = {
  ar: {
    settings: 'الإعدادات',
    birthdayPoints: 'نقاط عيد الميلاد',
    save: 'حفظ',
    saved: 'تم حفظ إعدادات الولاء بنجاح!',
    edit: 'تعديل العميل',
    month: 'الشهر',
    day: 'اليوم',
    february: 'فبراير',
    march: 'مارس',
    saveCustomer: 'حفظ',
    invalid: 'أدخل تاريخ الميلاد شهراً ويوماً',
    shown: /15\/03/,
  },
  en: {
    settings: 'Settings',
    birthdayPoints: 'Birthday points',
    save: 'Save',
    saved: 'Loyalty settings saved successfully!',
    edit: 'Edit Customer',
    month: 'Month',
    day: 'Day',
    february: 'February',
    march: 'March',
    saveCustomer: 'Save',
    invalid: 'Enter a birthday as month and day',
    shown: /^Mar 15$/,
  },
} as const;

for (const lang of ['ar', 'en'] as const) {
  test(`the owner sets the points a birthday brings (${lang})`, async ({ page }) => {
    const text = TEXT[lang];
    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByRole('tab', { name: text.settings }).click();
    const points = page.getByLabel(text.birthdayPoints);
    await points.fill(lang === 'ar' ? '٢٥' : '25');
    await page.getByRole('button', { name: text.save, exact: true }).click();
    await expect(page.getByTestId('toasts')).toContainText(text.saved);
    await expect(points).toHaveValue('25');
    await page.getByTestId('birthday-settings').scrollIntoViewIfNeeded();
    await saveScreenshot(page, `birthday-settings-${lang}`);
  });

  test(`the cashier gives a customer a birthday, a day that does not exist refused (${lang})`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    const made = await page.request.post('/api/v1/customers', {
      headers: await bearerOf(page),
      data: { name: `Birthday ${lang}`, phone: uniquePhone('0916') },
    });
    expect(made.status()).toBe(201);
    const id = ((await made.json()) as { data: { id: number } }).data.id;
    await page.goto(`/customer/${id}`);
    await expect(page.getByTestId('customer-birthday')).toBeVisible();

    await page.getByRole('button', { name: text.edit }).click();
    const dialog = page.getByRole('dialog', { name: text.edit });
    await dialog.getByLabel(text.month).selectOption({ label: text.february });
    await dialog.getByLabel(text.day).selectOption('30');
    await dialog.getByRole('button', { name: text.saveCustomer, exact: true }).click();
    await expect(dialog.getByText(text.invalid)).toBeVisible();
    await screenshotFromTop(page, `birthday-invalid-${lang}-phone`, PHONE_VIEWPORT);

    await dialog.getByLabel(text.month).selectOption({ label: text.march });
    await dialog.getByLabel(text.day).selectOption('15');
    await expect(dialog.getByText(text.invalid)).toBeHidden();
    await dialog.getByRole('button', { name: text.saveCustomer, exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('customer-birthday')).toHaveText(text.shown);
    const stored = await page.request.get(`/api/v1/customers/${id}`, { headers: await bearerOf(page) });
    expect(((await stored.json()) as { data: { birthday: string } }).data.birthday).toBe('03-15');
    await screenshotFromTop(page, `birthday-customer-${lang}-phone`, PHONE_VIEWPORT);
  });
}
