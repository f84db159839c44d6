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

// A return at the till, against the real server (issue #38): goods brought back against a sale,
// in part and then the rest, the points that come off said by the server first, and a customer
// who spent the points shown as owing them. The points follow the demo owner's rate as it
// stands (other specs change it): what a sale earned is read from its answer.

const TEXT = {
  ar: {
    action: 'إرجاع',
    void: 'إبطال',
    title: 'إرجاع بضاعة',
    amount: /المبلغ المُرجَع/,
    reason: /السبب/,
    confirm: 'تأكيد الإرجاع',
    pointsOff: (n: number) => new RegExp(`النقاط التي ستُخصم: ${n}\\.`),
    tooMuch: 'سيتجاوز مجموع المرتجعات إجمالي الفاتورة: أرجِع ما تبقى منها على الأكثر',
    returned: /أُرجع 5\.000 د\.ل\./,
    owes: /مدين بـ 50 نقطة/,
    willOwe: /مديناً بـ 50 نقطة/,
  },
  en: {
    action: 'Return',
    void: 'Void',
    title: 'Return goods',
    amount: /Amount returned/,
    reason: /Reason/,
    confirm: 'Take the return',
    pointsOff: (n: number) => new RegExp(`Points that come off: ${n}\\.`),
    tooMuch: 'The returns would add up to more than the invoice total: return at most what is left of it',
    returned: /Returned LYD 5\.000/,
    owes: /Owes 50 pts/,
    willOwe: /it owes 50 points/,
  },
} as const;

async function customerWithSale(page: Page, name: string, total: string) {
  const headers = await bearerOf(page);
  const made = await page.request.post('/api/v1/customers', {
    headers,
    data: { name, phone: uniquePhone('0917') },
  });
  expect(made.status()).toBe(201);
  const customer = ((await made.json()) as { data: { id: number } }).data;
  const sale = await page.request.post('/api/v1/invoices', {
    headers,
    data: { customer_id: customer.id, total_cost: total },
  });
  expect(sale.status()).toBe(201);
  const earned = ((await sale.json()) as { data: { points_added: number } }).data.points_added;
  return { id: customer.id, earned };
}

for (const lang of ['ar', 'en'] as const) {
  test(`a return at the till takes its points back, then the customer owes what it spent (${lang})`, async ({
    page,
  }) => {
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    // 60 LYD earns 60 points at the demo's rate (or as the rate stands); a gift of 50 leaves the rest.
    const { id, earned } = await customerWithSale(page, `Return ${lang}`, '60');
    expect(earned).toBeGreaterThanOrEqual(50);
    // The return rule (floor of the share; crates/domain/src/points.rs), for 5 of 60 LYD.
    const firstOff = Math.floor((earned * 5) / 60);
    const headers = await bearerOf(page);
    const rewards = await page.request.get('/api/v1/rewards', { headers });
    const coffee = ((await rewards.json()) as { data: { id: number; points_required: number }[] }).data.find(
      (r) => r.points_required === 50,
    );
    expect(coffee).toBeTruthy();
    const gift = await page.request.post('/api/v1/redemptions', {
      headers,
      data: { customer_id: id, reward_id: coffee!.id },
    });
    expect(gift.status()).toBe(201);

    await page.goto(`/customer/${id}`);
    const balance = page.getByTestId('customer-points');
    await expect(balance).toContainText(String(earned - 50));

    // A part of the sale: 5 of 60 LYD, the server's preview says 5 points come off.
    await page.getByRole('button', { name: TEXT[lang].action, exact: true }).click();
    let dialog = page.getByRole('dialog', { name: TEXT[lang].title });
    const amount = dialog.getByLabel(TEXT[lang].amount);
    await expect(amount).toHaveValue('60.000');
    await amount.fill('61');
    await expect(dialog.getByText(TEXT[lang].tooMuch)).toBeVisible();
    await amount.fill('5');
    await expect(dialog.getByTestId('return-points')).toContainText(TEXT[lang].pointsOff(firstOff));
    await dialog.getByLabel(TEXT[lang].reason).fill(lang === 'ar' ? 'كوب مكسور' : 'broken cup');
    await saveScreenshot(page, `returns-dialog-${lang}`);
    await dialog.getByRole('button', { name: TEXT[lang].confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('invoice-returned')).toContainText(TEXT[lang].returned);
    await expect(balance).toHaveText(new RegExp(`^\\D*${earned - 50 - firstOff}\\D*$`));

    // The rest comes back: the customer spent 50 of its points, so it owes 50.
    await page.getByRole('button', { name: TEXT[lang].action, exact: true }).click();
    dialog = page.getByRole('dialog', { name: TEXT[lang].title });
    await expect(dialog.getByLabel(TEXT[lang].amount)).toHaveValue('55.000');
    await expect(dialog.getByTestId('return-owes')).toContainText(TEXT[lang].willOwe);
    await dialog.getByLabel(TEXT[lang].reason).fill(lang === 'ar' ? 'أُعيد الباقي' : 'the rest came back');
    await dialog.getByRole('button', { name: TEXT[lang].confirm }).click();
    await expect(dialog).toBeHidden();
    await expect(balance).toContainText(TEXT[lang].owes);
    await expect(page.getByRole('button', { name: TEXT[lang].action, exact: true })).toHaveCount(0);
    // Nothing is left of the sale to void either.
    await expect(page.getByRole('button', { name: TEXT[lang].void, exact: true })).toHaveCount(0);
    await screenshotFromTop(page, `returns-owes-${lang}`);
    await screenshotFromTop(page, `returns-owes-${lang}-phone`, PHONE_VIEWPORT);

    const detail = await page.request.get(`/api/v1/customers/${id}`, { headers });
    const body = (await detail.json()) as { data: { loyalty_points: number; points_owed: number } };
    expect(body.data).toMatchObject({ loyalty_points: -50, points_owed: 50 });
    const history = await page.request.get(`/api/v1/customers/${id}/history`, { headers });
    const entries = ((await history.json()) as { data: { kind: string; delta: number }[] }).data;
    expect(entries.slice(0, 2).map((e) => [e.kind, e.delta])).toEqual([
      ['return', -(earned - firstOff)],
      ['return', -firstOff],
    ]);
  });

  test(`the return dialog at a phone's width (${lang})`, async ({ page }) => {
    await page.setViewportSize(PHONE_VIEWPORT);
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    const { id, earned } = await customerWithSale(page, `Return phone ${lang}`, '25');
    await page.goto(`/customer/${id}`);
    await page.getByRole('button', { name: TEXT[lang].action, exact: true }).click();
    const dialog = page.getByRole('dialog', { name: TEXT[lang].title });
    await expect(dialog.getByTestId('return-points')).toContainText(TEXT[lang].pointsOff(earned));
    await saveScreenshot(page, `returns-dialog-${lang}-phone`);
  });
}
