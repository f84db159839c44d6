import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { apiAuth, saveScreenshot, signIn, switchTo } from './helpers';

// An owner imports customers from a CSV file (issue #19, item 3): the check shows every row's
// outcome from the server, the import adds the new ones with their points, and the same file
// again adds nothing. Against the real server; the imported customers are hidden again after.
const TEXT = {
  ar: {
    headings: 'الأعمدة والعناوين التي تُقرأ',
    template: 'الاسم,الهاتف,البريد الإلكتروني,النقاط,موافقة واتساب,موافقة الرسائل النصية,اللغة',
    shopHeading: 'اسم الزبون',
    tab: 'الاستيراد والتصدير',
    nameRequired: 'اسم العميل مطلوب',
    done: 'استُورد عميلان',
    twoNew: 'عميلان جديدان',
    noneNew: '0 جديد',
  },
  en: {
    headings: 'Which columns and headings are read',
    template: 'name,phone,email,points,whatsapp consent,sms consent,language',
    shopHeading: 'customer name',
    tab: 'Import & export',
    nameRequired: 'Customer name is required',
    done: 'Imported 2 customers',
    twoNew: '2 new',
    noneNew: '0 new',
  },
};

for (const [index, lang] of (['ar', 'en'] as const).entries()) {
  const text = TEXT[lang];
  test(`an owner imports customers with their points from a CSV file (${lang})`, async ({
    page,
    request,
  }) => {
    const auth = await apiAuth(request, 'owner@demo.ly');
    // Two new customers, Fatima who is already one, and a row without a name.
    const phones = [`09130009${index}1`, `09130009${index}2`];
    const file = [
      '\u{feff}Name,Phone,Points',
      `Salma ${lang},${phones[0]},250`,
      `Omar ${lang},${phones[1]},`,
      'Fatima,0912345678,40',
      `,09130009${index}3,5`,
      '',
    ].join('\n');

    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByRole('tab', { name: text.tab }).click();
    const card = page.getByTestId('import-customers');
    await card.getByTestId('import-store').click();
    await page.getByRole('option').first().click();
    await card.locator('input[type="file"]').setInputFiles({
      name: 'customers.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(file, 'utf8'),
    });
    await card.getByTestId('import-check').click();
    await expect(card.getByTestId('import-new')).toHaveText(text.twoNew);
    await expect(card.getByTestId('import-existing')).toBeVisible();
    await expect(card.getByTestId('import-problems')).toContainText(text.nameRequired);
    await saveScreenshot(page, `owner-import-check-${lang}`);

    await card.getByTestId('import-run').click();
    await expect(card.getByTestId('import-done')).toContainText(text.done);

    // The server has them, with the points the file gave.
    const found = await request.get(`/api/v1/customers?search=${phones[0]}`, { headers: auth });
    const salma = ((await found.json()) as { data: { id: number; loyalty_points: number }[] }).data[0];
    expect(salma?.loyalty_points).toBe(250);

    // The same file again: nothing new to import.
    await card.getByTestId('import-check').click();
    await expect(card.getByTestId('import-new')).toHaveText(text.noneNew);
    await expect(card.getByTestId('import-run')).toBeHidden();

    // Hidden again: a customer who holds points is deleted only once they are taken away.
    for (const phone of phones) {
      const answer = await request.get(`/api/v1/customers?search=${phone}`, { headers: auth });
      const customers = ((await answer.json()) as { data: { id: number; loyalty_points: number }[] }).data;
      for (const customer of customers) {
        const path = `/api/v1/customers/${customer.id}`;
        if (customer.loyalty_points > 0) {
          expect((await request.delete(path, { headers: auth })).status()).toBe(409);
          const taken = { points: -customer.loyalty_points, reason: 'e2e clean-up' };
          expect((await request.put(`${path}/points`, { headers: auth, data: taken })).status()).toBe(200);
        }
        expect((await request.delete(path, { headers: auth })).status()).toBe(204);
      }
    }
  });
}

for (const lang of ['ar', 'en'] as const) {
  const text = TEXT[lang];
  test(`the import screen lists the headings it reads and gives a template (${lang})`, async ({ page }) => {
    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByRole('tab', { name: text.tab }).click();
    const card = page.getByTestId('import-customers');
    await expect(card.getByTestId('import-expiry-note')).toBeVisible();
    await card.getByRole('button', { name: text.headings }).click();
    const table = card.getByTestId('import-headings-table');
    await expect(table.locator('[data-field="name"]')).toContainText(text.shopHeading);
    await expect(table.locator('[data-field="points"]')).toContainText('الرصيد');
    // Consent to messages and their language are read too (issue #39).
    await expect(table.locator('[data-field="whatsapp_consent"]')).toContainText('موافقة واتساب');
    await expect(table.locator('[data-field="language"]')).toContainText('language');
    await saveScreenshot(page, `owner-import-headings-${lang}`);

    const download = page.waitForEvent('download');
    await card.getByTestId('import-template').click();
    const file = await download;
    const bytes = readFileSync(await file.path());
    // UTF-8 with the byte-order mark Excel needs to show Arabic; the headings in the app's language.
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(bytes.subarray(3).toString('utf8')).toBe(`${text.template}\r\n`);
  });
}
