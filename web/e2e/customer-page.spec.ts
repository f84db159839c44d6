import { expect, test, type Page } from '@playwright/test';
import { bearerOf, PHONE_VIEWPORT, screenshotFromTop, signIn, switchTo, uniquePhone } from './helpers';

// The customer's own page and points for cash receipts (issue #38, items 5 and 6), against the
// real server: a sale answers a link to the customer's page, which shows the balance without
// signing in; a walk-in sale answers a claim link, where the buyer claims the points once.

const TEXT = {
  ar: {
    total: 'النقاط في كل المتاجر',
    submit: 'أضف نقاطي',
    name: 'الاسم الكامل',
    done: 'أُضيفت النقاط',
    openPage: 'افتح صفحة نقاطي',
    used: 'نقاط هذا الإيصال طُلبت من قبل.',
  },
  en: {
    total: 'Points in all stores',
    submit: 'Get my points',
    name: 'Full name',
    done: 'Points added',
    openPage: 'Open my points page',
    used: 'The points of this receipt were already claimed.',
  },
} as const;

/** The path of a link the server made with its public URL. */
const pathOf = (url: string) => new URL(url).pathname;

async function sale(page: Page, data: Record<string, unknown>) {
  const made = await page.request.post('/api/v1/invoices', { headers: await bearerOf(page), data });
  expect(made.status()).toBe(201);
  return (
    (await made.json()) as {
      data: {
        customer_total_points: number;
        points_added: number;
        customer_page_url: string | null;
        claim_url: string | null;
      };
    }
  ).data;
}

for (const lang of ['ar', 'en'] as const) {
  test(`a sale's link opens the customer's page with the balance (${lang})`, async ({ page }) => {
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    const headers = await bearerOf(page);
    const made = await page.request.post('/api/v1/customers', {
      headers,
      data: { name: `Page ${lang}`, phone: uniquePhone('0916') },
    });
    expect(made.status()).toBe(201);
    const customer = ((await made.json()) as { data: { id: number } }).data;
    const sold = await sale(page, { customer_id: customer.id, total_cost: '30' });
    expect(sold.customer_page_url).toContain('/me/');

    await page.goto(pathOf(sold.customer_page_url ?? ''));
    await expect(page.getByTestId('customer-page')).toBeVisible();
    await expect(page.getByText(TEXT[lang].total)).toBeVisible();
    await expect(page.getByTestId('customer-page-total')).toContainText(String(sold.customer_total_points));
    await expect(page.getByTestId('customer-page-movements')).toBeVisible();
    await screenshotFromTop(page, `customer-page-${lang}`);
    await screenshotFromTop(page, `customer-page-${lang}-390`, PHONE_VIEWPORT);

    // An altered link opens nothing.
    await page.goto(pathOf(sold.customer_page_url ?? '').replace(/.$/, (c) => (c === '0' ? '1' : '0')));
    await expect(page.getByTestId('invalid-page-link')).toBeVisible();
  });

  test(`a walk-in sale's receipt claims its points once (${lang})`, async ({ page }) => {
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    const sold = await sale(page, { walk_in: true, total_cost: '20' });
    expect(sold.points_added).toBe(0);
    expect(sold.claim_url).toContain('/claim/');
    const claim = pathOf(sold.claim_url ?? '');

    await page.goto(claim);
    await expect(page.getByTestId('claim-form')).toBeVisible();
    await screenshotFromTop(page, `claim-form-${lang}`);
    await screenshotFromTop(page, `claim-form-${lang}-390`, PHONE_VIEWPORT);
    await page.getByLabel(TEXT[lang].name).fill(lang === 'ar' ? 'سالمة الورفلي' : 'Salma Warfalli');
    await page.locator('input[name="phone"]').fill(uniquePhone('0916'));
    await page.getByRole('button', { name: TEXT[lang].submit }).click();
    await expect(page.getByRole('heading', { name: TEXT[lang].done })).toBeVisible();
    await screenshotFromTop(page, `claim-done-${lang}-390`, PHONE_VIEWPORT);
    await page.getByRole('link', { name: TEXT[lang].openPage }).click();
    await expect(page.getByTestId('customer-page')).toBeVisible();

    // Again: refused, in the page's language.
    await page.goto(claim);
    await expect(page.getByTestId('claim-refused')).toContainText(TEXT[lang].used);
    await screenshotFromTop(page, `claim-used-${lang}-390`, PHONE_VIEWPORT);
  });
}
