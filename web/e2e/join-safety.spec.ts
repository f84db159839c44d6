import { expect, test, type APIRequestContext } from '@playwright/test';
import { apiAuth, bearerOf, saveScreenshot, signIn, switchTo, uniquePhone } from './helpers';

// Join squatting, contained (#14 item 4), against the real server: whoever joins by the store's
// link is marked for the cashier until the name is confirmed at the counter, and the owner can
// make a new link that stops the old one.

const TEXT = {
  ar: {
    customer: 'العميل',
    mark: 'انضم عبر الرابط، غير مؤكَّد',
    confirm: 'تأكيد الاسم',
    qrTab: 'رموز QR',
    generate: 'إنشاء رمز QR',
    rotate: 'رابط جديد',
    rotateConfirm: 'إنشاء رابط جديد',
    invalid: 'رابط التسجيل هذا غير صالح',
  },
  en: {
    customer: 'Customer',
    mark: 'Joined by link, not confirmed',
    confirm: 'Name confirmed',
    qrTab: 'QR Codes',
    generate: 'Generate QR Code',
    rotate: 'New link',
    rotateConfirm: 'Make a new link',
    invalid: 'This registration link is not valid',
  },
} as const;

async function joinToken(request: APIRequestContext, owner: Record<string, string>, storeId: number) {
  const response = await request.post('/api/v1/qr-code/generate', {
    headers: owner,
    data: { store_id: storeId },
  });
  expect(response.status()).toBe(200);
  const { data } = (await response.json()) as { data: { registration_url: string } };
  return data.registration_url.split('/join/')[1] ?? '';
}

for (const lang of ['ar', 'en'] as const) {
  test(`a customer who joined by link is marked until the cashier confirms the name (${lang})`, async ({
    page,
    request,
  }) => {
    const owner = await apiAuth(request, 'owner@demo.ly');
    const cashierUser = await request.get('/api/v1/auth/user', {
      headers: await apiAuth(request, 'cashier@demo.ly'),
    });
    const storeId = ((await cashierUser.json()) as { data: { store: { id: number } } }).data.store.id;
    const token = await joinToken(request, owner, storeId);
    const phone = uniquePhone('0916');
    const joined = await request.post(`/api/v1/public/stores/${token}/join`, {
      data: { name: `Squatter ${lang}`, phone },
    });
    expect(joined.status()).toBe(201);

    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.goto('/create-invoice');
    const search = page.getByLabel(TEXT[lang].customer, { exact: true });
    await search.fill(phone);
    const result = page.getByTestId('customer-result');
    await expect(result).toContainText(`Squatter ${lang}`);
    await expect(result.getByTestId('unconfirmed-join')).toHaveText(TEXT[lang].mark);
    await saveScreenshot(page, `join-unconfirmed-search-${lang}`);

    const found = await request.post('/api/v1/customers/search', {
      headers: await bearerOf(page),
      data: { query: phone },
    });
    const id = ((await found.json()) as { data: { id: number }[] }).data[0]?.id;
    await page.goto(`/customer/${id}`);
    await expect(page.getByTestId('confirm-join')).toContainText(TEXT[lang].mark);
    await saveScreenshot(page, `join-unconfirmed-customer-${lang}`);
    await page.getByRole('button', { name: TEXT[lang].confirm }).click();
    await expect(page.getByTestId('confirm-join')).toHaveCount(0);

    await page.goto('/create-invoice');
    await page.getByLabel(TEXT[lang].customer, { exact: true }).fill(phone);
    await expect(page.getByTestId('customer-result')).toContainText(`Squatter ${lang}`);
    await expect(page.getByTestId('unconfirmed-join')).toHaveCount(0);
  });

  test(`the owner makes a new join link and the old one stops (${lang})`, async ({ page, request }) => {
    const owner = await apiAuth(request, 'owner@demo.ly');
    const stores = await request.get('/api/v1/store-owner/stores', { headers: owner });
    const list = ((await stores.json()) as { data: { id: number; name: string }[] }).data;
    // Not the store whose link the public tests use.
    let chosen: { id: number; name: string; token: string } | undefined;
    for (const store of list) {
      const token = await joinToken(request, owner, store.id);
      if (token !== process.env.E2E_JOIN_TOKEN) chosen = { ...store, token };
    }
    expect(chosen).toBeDefined();
    const old = chosen!.token;

    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByRole('tab', { name: TEXT[lang].qrTab }).click();
    await page.getByTestId('qr-store').click();
    await page.getByRole('option', { name: chosen!.name, exact: true }).click();
    await page.getByRole('button', { name: TEXT[lang].generate }).click();
    await expect(page.getByTestId('qr-url')).toContainText(`/join/${old}`);
    await page.getByRole('button', { name: TEXT[lang].rotate }).click();
    await saveScreenshot(page, `join-rotate-confirm-${lang}`);
    await page.getByRole('button', { name: TEXT[lang].rotateConfirm }).click();
    await expect(page.getByTestId('qr-rotated')).toBeVisible();
    await expect(page.getByTestId('qr-url')).not.toContainText(old);
    const fresh = (await page.getByTestId('qr-url').innerText()).split('/join/')[1] ?? '';
    expect(fresh.length).toBeGreaterThan(10);
    await saveScreenshot(page, `join-rotated-${lang}`);

    await page.goto(`/join/${old}`);
    await expect(page.getByText(TEXT[lang].invalid)).toBeVisible();
    await page.goto(`/join/${fresh}`);
    await expect(page.getByTestId('join-title')).toBeVisible();
  });
}
