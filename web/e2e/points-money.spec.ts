import { expect, test, type Page } from '@playwright/test';
import { bearerOf, saveScreenshot, signIn, switchTo } from './helpers';

// Points as money: the demo owner gave 100 points a value (5 LYD, from 50 points at once), so
// at the counter the cashier can take a customer's points off a sale. The cashier picks a demo
// customer of the Tripoli store, types a number of points, sees what the server says they are
// worth, uses them and sees the balance drop; the owner sees the value in the settings and the
// redemption in the activity feed. Against the real server and demo data; other specs may
// share the database, so balances are read, not assumed.
const CUSTOMER = 'محمد الككلي';

const TEXT = {
  ar: {
    customerLabel: 'العميل',
    pointsLabel: 'النقاط المستخدمة',
    submit: 'استخدمها كخصم',
    lyd: (value: string) => `${value} د.ل.`,
    preview: (value: string, after: number) => `= ${value} د.ل. · الرصيد بعدها: ${after}`,
    done: (value: string, points: number) => `اخصم ${value} د.ل. من الفاتورة: استُخدمت ${points}`,
    pointValue: 'قيمة 100 نقطة (د.ل)',
    minRedeem: 'أقل عدد من النقاط يُستخدم في المرة',
    feed: (value: string, points: number) => `${points} نقطة خصمًا بقيمة ${value} د.ل.`,
    points: 60,
    // What they are worth at the demo owner's 5 LYD per 100 points.
    value: '3.000',
  },
  en: {
    customerLabel: 'Customer',
    pointsLabel: 'Points to use',
    submit: 'Use as a discount',
    lyd: (value: string) => `LYD ${value}`,
    preview: (value: string, after: number) => `= LYD ${value} · balance after: ${after}`,
    done: (value: string, points: number) => `Take LYD ${value} off the sale: ${points} points used.`,
    pointValue: 'Value of 100 points (LYD)',
    minRedeem: 'Fewest points to use at once',
    feed: (value: string, points: number) => `used ${points} points for a discount of LYD ${value}`,
    points: 75,
    value: '3.750',
  },
} as const;

/** Text without the bidi isolation marks put around names and signed numbers. */
const plain = (text: string) => text.replace(/[\u2066-\u2069]/g, '');

/** What the server says `points` of this customer are worth, asked as the cashier. */
async function serverPreview(page: Page, customerId: number, points: number) {
  const response = await page.request.get(
    `/api/v1/redemptions/preview?customer_id=${customerId}&points=${points}`,
    { headers: await bearerOf(page) },
  );
  expect(response.status()).toBe(200);
  return ((await response.json()) as { data: { value: string; balance_after: number } }).data;
}

async function customerId(page: Page, name: string): Promise<number> {
  const response = await page.request.post('/api/v1/customers/search', {
    headers: await bearerOf(page),
    data: { query: name },
  });
  const { data } = (await response.json()) as { data: { id: number; name: string }[] };
  const found = data.find((customer) => customer.name === name);
  expect(found, name).toBeDefined();
  return found!.id;
}

for (const lang of ['ar', 'en'] as const) {
  const text = TEXT[lang];

  test(`a cashier takes points off a sale as money (${lang})`, async ({ page }) => {
    test.setTimeout(90_000);
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');

    await page.goto('/redeem-rewards');
    await page.getByLabel(text.customerLabel, { exact: true }).fill('الككلي');
    await page.getByTestId('customer-result').filter({ hasText: CUSTOMER }).click();
    await expect(page.getByTestId('selected-customer')).toContainText(CUSTOMER);
    const card = page.getByTestId('points-money');
    await expect(card).toBeVisible();
    await expect(card.getByTestId('points-money-worth')).toContainText(lang === 'ar' ? 'د.ل.' : 'LYD');
    const before = Number(
      (await page.getByTestId('selected-customer-points').innerText()).replace(/\D/g, ''),
    );
    expect(before).toBeGreaterThanOrEqual(text.points);

    await card.getByLabel(text.pointsLabel).fill(String(text.points));
    const expected = await serverPreview(page, await customerId(page, CUSTOMER), text.points);
    expect(expected.value).toBe(text.value);
    expect(expected.balance_after).toBe(before - text.points);
    const preview = card.getByTestId('points-money-preview');
    await expect(preview).toContainText(text.preview(expected.value, expected.balance_after));
    await saveScreenshot(page, `points-money-preview-${lang}`);

    await card.getByRole('button', { name: text.submit }).click();
    await expect(page.getByTestId('toasts')).toContainText(text.done(expected.value, text.points));
    await expect(page.getByTestId('selected-customer-points')).toHaveText(
      expected.balance_after.toLocaleString('en-US'),
    );
    // A new balance: the field is empty again, ready for the next sale.
    await expect(page.getByTestId('points-money').getByLabel(text.pointsLabel)).toHaveValue('');
  });

  test(`the owner sees what 100 points are worth (${lang})`, async ({ page }) => {
    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByTestId('owner-tab-settings').click();
    await expect(page.getByTestId('owner-settings')).toBeVisible();
    await expect(page.getByLabel(text.pointValue)).toHaveValue('5.000');
    await expect(page.getByLabel(text.minRedeem)).toHaveValue('50');

    // The cashier's redemption in the owner's activity feed, with what the points were worth.
    await page.getByTestId('owner-tab-activity').click();
    const rows = page.getByTestId('activity-row');
    await expect(rows.first()).toBeVisible();
    const texts = (await rows.allInnerTexts()).map(plain);
    expect(
      texts.some((row) => row.includes(text.feed(text.value, text.points))),
      texts.join('\n'),
    ).toBe(true);
  });
}
