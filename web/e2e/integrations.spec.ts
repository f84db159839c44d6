import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn, switchTo } from './helpers';

// An owner makes an API key in the Integrations tab, an integration uses only that key, and
// revoking it stops the integration at once. Against the real server and demo data.
const TEXT = {
  ar: {
    tab: 'التكاملات',
    add: 'مفتاح ربط (API) جديد',
    name: 'الاسم',
    readCustomers: 'قراءة العملاء',
    create: 'إنشاء المفتاح',
    done: 'تم',
    revoke: 'إلغاء',
    revoked: 'تم إلغاء مفتاح الربط.',
    addHook: 'خطاف ويب (Webhook) جديد',
    url: 'عنوان الخادم (URL)',
    saleMade: 'عملية بيع',
    addHookButton: 'إضافة خطاف الويب',
    pause: 'إيقاف مؤقت',
    paused: 'موقوف مؤقتاً',
    rotate: 'سر جديد',
    testKey: 'مفتاح اختبار',
    testBadge: 'اختبار',
    sandbox: 'المتجر التجريبي',
  },
  en: {
    tab: 'Integrations',
    add: 'New API key',
    name: 'Name',
    readCustomers: 'Read customers',
    create: 'Create key',
    done: 'Done',
    revoke: 'Revoke',
    revoked: 'API key revoked.',
    addHook: 'New webhook',
    url: 'Address (URL)',
    saleMade: 'Sale made',
    addHookButton: 'Add webhook',
    pause: 'Pause',
    paused: 'Paused',
    rotate: 'New secret',
    testKey: 'Test key',
    testBadge: 'Test',
    sandbox: 'Sandbox',
  },
};

for (const lang of ['ar', 'en'] as const) {
  const text = TEXT[lang];
  test(`an owner's API key reads customers until it is revoked (${lang})`, async ({ page, request }) => {
    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByRole('tab', { name: text.tab }).click();
    await expect(page.getByTestId('owner-integrations')).toBeVisible();

    await page.getByRole('button', { name: text.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: text.name }).fill(`Web shop ${lang}`);
    await dialog.getByRole('checkbox', { name: text.readCustomers }).check();
    await dialog.getByRole('button', { name: text.create }).click();
    const secret = (await page.getByTestId('api-key-secret-value').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^lk_[0-9a-f]{32}$/);
    await saveScreenshot(page, `owner-api-key-secret-${lang}`);
    await dialog.getByRole('button', { name: text.done }).click();

    const row = page.getByTestId('api-key-row').filter({ hasText: `Web shop ${lang}` });
    await expect(row).toContainText(secret.slice(0, 11));
    await expect(row).not.toContainText(secret);
    await saveScreenshot(page, `owner-integrations-${lang}`);

    // The integration, with the key alone.
    const auth = { Authorization: `Bearer ${secret}` };
    const customers = await request.get('/api/v1/customers', { headers: auth });
    expect(customers.status()).toBe(200);
    expect(((await customers.json()) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect((await request.get('/api/v1/invoices', { headers: auth })).status()).toBe(403);

    await row.getByRole('button', { name: new RegExp(`^${text.revoke}: `) }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.revoke }).click();
    await expect(page.getByText(text.revoked)).toBeVisible();
    await expect(row).toHaveCount(0);
    expect((await request.get('/api/v1/customers', { headers: auth })).status()).toBe(401);

    // A webhook for sales: its signing secret is shown once, the list shows its events.
    await page.getByRole('button', { name: text.addHook }).click();
    const hookDialog = page.getByRole('dialog');
    await hookDialog.getByRole('textbox', { name: text.url }).fill(`https://hooks.example.ly/${lang}`);
    await hookDialog.getByRole('checkbox', { name: text.saleMade }).check();
    await hookDialog.getByRole('button', { name: text.addHookButton }).click();
    await expect(page.getByTestId('webhook-secret')).toContainText(/whsec_[0-9a-f]{32}/);
    const signing = (await page.getByTestId('webhook-secret-value').textContent())?.trim() ?? '';
    await saveScreenshot(page, `owner-webhook-secret-${lang}`);
    await page.getByRole('dialog').getByRole('button', { name: text.done }).click();
    const hook = page.getByTestId('webhook-row').filter({ hasText: `https://hooks.example.ly/${lang}` });
    await expect(hook).toContainText(text.saleMade);

    // Paused, then given a new secret after a question: shown once, not the first one.
    await hook.getByRole('button', { name: new RegExp(`^${text.pause}: `) }).click();
    await expect(hook).toContainText(text.paused);
    await hook.getByRole('button', { name: new RegExp(`^${text.rotate}: `) }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.rotate }).click();
    const rotated = page.getByTestId('webhook-secret-value');
    await expect(rotated).toContainText(/whsec_[0-9a-f]{32}/);
    expect((await rotated.textContent())?.trim()).not.toBe(signing);
    await page.getByRole('dialog').getByRole('button', { name: text.done }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await saveScreenshot(page, `owner-webhooks-${lang}`);

    // On a phone the table scrolls sideways inside its frame.
    await page.setViewportSize({ width: 390, height: 844 });
    await saveScreenshot(page, `owner-integrations-phone-${lang}`);
  });
}

for (const lang of ['ar', 'en'] as const) {
  const text = TEXT[lang];
  test(`a test key sells in its sandbox, which the owner's figures never count (${lang})`, async ({
    page,
    request,
  }) => {
    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByRole('tab', { name: text.tab }).click();
    await page.getByRole('button', { name: text.add }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('textbox', { name: text.name }).fill(`ERP trial ${lang}`);
    await dialog.getByRole('checkbox', { name: text.readCustomers }).check();
    await dialog.getByRole('switch', { name: text.testKey }).check();
    await saveScreenshot(page, `owner-test-key-form-${lang}`);
    await dialog.getByRole('button', { name: text.create }).click();
    const secret = (await page.getByTestId('api-key-secret-value').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^lk_test_[0-9a-f]{32}$/);
    await dialog.getByRole('button', { name: text.done }).click();
    const row = page.getByTestId('api-key-row').filter({ hasText: `ERP trial ${lang}` });
    await expect(row).toContainText(text.testBadge);
    await expect(row).toContainText(text.sandbox);
    await saveScreenshot(page, `owner-test-key-${lang}`);

    // With the key alone: one store, the sandbox, and none of the owner's customers.
    const auth = { Authorization: `Bearer ${secret}` };
    const stores = (await (await request.get('/api/v1/stores', { headers: auth })).json()) as {
      data: { id: number }[];
    };
    expect(stores.data).toHaveLength(1);
    const customers = (await (await request.get('/api/v1/customers', { headers: auth })).json()) as {
      data: unknown[];
    };
    expect(customers.data).toHaveLength(0);
  });
}
