import { expect, test } from '@playwright/test';
import { apiAuth, saveScreenshot, signIn, switchTo } from './helpers';

// An owner deletes a store made by mistake (issue #35, item 2): the question says which stores can
// go; a store without customers or sales goes, one with them stays and the server says what to
// do instead.
const TEXT = {
  ar: {
    stores: 'المتاجر',
    remove: 'حذف المتجر',
    confirm: 'حذف',
    deleted: 'حُذف المتجر.',
    stays: 'أعد تسميته',
  },
  en: {
    stores: 'Stores',
    remove: 'Delete store',
    confirm: 'Delete',
    deleted: 'Store deleted.',
    stays: 'rename it',
  },
};

for (const lang of ['ar', 'en'] as const) {
  test(`an owner deletes a store made by mistake, and keeps one with customers (${lang})`, async ({
    page,
    request,
  }) => {
    const text = TEXT[lang];
    const owner = await apiAuth(request, 'owner@demo.ly');
    const name = `Mistake ${lang} ${Date.now() % 100000}`;
    const made = await request.post('/api/v1/stores', { headers: owner, data: { name } });
    expect(made.status()).toBe(201);

    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByRole('tab', { name: text.stores }).click();
    const stores = page.getByTestId('owner-stores');

    // A store with customers: asked, then refused with the server's reason; it stays.
    await stores.getByRole('button', { name: `${text.remove}: بن علي - طرابلس` }).click();
    await page.getByRole('dialog').getByRole('button', { name: text.confirm, exact: true }).click();
    await expect(page.getByRole('dialog')).toContainText(text.stays);
    await saveScreenshot(page, `owner-store-delete-refused-${lang}`);
    await page.keyboard.press('Escape');

    // The one made by mistake goes.
    await stores.getByRole('button', { name: `${text.remove}: ${name}` }).click();
    await expect(page.getByRole('dialog')).toContainText(name);
    await page.getByRole('dialog').getByRole('button', { name: text.confirm, exact: true }).click();
    await expect(page.getByText(text.deleted)).toBeVisible();
    await expect(stores.getByText(name)).toHaveCount(0);
    const left = await request.get('/api/v1/stores', { headers: owner });
    const names = ((await left.json()) as { data: { name: string }[] }).data.map((s) => s.name);
    expect(names).not.toContain(name);
  });
}
