import { expect, test, type Page } from '@playwright/test';
import {
  apiAuth,
  bearerOf,
  PHONE_VIEWPORT,
  saveScreenshot,
  screenshotFromTop,
  signIn,
  switchTo,
  uniquePhone,
} from './helpers';

// Stamp cards against the real server (issue #38, item 2): the owner sets the card of the
// cashier's store in the store's settings, sales at the till earn stamps (the receipt says the
// count), the customer's page shows "n / required" with dots and a Redeem button once full,
// redeeming uses the stamps, and the public lookup shows them.

const TEXT = {
  ar: {
    stampCard: 'بطاقة الأختام',
    minTotal: /أقل مبلغ بيع للختم/,
    stampsRequired: /عدد الأختام للمكافأة/,
    reward: /^المكافأة/,
    save: 'حفظ',
    saved: 'حُفظت بطاقة الأختام.',
    negative: 'يجب أن يكون أقل مبلغ بيع يمنح ختماً 0 أو أكثر',
    redeem: 'استبدال المكافأة',
    redeemed: 'استُبدلت المكافأة واستُخدمت الأختام.',
    customer: 'العميل',
    reset: 'إعادة تعيين',
    total: 'إجمالي المبلغ (د.ل)',
    submit: 'إنشاء الفاتورة',
    checkPhone: 'رقم الهاتف',
    twoOfThree: 'ختمان من 3',
  },
  en: {
    stampCard: 'Stamp card',
    minTotal: /Smallest sale for a stamp/,
    stampsRequired: /Stamps for the reward/,
    reward: /^Reward/,
    save: 'Save',
    saved: 'Stamp card saved.',
    negative: 'The smallest sale that earns a stamp must be 0 or more',
    redeem: 'Redeem reward',
    redeemed: 'Reward redeemed: the stamps were used.',
    customer: 'Customer',
    reset: 'Reset',
    total: 'Total Cost (LYD)',
    submit: 'Create Invoice',
    checkPhone: 'Phone number',
    twoOfThree: '2 of 3 stamps',
  },
} as const;

/** The store the demo cashier sells in. */
async function cashierStore(page: Page): Promise<{ id: number; name: string }> {
  const headers = await apiAuth(page.request, 'cashier@demo.ly');
  const me = await page.request.get('/api/v1/auth/user', { headers });
  return ((await me.json()) as { data: { store: { id: number; name: string } } }).data.store;
}

// Every spec shares one demo database: the cashier's store goes back to no stamp card.
test.afterEach(async ({ request }) => {
  const me = await request.get('/api/v1/auth/user', { headers: await apiAuth(request, 'cashier@demo.ly') });
  const storeId = ((await me.json()) as { data: { store: { id: number } } }).data.store.id;
  const card = await request.delete(`/api/v1/stores/${storeId}/stamp-card`, {
    headers: await apiAuth(request, 'owner@demo.ly'),
  });
  expect([204, 404]).toContain(card.status());
});

async function signOut(page: Page) {
  await page.evaluate(() => window.localStorage.removeItem('token'));
}

for (const lang of ['ar', 'en'] as const) {
  test(`the owner sets a stamp card; sales earn stamps; the till redeems a full card (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    const store = await cashierStore(page);
    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByTestId('owner-tab-stores').click();
    const row = page.getByTestId('owner-stores').getByRole('row').filter({ hasText: store.name });
    await row.getByTestId('stamp-card-button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('stamp-card-form')).toBeVisible();
    await dialog.getByLabel(TEXT[lang].minTotal).fill('-1');
    await dialog.getByLabel(TEXT[lang].stampsRequired).fill('3');
    await dialog.getByLabel(TEXT[lang].reward).fill(lang === 'ar' ? 'قهوة مجانية' : 'Free coffee');
    await dialog.getByRole('button', { name: TEXT[lang].save }).click();
    // The server's rule, in the page's language, under its field.
    await expect(dialog.getByText(TEXT[lang].negative)).toBeVisible();
    await saveScreenshot(page, `stamps-card-form-${lang}`);
    await dialog.getByLabel(TEXT[lang].minTotal).fill('10');
    await dialog.getByRole('button', { name: TEXT[lang].save }).click();
    await expect(page.getByText(TEXT[lang].saved)).toBeVisible();
    await expect(dialog).toBeHidden();

    // The till: a new customer, two sales by the API and one at the counter.
    await signOut(page);
    await signIn(page, 'cashier@demo.ly');
    const headers = await bearerOf(page);
    const phone = uniquePhone('0916');
    const made = await page.request.post('/api/v1/customers', {
      headers,
      data: { name: `Stamps ${lang}`, phone },
    });
    expect(made.status()).toBe(201);
    const customer = ((await made.json()) as { data: { id: number } }).data.id;
    for (const total of ['12', '9']) {
      const sale = await page.request.post('/api/v1/invoices', {
        headers,
        data: { customer_id: customer, total_cost: total },
      });
      expect(sale.status()).toBe(201);
    }
    await page.goto(`/customer/${customer}`);
    const card = page.getByTestId('stamp-card');
    // 12 LYD earned a stamp, 9 LYD did not.
    await expect(card.getByTestId('stamp-dots-count')).toHaveText('1 / 3');
    await expect(card.getByTestId('redeem-stamps')).toHaveCount(0);

    // A sale at the counter: the receipt tells the stamps.
    await page.goto('/dashboard');
    await page.getByTestId('tile-createInvoice').click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel(TEXT[lang].customer, { exact: true }).fill(phone);
    await modal.getByTestId('customer-result').first().click();
    await modal.getByLabel(TEXT[lang].total).fill('15');
    await modal.getByRole('button', { name: TEXT[lang].submit }).click();
    await expect(modal.getByTestId('receipt-stamps').first()).toContainText(TEXT[lang].twoOfThree);
    await saveScreenshot(page, `stamps-receipt-${lang}`);
    await page.keyboard.press('Escape');

    const third = await page.request.post('/api/v1/invoices', {
      headers,
      data: { customer_id: customer, total_cost: '10' },
    });
    expect(third.status()).toBe(201);
    await page.goto(`/customer/${customer}`);
    await expect(card.getByTestId('stamp-dots-count')).toHaveText('3 / 3');
    await expect(card.getByTestId('stamp-event')).toHaveCount(3);
    await screenshotFromTop(page, `stamps-full-${lang}`);
    await screenshotFromTop(page, `stamps-full-${lang}-phone`, PHONE_VIEWPORT);
    await card.getByRole('button', { name: TEXT[lang].redeem }).click();
    await expect(page.getByText(TEXT[lang].redeemed)).toBeVisible();
    await expect(card.getByTestId('stamp-dots-count')).toHaveText('0 / 3');
    await expect(card.getByTestId('redeem-stamps')).toHaveCount(0);
    await expect(card.getByTestId('stamp-event')).toHaveCount(4);
    await screenshotFromTop(page, `stamps-redeemed-${lang}-phone`, PHONE_VIEWPORT);

    const history = await page.request.get(`/api/v1/customers/${customer}/stamps`, { headers });
    const events = ((await history.json()) as { data: { kind: string }[] }).data;
    expect(events.map((e) => e.kind)).toEqual(['redeemed', 'earned', 'earned', 'earned']);

    // The public lookup shows the stamps too.
    await signOut(page);
    await page.setViewportSize(PHONE_VIEWPORT);
    await page.goto('/check-points');
    await page.getByLabel(TEXT[lang].checkPhone).first().fill(phone);
    await page.getByLabel(TEXT[lang].checkPhone).first().press('Enter');
    await expect(page.getByTestId('public-stamps-count')).toHaveText('0 / 3');
    await screenshotFromTop(page, `stamps-public-${lang}-phone`, PHONE_VIEWPORT);
  });
}
