import { expect, test } from '@playwright/test';
import { apiAuth, saveScreenshot, signIn, switchTo } from './helpers';

// The bell (issue #35, item 5): its count is the owner's unread notifications, it opens the
// list, an item leads where it is about and is read from then on, and "Mark all read" clears
// the count. Against the real server; an import made through the API is the new notification.
const TEXT = {
  ar: { imported: 'استُورد عميل واحد إلى', customersTab: 'العملاء' },
  en: { imported: '1 customer was imported into', customersTab: 'Customers' },
};

for (const [index, lang] of (['ar', 'en'] as const).entries()) {
  test(`the bell opens the owner's notifications and counts what is unread (${lang})`, async ({
    page,
    request,
  }) => {
    const auth = await apiAuth(request, 'owner@demo.ly');
    const stores = await request.get('/api/v1/store-owner/stores', { headers: auth });
    const store = ((await stores.json()) as { data: { id: number }[] }).data[0]?.id;
    const phone = `09130008${index}1`;
    const imported = await request.post(`/api/v1/imports/customers?store_id=${store}`, {
      headers: { ...auth, 'Content-Type': 'text/csv' },
      data: `name,phone\nBell ${lang},${phone}\n`,
    });
    expect(imported.status()).toBe(201);
    const before = (await (await request.get('/api/v1/notifications', { headers: auth })).json()) as {
      meta: { unread: number };
    };
    expect(before.meta.unread).toBeGreaterThan(0);

    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    const badge = page.getByTestId('notification-badge');
    await expect(badge).toContainText(String(before.meta.unread));
    await page.getByTestId('notification-bell').click();
    const list = page.getByTestId('notification-list');
    const item = list
      .getByTestId('notification-item')
      .filter({ hasText: text(lang) })
      .first();
    await expect(item).toHaveAttribute('data-read', 'false');
    await saveScreenshot(page, `bell-open-${lang}`);

    // Opening it goes to the customers and marks it read: the count drops by one.
    await item.click();
    await expect(page).toHaveURL(/tab=customers/);
    await expect(page.getByRole('tab', { name: TEXT[lang].customersTab, exact: true })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    if (before.meta.unread > 1) await expect(badge).toContainText(String(before.meta.unread - 1));
    else await expect(badge).not.toContainText(/\d/);

    // Mark all read: no number on the bell, and the server agrees.
    await page.getByTestId('notification-bell').click();
    const readAll = list.getByTestId('notification-read-all');
    if (await readAll.isVisible()) await readAll.click();
    await expect(badge).not.toContainText(/\d/);
    const after = (await (await request.get('/api/v1/notifications', { headers: auth })).json()) as {
      meta: { unread: number };
    };
    expect(after.meta.unread).toBe(0);
  });
}

function text(lang: 'ar' | 'en'): string {
  return TEXT[lang].imported;
}
