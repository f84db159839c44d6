import { expect, test, type Page } from '@playwright/test';
import {
  bearerOf,
  PHONE_VIEWPORT,
  saveScreenshot,
  screenshotFromTop,
  signIn,
  switchTo,
  uniquePhone,
} from './helpers';

// A sale without a customer at the till (issue #38, items 5 and 6), against the real server: the
// cashier opens the walk-in tile, a refused total changes nothing, the sale's receipt carries the
// claim link as a QR code (on the screen and on paper); the buyer follows the link in a new page,
// claims with a name and phone, and the sale's points land; that new member's next sale carries
// the QR code of the customer's own page.

const TEXT = {
  ar: {
    tile: 'بيع بدون عميل',
    total: /إجمالي المبلغ/,
    create: 'إنشاء الفاتورة',
    claimQr: 'رمز QR لطلب نقاط هذه الفاتورة',
    pageQr: 'رمز QR لصفحة نقاط العميل',
    noCustomer: 'بدون عميل',
    chooseCustomer: 'اختر عميلًا بدلًا من ذلك',
    customer: 'العميل',
    name: 'الاسم الكامل',
    submit: 'أضف نقاطي',
    done: 'أُضيفت النقاط',
    buyer: 'سالمة الورفلي',
  },
  en: {
    tile: 'Sale without a customer',
    total: /Total Cost/,
    create: 'Create Invoice',
    claimQr: "QR code to claim this sale's points",
    pageQr: "QR code of the customer's points page",
    noCustomer: 'None (walk-in)',
    chooseCustomer: 'Choose a customer instead',
    customer: 'Customer',
    name: 'Full name',
    submit: 'Get my points',
    done: 'Points added',
    buyer: 'Salma Warfalli',
  },
} as const;

async function invoicesToday(page: Page): Promise<number> {
  const today = await page.request.get('/api/v1/pos/today', { headers: await bearerOf(page) });
  expect(today.status()).toBe(200);
  return ((await today.json()) as { data: { invoices: number } }).data.invoices;
}

/** The next POST /invoices answer. */
function nextSale(page: Page) {
  return page.waitForResponse(
    (response) => response.url().endsWith('/api/v1/invoices') && response.request().method() === 'POST',
  );
}

for (const lang of ['ar', 'en'] as const) {
  test(`a sale without a customer: the receipt's QR code, the buyer's claim, then the member's page QR (${lang})`, async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const L = TEXT[lang];
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    const headers = await bearerOf(page);

    await page.getByTestId('tile-walkInSale').click();
    const modal = page.getByRole('dialog', { name: L.tile });
    await expect(modal.getByTestId('walk-in-notice')).toBeVisible();
    await expect(modal.getByLabel(L.customer, { exact: true })).toHaveCount(0);
    await page.setViewportSize(PHONE_VIEWPORT);
    await saveScreenshot(page, `walk-in-form-${lang}-390`);
    await page.setViewportSize({ width: 1280, height: 900 });

    // A total the server refuses: its words under the field, and no sale.
    const before = await invoicesToday(page);
    await modal.getByLabel(L.total).fill('0.001');
    let answer = nextSale(page);
    await modal.getByRole('button', { name: L.create }).click();
    expect((await answer).status()).toBe(422);
    await expect(modal.getByLabel(L.total)).toHaveAttribute('aria-invalid', 'true');
    await expect(modal.getByTestId('receipt')).toHaveCount(0);
    expect(await invoicesToday(page)).toBe(before);

    // The sale: walk_in, no customer; the receipt carries the claim link as a QR code.
    const expected = await page.request.get('/api/v1/invoices/preview?total=40', { headers });
    const claimable = ((await expected.json()) as { data: { points: number } }).data.points;
    expect(claimable).toBeGreaterThan(0);
    await modal.getByLabel(L.total).fill('40');
    answer = nextSale(page);
    await modal.getByRole('button', { name: L.create }).click();
    const made = await answer;
    expect(made.status()).toBe(201);
    expect(made.request().postDataJSON()).toEqual({ walk_in: true, invoice_id: null, total_cost: '40.000' });
    expect(made.request().headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
    const sold = (await made.json()) as { data: { claim_url: string; claim: { points: number } } };
    const claimUrl = sold.data.claim_url;
    expect(claimUrl).toContain('/claim/');
    // The claim holds what the preview promised, and the receipt says so in the page's digits.
    expect(sold.data.claim.points).toBe(claimable);
    expect(await invoicesToday(page)).toBe(before + 1);

    const receipt = modal.getByTestId('receipt');
    await expect(receipt).toContainText(L.noCustomer);
    const qr = receipt.getByRole('img', { name: L.claimQr });
    await expect(qr).toBeVisible();
    expect(await qr.evaluate((element) => element.tagName.toLowerCase())).toBe('svg');
    await expect(receipt.getByTestId('receipt-claim-url')).toContainText(claimUrl);
    await expect(receipt.getByTestId('receipt-claim-waiting')).toContainText(String(claimable));
    await expect(modal.getByTestId('claim-link')).toHaveAttribute('href', claimUrl);
    await expect(modal.getByTestId('claim-share').getByRole('button')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    await saveScreenshot(page, `walk-in-receipt-${lang}`);
    await page.setViewportSize(PHONE_VIEWPORT);
    await qr.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `walk-in-receipt-${lang}-390`);
    // No sideways scrolling at a phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

    // On paper too: the copy that only print shows has the code.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('receipt-print').locator('svg')).toBeVisible();
    await saveScreenshot(page, `walk-in-receipt-print-${lang}`);
    await page.emulateMedia({ media: 'screen' });

    // The buyer follows the link in a new page and claims with a name and a phone.
    const phone = uniquePhone('0915');
    const popup = page.waitForEvent('popup');
    await modal.getByTestId('claim-link').click();
    const buyer = await popup;
    await buyer.setViewportSize(PHONE_VIEWPORT);
    await expect(buyer.getByTestId('claim-form')).toBeVisible();
    await buyer.getByLabel(L.name).fill(L.buyer);
    await buyer.locator('input[name="phone"]').fill(phone);
    await screenshotFromTop(buyer, `walk-in-claim-form-${lang}-390`);
    await buyer.getByRole('button', { name: L.submit }).click();
    await expect(buyer.getByRole('heading', { name: L.done })).toBeVisible();
    await screenshotFromTop(buyer, `walk-in-claim-done-${lang}-390`);
    await buyer.close();

    // The points landed: the new member holds exactly the sale's points.
    const found = await page.request.post('/api/v1/customers/search', { headers, data: { query: phone } });
    const member = ((await found.json()) as { data: { id: number; name: string; loyalty_points: number }[] })
      .data[0]!;
    expect(member.name).toBe(L.buyer);
    expect(member.loyalty_points).toBe(claimable);

    // Back at the till: a sale to the new member carries the QR code of the customer's page.
    await modal.getByRole('button', { name: L.chooseCustomer }).click();
    const search = modal.getByLabel(L.customer, { exact: true });
    await search.click();
    await page.keyboard.insertText(phone);
    await page.keyboard.press('Enter');
    await expect(modal.getByTestId('selected-customer')).toBeVisible();
    await modal.getByLabel(L.total).fill('10');
    answer = nextSale(page);
    await modal.getByRole('button', { name: L.create }).click();
    expect((await answer).status()).toBe(201);
    const pageQr = modal.getByTestId('receipt').getByRole('img', { name: L.pageQr });
    await expect(pageQr).toBeVisible();
    await expect(modal.getByTestId('customer-page-link')).toHaveAttribute('href', /\/me\//);
    await expect(modal.getByTestId('claim-link')).toHaveCount(0);
    await pageQr.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `member-receipt-${lang}-390`);
  });
}
