import { expect, test, type BrowserContext, type Locator, type Page } from '@playwright/test';
import {
  apiAuth,
  bearerOf,
  DEMO_PASSWORD,
  PHONE_VIEWPORT,
  saveScreenshot,
  signIn,
  switchTo,
  uniquePhone,
} from './helpers';

// A till a cashier can trust all day (issue #34), against the real server in Chromium: offline
// from the first minute, and a till shared by two cashiers.

const TEXT = {
  ar: {
    ready: 'جاهز للعمل دون اتصال',
    offline: /لا يوجد اتصال/,
    offlineWord: 'دون اتصال',
    customer: 'العميل',
    total: /إجمالي المبلغ/,
    create: 'إنشاء الفاتورة',
    waiting: /فاتورة واحدة بانتظار/,
    signOut: 'تسجيل الخروج',
    unsentTitle: 'فواتير لم تُرسل بعد',
    unsentOne: 'فاتورة واحدة أنشأتها على هذا الجهاز لم تصل إلى الخادم بعد.',
    stay: 'البقاء مسجّلًا',
    anyway: 'تسجيل الخروج على أي حال',
    othersOne: 'فاتورة واحدة لكاشير آخر بانتظار الإرسال',
    sendOthers: 'أرسلها باسمي',
    tooLarge: 'الإجمالي 900.000 د.ل. أعلى من الحد الأقصى لإجمالي الفاتورة في هذا المتجر، وهو 500.000 د.ل.',
    gone: 'لم يعد عميلًا لهذا المتجر',
    keyAgain: 'أدخلها من جديد',
    discard: 'تجاهل',
  },
  en: {
    ready: 'Ready to work offline',
    offline: /^Offline/,
    offlineWord: 'Offline',
    customer: 'Customer',
    total: /Total Cost/,
    create: 'Create Invoice',
    waiting: /^1 sale waiting/,
    signOut: 'Sign out',
    unsentTitle: 'Sales not sent yet',
    unsentOne: '1 sale you made on this device is not on the server yet.',
    stay: 'Stay signed in',
    anyway: 'Sign out anyway',
    othersOne: '1 sale by another cashier is waiting',
    sendOthers: 'Send them under my name',
    tooLarge: "The total, LYD 900.000, is above this store's maximum invoice total, LYD 500.000.",
    gone: 'is no longer a customer of this store',
    keyAgain: 'Key it again',
    discard: 'Discard',
  },
} as const;

/** A second cashier of the demo store, made by its owner (the demo has one). */
async function secondCashier(page: Page, lang: 'ar' | 'en'): Promise<string> {
  const owner = await apiAuth(page.request, 'owner@demo.ly');
  const me = await page.request.get('/api/v1/auth/user', { headers: await bearerOf(page) });
  const storeId = ((await me.json()) as { data: { store: { id: number } } }).data.store.id;
  const email = `till-${lang}-${Date.now()}@demo.ly`;
  const made = await page.request.post('/api/v1/store-owner/pos-users', {
    headers: owner,
    data: {
      name: lang === 'ar' ? 'سالم الثاني' : 'Second Cashier',
      email,
      store_id: storeId,
      password: DEMO_PASSWORD,
    },
  });
  expect(made.status()).toBe(201);
  return email;
}

/** The service worker holds the page (so the till opens and sells with the network gone). */
async function offlineReady(page: Page) {
  await expect(page.getByTestId('offline-status')).toHaveAttribute('data-state', 'ready', {
    timeout: 20_000,
  });
}

for (const lang of ['ar', 'en'] as const) {
  test(`the page signed in on is served by the service worker within 20 s, without a reload (${lang})`, async ({
    page,
    context,
  }) => {
    // A browser that never opened the app: no worker yet.
    await signIn(page, 'cashier@demo.ly');
    const signedInAt = Date.now();
    if (lang === 'en') await switchTo(page, 'en');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
      .toBe(true);
    expect(Date.now() - signedInAt).toBeLessThan(20_000);
    expect(navigations).toEqual([]);
    // The cashier is told.
    const status = page.getByTestId('offline-status');
    await expect(status).toHaveText(TEXT[lang].ready);
    await expect(status).toHaveAttribute('data-state', 'ready');
    await saveScreenshot(page, `till-offline-ready-${lang}`);

    // And it holds: the network gone, the page says so, and a reload still opens the till.
    await context.setOffline(true);
    await expect(status).toHaveText(TEXT[lang].offline);
    await page.reload();
    await expect(page.getByTestId('pos-dashboard')).toBeVisible();
    await expect(page.getByTestId('offline-status')).toHaveText(TEXT[lang].offline);
    // Today's figures, the recent activity and the rewards say "offline" instead of staying grey.
    for (const key of ['invoices', 'pointsIssued', 'redemptions']) {
      await expect(page.getByTestId(`today-${key}-offline`)).toHaveText(TEXT[lang].offlineWord);
    }
    await saveScreenshot(page, `till-offline-reloaded-${lang}`);
    await page.getByTestId('tile-recentActivity').click();
    await expect(page.getByRole('dialog').getByTestId('offline-placeholder')).toContainText(
      TEXT[lang].offline,
    );
    await page.keyboard.press('Escape');
    await context.setOffline(false);
  });
}

for (const lang of ['ar', 'en'] as const) {
  test(`signing out with a queued sale warns, and the next cashier sees it and sends it under their name (${lang})`, async ({
    page,
    context,
    request,
  }) => {
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    const next = await secondCashier(page, lang);
    const phone = uniquePhone('0917');
    const created = await request.post('/api/v1/customers', {
      headers: await bearerOf(page),
      data: { name: lang === 'ar' ? 'زبونة الدرج المشترك' : 'Shared Till Customer', phone },
    });
    expect(created.status()).toBe(201);
    const customerId = ((await created.json()) as { data: { id: number } }).data.id;
    await offlineReady(page);

    // The customer picked, then the network goes: the sale is queued.
    await page.getByTestId('tile-createInvoice').click();
    const modal = page.getByRole('dialog');
    await modal.getByLabel(TEXT[lang].customer, { exact: true }).click();
    await page.keyboard.insertText(phone);
    await page.keyboard.press('Enter');
    await expect(modal.getByTestId('selected-customer')).toBeVisible();
    await context.setOffline(true);
    await modal.getByLabel(TEXT[lang].total).fill('21.5');
    await modal.getByRole('button', { name: TEXT[lang].create }).click();
    await expect(modal.getByTestId('waiting-count')).toHaveText(TEXT[lang].waiting);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Signing out asks first, says how many, and starts on staying.
    await page.getByRole('button', { name: TEXT[lang].signOut }).click();
    const ask = page.getByRole('dialog', { name: TEXT[lang].unsentTitle });
    await expect(ask).toContainText(TEXT[lang].unsentOne);
    await expect(ask.getByRole('button', { name: TEXT[lang].stay })).toBeFocused();
    await saveScreenshot(page, `till-sign-out-waiting-${lang}`);
    await page.keyboard.press('Enter');
    await expect(ask).toHaveCount(0);
    await expect(page.getByTestId('pos-dashboard')).toBeVisible();
    await page.getByRole('button', { name: TEXT[lang].signOut }).click();
    await page
      .getByRole('dialog', { name: TEXT[lang].unsentTitle })
      .getByRole('button', { name: TEXT[lang].anyway })
      .click();
    await expect(page).toHaveURL(/\/login$/);
    await context.setOffline(false);

    // The next cashier of the store, on the same browser: told, and may send it, under their name.
    await page.locator('input[name="email"]').fill(next);
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD);
    await page.locator('form button[type="submit"]').click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const others = page.getByTestId('others-waiting');
    await expect(others).toContainText(TEXT[lang].othersOne);
    await expect(others).toContainText(lang === 'ar' ? '21.500 د.ل.' : 'LYD 21.500');
    await saveScreenshot(page, `till-others-waiting-${lang}`);
    const invoices = async () => {
      const list = await request.get(`/api/v1/customers/${customerId}/invoices`, {
        headers: await bearerOf(page),
      });
      return ((await list.json()) as { data: { total_cost: string; pos_user: { name: string } | null }[] })
        .data;
    };
    expect(await invoices()).toEqual([]);
    await others.getByRole('button', { name: TEXT[lang].sendOthers }).click();
    await expect(page.getByTestId('others-waiting')).toHaveCount(0);
    const made = await invoices();
    expect(made.map((invoice) => invoice.total_cost)).toEqual(['21.500']);
    expect(made[0]!.pos_user?.name).toBe(lang === 'ar' ? 'سالم الثاني' : 'Second Cashier');
  });
}

/** Picks a customer by phone (online), then queues a sale of `total` with the network gone. */
async function queueSale(
  page: Page,
  context: BrowserContext,
  lang: 'ar' | 'en',
  phone: string,
  total: string,
) {
  await page.getByTestId('tile-createInvoice').click();
  const modal = page.getByRole('dialog');
  // Start from an empty form (a draft of an earlier sale may be there).
  await modal.getByRole('button', { name: lang === 'ar' ? 'إعادة تعيين' : 'Reset' }).click();
  await modal.getByLabel(TEXT[lang].customer, { exact: true }).click();
  await page.keyboard.insertText(phone);
  await page.keyboard.press('Enter');
  await expect(modal.getByTestId('selected-customer')).toBeVisible();
  await context.setOffline(true);
  await modal.getByLabel(TEXT[lang].total).fill(total);
  await modal.getByRole('button', { name: TEXT[lang].create }).click();
  await expect(modal.getByTestId('waiting-count')).toHaveText(TEXT[lang].waiting);
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** The owner's settings as they were, put back after a test that changed them (even one that timed out). */
let restoreRules: { max_invoice_total: string; confirm_above: string } | null = null;
test.afterEach(async ({ playwright, baseURL }) => {
  if (!restoreRules) return;
  const api = await playwright.request.newContext({ baseURL });
  const put = await api.put('/api/v1/loyalty-config', {
    headers: await apiAuth(api, 'owner@demo.ly'),
    data: restoreRules,
  });
  expect(put.status()).toBe(200);
  restoreRules = null;
  await api.dispose();
});

for (const lang of ['ar', 'en'] as const) {
  test(`a refused queued sale names the rule and its value, with "key it again" beside "discard" (${lang})`, async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(90_000);
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    const cashier = await bearerOf(page);
    const customer = async (name: string) => {
      const phone = uniquePhone('0917');
      const made = await request.post('/api/v1/customers', { headers: cashier, data: { name, phone } });
      expect(made.status()).toBe(201);
      return { phone, id: ((await made.json()) as { data: { id: number } }).data.id };
    };
    const big = await customer(lang === 'ar' ? 'عميل الفاتورة الكبيرة' : 'Big Sale Customer');
    const gone = await customer(lang === 'ar' ? 'عميل سيُحذف' : 'Customer To Delete');
    await offlineReady(page);

    // The owner lowers the maximum while a sale above it waits offline.
    const owner = await apiAuth(request, 'owner@demo.ly');
    const before = (
      (await (await request.get('/api/v1/loyalty-config', { headers: owner })).json()) as {
        data: { max_invoice_total: string; confirm_above: string };
      }
    ).data;
    restoreRules = { max_invoice_total: before.max_invoice_total, confirm_above: before.confirm_above };
    const lowered = await request.put('/api/v1/loyalty-config', {
      headers: owner,
      data: { max_invoice_total: '500', confirm_above: '400' },
    });
    expect(lowered.status()).toBe(200);
    await queueSale(page, context, lang, big.phone, '900');
    await context.setOffline(false);
    const reasons = page.getByTestId('sale-attention').getByTestId('refusal-reason');
    await expect(reasons).toHaveCount(1, { timeout: 30_000 });
    await expect(reasons.first()).toHaveText(TEXT[lang].tooLarge);

    // A customer deleted while the sale waited.
    await queueSale(page, context, lang, gone.phone, '10');
    expect(
      (await request.delete(`/api/v1/customers/${gone.id}`, { headers: cashier })).status(),
    ).toBeLessThan(300);
    await context.setOffline(false);
    await expect(reasons).toHaveCount(2, { timeout: 30_000 });
    await expect(reasons.nth(1)).toContainText(TEXT[lang].gone);
    await saveScreenshot(page, `till-refused-${lang}`);

    // Discard one; key the other again: the dialog opens with its customer and total.
    const refused = page.getByTestId('refused-sale');
    await refused.nth(1).getByRole('button', { name: TEXT[lang].discard }).click();
    await expect(refused).toHaveCount(1);
    await refused.first().getByRole('button', { name: TEXT[lang].keyAgain }).click();
    const modal = page.getByRole('dialog');
    await expect(modal.getByTestId('selected-customer')).toContainText(
      lang === 'ar' ? 'عميل الفاتورة الكبيرة' : 'Big Sale Customer',
    );
    await expect(modal.getByLabel(TEXT[lang].total)).toHaveValue('900.000');
    await expect(page.getByTestId('refused-sale')).toHaveCount(0);
    await modal.getByRole('button', { name: lang === 'ar' ? 'إعادة تعيين' : 'Reset' }).click();
  });
}

test('at 390 px an Arabic name on the English page is never cut, in the search, the sale and the receipt', async ({
  page,
  request,
}) => {
  await signIn(page, 'cashier@demo.ly');
  await switchTo(page, 'en');
  await page.setViewportSize(PHONE_VIEWPORT);
  const name = 'عبد الرحمن بن محمد بن عبد الله بن سالم الفيتوري الطرابلسي';
  const phone = uniquePhone('0917');
  const made = await request.post('/api/v1/customers', {
    headers: await bearerOf(page),
    data: { name, phone },
  });
  expect(made.status()).toBe(201);

  /** Every element showing the name holds all of it, inside its own box (nothing hidden). */
  const wholeName = async (scope: Locator) => {
    const boxes = scope.locator('bdi', { hasText: name });
    await expect(boxes.first()).toBeVisible();
    for (const box of await boxes.all()) {
      await expect(box).toHaveText(name);
      // From the name up to the component that shows it: no ellipsis, nothing wider than its box.
      const cut = await box.evaluate((element) => {
        for (let node: Element | null = element; node instanceof HTMLElement; node = node.parentElement) {
          const style = getComputedStyle(node);
          if (style.textOverflow === 'ellipsis') return `ellipsis on ${node.className}`;
          if (style.display !== 'inline' && node.scrollWidth > node.clientWidth + 1)
            return `${node.tagName}.${node.className} ${node.scrollWidth} > ${node.clientWidth}`;
          if (node.dataset.testid) return null;
        }
        return null;
      });
      expect(cut).toBeNull();
    }
  };

  await page.getByTestId('tile-createInvoice').click();
  const modal = page.getByRole('dialog');
  await modal.getByRole('button', { name: 'Reset' }).click();
  await modal.getByLabel('Customer', { exact: true }).fill(phone);
  await expect(modal.getByTestId('customer-result')).toHaveCount(1);
  await wholeName(modal.getByTestId('customer-result'));
  await saveScreenshot(page, 'till-phone-name-search-en');
  await modal.getByTestId('customer-result').click();
  await wholeName(modal.getByTestId('selected-customer'));
  await modal.getByLabel(/Total Cost/).fill('12.5');
  await modal.getByRole('button', { name: 'Create Invoice' }).click();
  await expect(modal.getByTestId('receipt')).toBeVisible();
  await wholeName(modal.getByTestId('receipt'));
  const again = modal.getByRole('button', { name: /Same customer again/ });
  await expect(again).toContainText(name);
  expect(await again.evaluate((element) => element.scrollWidth <= element.clientWidth + 1)).toBe(true);
  await saveScreenshot(page, 'till-phone-name-receipt-en');
});

for (const lang of ['ar', 'en'] as const) {
  test(`the offline pick lists this device's customers at once, however the Arabic is spelt, and when the server hangs (${lang})`, async ({
    page,
    context,
    request,
  }) => {
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    const phone = uniquePhone('0917');
    const made = await request.post('/api/v1/customers', {
      headers: await bearerOf(page),
      data: { name: 'فاطمة المصراتي', phone },
    });
    expect(made.status()).toBe(201);
    await offlineReady(page);
    // Served once on this device: a sale.
    await page.getByTestId('tile-createInvoice').click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('button', { name: lang === 'ar' ? 'إعادة تعيين' : 'Reset' }).click();
    await modal.getByLabel(TEXT[lang].customer, { exact: true }).click();
    await page.keyboard.insertText(phone);
    await page.keyboard.press('Enter');
    await modal.getByLabel(TEXT[lang].total).fill('5');
    await modal.getByRole('button', { name: TEXT[lang].create }).click();
    await expect(modal.getByTestId('receipt')).toBeVisible();

    const recent = modal.getByRole('list', {
      name: lang === 'ar' ? 'عملاء خُدموا مؤخرًا على هذا الجهاز' : 'Customers recently served on this device',
    });
    const search = modal.getByLabel(TEXT[lang].customer, { exact: true });

    // The server answers nothing for a long while (a network gone without the browser knowing):
    // this device's customers come within seconds, not after the 15 s limit.
    await page.route('**/api/v1/customers/search', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 20_000));
      await route.abort().catch(() => {});
    });
    await search.fill('فاطمه المصراتي');
    await expect(recent).toContainText('فاطمة المصراتي', { timeout: 4_000 });
    await page.unroute('**/api/v1/customers/search');
    await search.fill('');

    // The browser offline: at once, with another spelling (ta marbuta as ha), and Enter picks.
    await context.setOffline(true);
    await search.fill('فاطمه');
    await expect(recent).toContainText('فاطمة المصراتي', { timeout: 1_000 });
    // Nothing from an earlier server answer beside it ("no customers found").
    await expect(
      modal.getByText(lang === 'ar' ? 'لم يتم العثور على عملاء' : 'No customers found'),
    ).toHaveCount(0);
    await saveScreenshot(page, `till-offline-pick-${lang}`);
    await search.press('Enter');
    await expect(modal.getByTestId('selected-customer')).toContainText('فاطمة المصراتي');
    await context.setOffline(false);
  });
}
