import { expect, test, type Page } from '@playwright/test';
import { fakeQueuedSmallerPlan, PHONE_VIEWPORT, screenshotFromTop, signIn, switchTo } from './helpers';

// Issue #35, "Finish": each state in Arabic and English at a 1280 px desktop, with screenshots
// at the desktop and at a 390 px phone (e2e/screenshots/finish-*.png). Nothing here changes the
// server's data: the queued plan is an answer given to the browser, deletions are left with Go back.
type Lang = 'ar' | 'en';
const LANGS: Lang[] = ['ar', 'en'];
const DESKTOP = { width: 1280, height: 800 };

const TEXT = {
  ar: {
    renew: 'جدّد الآن',
    queued: /باقتك التالية Basic بانتظار البدء، وتبدأ في \d{2}\/\d{2}\/\d{4}/,
    over: /ابتداءً من \d{2}\/\d{2}\/\d{4} ستتجاوز حدّها بـمتجر واحد/,
    staffTab: 'الموظفون',
    deleteTitle: 'حذف موظف نقطة بيع',
    deactivateInstead: 'تعطيل بدلاً من ذلك',
    undone: 'لا يمكن التراجع',
    holds: /لدى فاطمة الشريف [\d,]+ نقطة، ولا يمكن حذفه ما دام يحمل نقاطًا/,
    customersDelete: 'حذف',
    deleteCustomerTitle: 'حذف العميل',
    goBack: 'تراجع',
    importNote: 'تُحتسب الأرصدة المستوردة كأنها اكتُسبت يوم الاستيراد',
    newKey: 'مفتاح ربط (API) جديد',
    webhooks: 'خطافات الويب (Webhooks): إشعارات فورية',
    // 30/09/2026: one left-to-right island, day first.
    date: /^\u2066\d{2}\/\d{2}\/\d{4}\u2069$/,
  },
  en: {
    renew: 'Renew now',
    queued: /Your next plan, Basic, is queued and starts on [A-Z][a-z]{2} \d{1,2}, \d{4}/,
    over: /From [A-Z][a-z]{2} \d{1,2}, \d{4} you will be over its limit by 1 store/,
    staffTab: 'Staff',
    deleteTitle: 'Delete a POS user',
    deactivateInstead: 'Deactivate instead',
    undone: 'cannot be undone',
    holds: /فاطمة الشريف holds [\d,]+ points, so they cannot be deleted while they hold points/,
    customersDelete: 'Delete',
    deleteCustomerTitle: 'Delete customer',
    goBack: 'Go back',
    importNote: 'Imported balances count as earned on the import day',
    newKey: 'New API key',
    webhooks: 'Webhooks',
    date: /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/,
  },
} as const;

/** Text without the direction marks the app puts around names, numbers and dates. */
const plain = (text: string) => text.replace(/[\u200e\u200f\u2066-\u2069]/g, '');

async function signInAs(page: Page, email: string, lang: Lang): Promise<void> {
  await page.setViewportSize(DESKTOP);
  await signIn(page, email);
  if (lang === 'en') await switchTo(page, 'en');
}

async function shoot(page: Page, name: string): Promise<void> {
  await screenshotFromTop(page, `finish-${name}-1280`);
  await screenshotFromTop(page, `finish-${name}-390`, PHONE_VIEWPORT);
}

for (const lang of LANGS) {
  const text = TEXT[lang];

  test(`the owner's tabs fit on one line at 1280 px (${lang})`, async ({ page }) => {
    await signInAs(page, 'owner@demo.ly', lang);
    const tabs = page.getByRole('tablist').first().getByRole('tab');
    await expect(tabs).toHaveCount(12);
    await page.evaluate(() => document.fonts.ready);
    const tops = await tabs.evaluateAll((elements) =>
      elements.map((element) => Math.round(element.getBoundingClientRect().top)),
    );
    expect(new Set(tops).size, `tab tops: ${tops.join(', ')}`).toBe(1);
    // One date format: the stores' "Created" day.
    const created = page.getByTestId('owner-stores').getByRole('row').nth(1).getByRole('cell').nth(5);
    expect(await created.textContent()).toMatch(text.date);
    await shoot(page, `owner-tabs-${lang}`);
  });

  test(`with a smaller plan queued the ribbon names it and the stores over its limit, no Renew now (${lang})`, async ({
    page,
  }) => {
    await fakeQueuedSmallerPlan(page);
    await signInAs(page, 'owner@demo.ly', lang);
    const ribbon = page.getByTestId('expiration-ribbon');
    await expect(ribbon).toBeVisible();
    expect(plain(await ribbon.getByTestId('queued-plan').innerText())).toMatch(text.queued);
    expect(plain(await ribbon.getByTestId('queued-plan-over-limit').innerText())).toMatch(text.over);
    await expect(ribbon.getByRole('button', { name: text.renew })).toHaveCount(0);
    await shoot(page, `queued-plan-${lang}`);
  });

  test(`deleting a POS user leads with Deactivate instead (${lang})`, async ({ page }) => {
    await signInAs(page, 'owner@demo.ly', lang);
    await page.getByRole('tab', { name: text.staffTab }).click();
    const active = page.getByTestId('staff-row').filter({ has: page.getByText(/^(Active|مفعّل|نشط)$/) });
    await active.first().getByRole('button').last().click();
    const dialog = page.getByRole('dialog', { name: text.deleteTitle });
    await expect(dialog.getByRole('button', { name: text.deactivateInstead })).toBeVisible();
    const words = plain(await dialog.innerText());
    expect(words.indexOf(text.deactivateInstead)).toBeLessThan(words.indexOf(text.undone));
    await shoot(page, `delete-staff-${lang}`);
    await dialog.getByRole('button', { name: text.goBack }).click();
    await expect(dialog).toHaveCount(0);
  });

  test(`a customer who holds points is not offered a delete (${lang})`, async ({ page }) => {
    await signInAs(page, 'cashier@demo.ly', lang);
    await page.getByTestId('tile-customers').click();
    const modal = page.getByRole('dialog');
    await modal.getByRole('searchbox').fill('فاطمة');
    await expect(modal.getByTestId('customer-card')).toHaveCount(1);
    await modal.getByTestId('customer-card').getByRole('button').first().click();
    await page.getByRole('menuitem', { name: text.customersDelete }).click();
    const question = page.getByRole('dialog', { name: text.deleteCustomerTitle });
    await expect(question.getByTestId('customer-holds-points')).toBeVisible();
    expect(plain(await question.innerText())).toMatch(text.holds);
    await expect(question.getByRole('button', { name: text.customersDelete, exact: true })).toHaveCount(0);
    await shoot(page, `customer-holds-points-${lang}`);
  });

  test(`the import screen says when imported balances start to expire; integrations speak the language (${lang})`, async ({
    page,
  }) => {
    await signInAs(page, 'owner@demo.ly', lang);
    await page.getByTestId('owner-tab-exports').click();
    await expect(page.getByTestId('import-expiry-note')).toContainText(text.importNote);
    await page.getByTestId('import-customers').scrollIntoViewIfNeeded();
    await shoot(page, `import-note-${lang}`);
    await page.getByTestId('owner-tab-integrations').click();
    await expect(page.getByRole('button', { name: text.newKey })).toBeVisible();
    await expect(page.getByTestId('owner-webhooks')).toContainText(text.webhooks);
    await shoot(page, `integrations-${lang}`);
  });
}
