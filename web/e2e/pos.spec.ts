import { expect, test, type Page } from '@playwright/test';
import { saveScreenshot, signIn, switchTo } from './helpers';

// The cashier's screens against the real server and demo data: cashier@demo.ly works in the
// store of 'فاطمة الشريف' (0912345678), whose reward 'قهوة مجانية' costs 50 points.
const TEXT = {
  ar: {
    createInvoice: 'إنشاء الفاتورة',
    invoiceCreated: (n: number) => new RegExp(`تم إنشاء الفاتورة بنجاح! حصل العميل على ${n} نقطة\\.`),
    redeemNow: 'استبدل الآن',
    redeemed: /تم استبدال المكافأة بنجاح! خُصمت 50 نقطة\./,
    addPoints: 'إضافة النقاط',
    pointsAdded: /أُضيفت 10 نقاط إلى \u2068?فاطمة الشريف\u2069?\./,
    customerLabel: 'العميل',
    total: /إجمالي المبلغ/,
    points: /^النقاط/,
    reason: 'السبب',
    actionsFor: /إجراءات فاطمة الشريف/,
    view: 'عرض',
    addPointsItem: 'إضافة نقاط',
    history: 'عرض السجل الكامل',
    historyTitle: 'سجل النقاط',
    activityInvoice: 'تم إنشاء فاتورة جديدة',
    selectCustomer: 'يرجى اختيار عميل قبل إنشاء الفاتورة',
    addCustomer: 'إضافة عميل',
    email: 'البريد الإلكتروني',
    save: 'حفظ',
    cancel: 'إلغاء',
    nameRequired: 'اسم العميل مطلوب',
    refresh: 'تحديث النشاط',
  },
  en: {
    createInvoice: 'Create Invoice',
    invoiceCreated: (n: number) => new RegExp(`Invoice created successfully! Customer earned ${n} points\\.`),
    redeemNow: 'Redeem Now',
    redeemed: /Reward redeemed successfully! 50 points deducted\./,
    addPoints: 'Add Points',
    pointsAdded: /10 points added to \u2068?فاطمة الشريف\u2069?\./,
    customerLabel: 'Customer',
    total: /Total Cost/,
    points: /^Points/,
    reason: 'Reason',
    actionsFor: /Actions for فاطمة الشريف/,
    view: 'View',
    addPointsItem: 'Add Points',
    history: 'View Full History',
    historyTitle: 'Points History',
    activityInvoice: 'New invoice created',
    selectCustomer: 'Please select a customer before creating an invoice',
    addCustomer: 'Add Customer',
    email: 'Email',
    save: 'Save',
    cancel: 'Cancel',
    nameRequired: 'Customer name is required',
    refresh: 'Refresh Activity',
  },
} as const;

async function todayInvoices(page: Page): Promise<number> {
  const value = page.getByTestId('today-invoices-value');
  await expect(value).toBeVisible();
  return Number((await value.innerText()).replace(/[^\d]/g, ''));
}

async function openTile(page: Page, tile: string) {
  await page.getByTestId(`tile-${tile}`).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Points the store's current rule gives for `dirhams` (1 LYD = 1000), read as the cashier. */
async function expectedPoints(page: Page, dirhams: number): Promise<number> {
  const token = await page.evaluate(() => window.localStorage.getItem('token'));
  const response = await page.request.get('/api/v1/loyalty-config', {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { cost_per_point: string; min_purchase: string } };
  const milli = Math.round(Number(data.cost_per_point) * 1000);
  const minimum = Math.round(Number(data.min_purchase) * 1000);
  return dirhams < minimum ? 0 : Math.floor((dirhams * milli) / 1_000_000);
}

for (const lang of ['ar', 'en'] as const) {
  const text = TEXT[lang];

  test(`cashier sells, redeems and looks after a customer (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');

    // Dashboard: today's counts and the four tiles.
    const before = await todayInvoices(page);
    await expect(page.getByTestId('tile-createInvoice')).toBeVisible();
    await saveScreenshot(page, `pos-dashboard-${lang}`);

    // Create an invoice for Fatima, found by name.
    let dialog = await openTile(page, 'createInvoice');
    await dialog.getByRole('button', { name: text.createInvoice }).click();
    await expect(dialog.getByText(text.selectCustomer)).toBeVisible();
    await saveScreenshot(page, `pos-create-invoice-errors-${lang}`);
    await dialog.getByLabel(text.customerLabel, { exact: true }).fill('فاطمة');
    await dialog.getByTestId('customer-result').filter({ hasText: 'فاطمة الشريف' }).click();
    await expect(dialog.getByTestId('selected-customer')).toContainText('فاطمة الشريف');
    await dialog.getByLabel(text.total).fill('25.500');
    await saveScreenshot(page, `pos-create-invoice-${lang}`);
    // Other specs share the database and may have changed the owner's rate: expect its points.
    const expected = await expectedPoints(page, 25_500);
    await dialog.getByRole('button', { name: text.createInvoice }).click();
    await expect(page.getByTestId('toasts')).toContainText(text.invoiceCreated(expected));
    // The dialog stays with the sale's receipt offered and an empty form for the next one.
    await expect(dialog.getByTestId('receipt')).toContainText('فاطمة الشريف');
    await expect(dialog.getByTestId('selected-customer')).toHaveCount(0);
    await saveScreenshot(page, `pos-invoice-created-${lang}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('today-invoices-value')).toHaveText(String(before + 1));
    // The next sale starts empty: the dialog opened again has no customer chosen (nor receipt).
    dialog = await openTile(page, 'createInvoice');
    await expect(dialog.getByLabel(text.customerLabel, { exact: true })).toBeVisible();
    await expect(dialog.getByTestId('selected-customer')).toHaveCount(0);
    await expect(dialog.getByTestId('receipt')).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Redeem a free coffee, the customer found by phone.
    dialog = await openTile(page, 'redeemRewards');
    await dialog.getByLabel(text.customerLabel, { exact: true }).fill('0912345678');
    await dialog.getByTestId('customer-result').filter({ hasText: 'فاطمة الشريف' }).click();
    const coffee = dialog.getByTestId('reward-card').filter({ hasText: 'قهوة مجانية' });
    await expect(coffee.getByRole('button', { name: text.redeemNow })).toBeEnabled();
    await saveScreenshot(page, `pos-redeem-${lang}`);
    await coffee.getByRole('button', { name: text.redeemNow }).click();
    await expect(page.getByTestId('toasts')).toContainText(text.redeemed);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.getByTestId('today-redemptions-value')).not.toHaveText('0');

    // Recent activity shows the invoice just made.
    dialog = await openTile(page, 'recentActivity');
    await expect(dialog.getByTestId('activity-item').first()).toBeVisible();
    await expect(dialog.getByTestId('activity-item').nth(1)).toContainText(text.activityInvoice);
    await saveScreenshot(page, `pos-activity-${lang}`);
    await dialog.getByRole('button', { name: text.refresh }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Customers: add points to Fatima from her card's actions.
    dialog = await openTile(page, 'customers');
    await expect(dialog.getByTestId('customer-card').first()).toBeVisible();
    await saveScreenshot(page, `pos-customers-${lang}`);
    await dialog.getByRole('button', { name: text.addCustomer }).click();
    const form = page.getByRole('dialog', { name: text.addCustomer });
    await form.getByLabel(text.email).fill('not-an-email');
    await form.getByRole('button', { name: text.save }).click();
    await expect(form.getByText(text.nameRequired)).toBeVisible();
    await saveScreenshot(page, `pos-customer-dialog-${lang}`);
    await form.getByRole('button', { name: text.cancel }).click();
    await expect(form).toHaveCount(0);
    await dialog.getByRole('searchbox').fill('فاطمة');
    await expect(dialog.getByTestId('customer-card')).toHaveCount(1);
    await dialog.getByRole('button', { name: text.actionsFor }).click();
    await page.getByRole('menuitem', { name: text.addPointsItem }).click();
    const addPoints = page.getByRole('dialog', { name: text.addPointsItem });
    await addPoints.getByLabel(text.points).fill('10');
    await addPoints.getByLabel(text.reason).fill(lang === 'ar' ? 'هدية' : 'Gift');
    await expect(addPoints.getByTestId('new-total')).not.toHaveText(
      await addPoints.getByTestId('current-points').innerText(),
    );
    await saveScreenshot(page, `pos-add-points-${lang}`);
    await addPoints.getByRole('button', { name: text.addPoints }).click();
    await expect(page.getByTestId('toasts')).toContainText(text.pointsAdded);

    // Her page, then the full history.
    await dialog.getByRole('button', { name: text.actionsFor }).click();
    await page.getByRole('menuitem', { name: text.view }).click();
    await expect(page).toHaveURL(/\/customer\/\d+$/);
    await expect(page.getByTestId('customer-profile')).toContainText('فاطمة الشريف');
    await expect(page.getByTestId('customer-activity')).toBeVisible();
    await saveScreenshot(page, `customer-detail-${lang}`);

    await page.getByRole('link', { name: text.history }).click();
    await expect(page).toHaveURL(/\/customer\/\d+\/history$/);
    await expect(page.getByRole('heading', { name: text.historyTitle })).toBeVisible();
    await expect(page.getByTestId('history-row').first()).toBeVisible();
    await saveScreenshot(page, `customer-history-${lang}`);

    // The quick-action pages open with her chosen.
    const id = page.url().match(/\/customer\/(\d+)\//)?.[1];
    await page.goto(`/create-invoice?customer_id=${id}`);
    await expect(page.getByTestId('selected-customer')).toContainText('فاطمة الشريف');
    await saveScreenshot(page, `create-invoice-page-${lang}`);
    await page.goto(`/redeem-rewards?customer_id=${id}`);
    await expect(page.getByTestId('selected-customer')).toContainText('فاطمة الشريف');
    await expect(page.getByTestId('reward-card').first()).toBeVisible();
    await saveScreenshot(page, `redeem-rewards-page-${lang}`);
  });
}
