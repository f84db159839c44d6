import { readFileSync } from 'node:fs';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { saveScreenshot, signIn, switchTo } from './helpers';

// The admin dashboard against the real server and demo data, in Arabic and in English. Both
// runs share one database, so every name they create carries the language.
type Strings = Record<string, unknown>;
const STRINGS: Record<'ar' | 'en', Strings> = {
  ar: JSON.parse(
    readFileSync(new URL('../src/features/admin/locales/ar.json', import.meta.url), 'utf8'),
  ) as Strings,
  en: JSON.parse(
    readFileSync(new URL('../src/features/admin/locales/en.json', import.meta.url), 'utf8'),
  ) as Strings,
};

function text(lang: 'ar' | 'en', key: string): string {
  const value = key
    .split('.')
    .reduce<unknown>((node, part) => (node as Strings | undefined)?.[part], STRINGS[lang]);
  if (typeof value !== 'string') throw new Error(`no string ${key}`);
  return value;
}

async function openTab(page: Page, tab: string) {
  await page.getByTestId(`admin-tab-${tab}`).click();
  await expect(page.getByTestId(`admin-tab-${tab}`)).toHaveAttribute('aria-selected', 'true');
}

/** Mantine Select: open by its label, then choose the option. */
async function pick(scope: Locator, page: Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).first().click();
}

// The shared confirmation's way back (the main dictionary's common.goBack).
const GO_BACK = { ar: 'تراجع', en: 'Go back' };

// The server's own messages (the spec's words), shown under their field or in a toast.
const SERVER = {
  ar: {
    cardCode: 'رمز البطاقة من 4 إلى 50 حرفًا لاتينيًا (A-Z) أو رقمًا (0-9)، دون مسافات.',
    hasHistory: 'لهذا الشخص متاجر أو باقة أو مبيعات ولا يمكن حذفه.',
  },
  en: {
    cardCode: 'A card code is 4 to 50 letters A-Z and digits 0-9, without spaces.',
    hasHistory: 'This person has stores, a plan or sales and cannot be deleted.',
  },
} as const;

function dialog(page: Page) {
  return page.getByRole('dialog');
}

test.use({ actionTimeout: 15_000 });

for (const lang of ['ar', 'en'] as const) {
  const t = (key: string) => text(lang, key);
  const suffix = lang.toUpperCase();

  test(`admin manages packages, subscriptions, cards and users (${lang})`, async ({ page }) => {
    test.setTimeout(180_000);
    // A store owner of this run's own, so the demo owner's plan (which the owner spec checks)
    // stays as seeded.
    const ownerEmail = `owner-${lang}@e2e.ly`;
    const registered = await page.request.post('/api/v1/auth/register', {
      data: {
        name: `E2E Owner ${suffix}`,
        email: ownerEmail,
        password: 'e2e-owner-pass',
        store_owner_name: `E2E Shop ${suffix}`,
      },
    });
    expect(registered.status()).toBe(201);
    await signIn(page, 'admin@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await expect(page.getByTestId('admin-dashboard')).toBeVisible();
    await expect(page.getByTestId('admin-card-users-value')).toContainText(/[\d٠-٩]/);

    // Overview: live activity and health.
    await expect(page.getByTestId('health-panel')).toBeVisible();
    await expect(page.getByTestId('health-database')).toContainText(t('health.online'));
    await saveScreenshot(page, `admin-overview-${lang}`);

    // Packages: create one (defaults prefilled), it shows in the table.
    const packageName = `E2E Gold ${suffix}`;
    await openTab(page, 'packages');
    await page.getByTestId('add-package').click();
    const packageForm = page.getByTestId('package-form');
    await expect(packageForm.getByLabel(t('packages.storeLimit'))).toHaveValue('1');
    await packageForm.getByLabel(t('packages.name')).fill(packageName);
    // A blank price has its own message (not "cannot be negative"), and nothing is saved.
    await packageForm.getByLabel(t('packages.priceLyd')).fill('');
    await packageForm.getByRole('button', { name: t('save') }).click();
    await expect(packageForm).toContainText(t('packages.errors.priceRequired'));
    await expect(packageForm).not.toContainText(t('packages.errors.price'));
    await expect(page.getByTestId('package-row').filter({ hasText: packageName })).toHaveCount(0);
    // Past the server's bounds (read from the OpenAPI document): each message names the bound,
    // the months with their plural form ("120 شهرًا"), and nothing is changed or saved.
    await packageForm.getByLabel(t('packages.storeLimit')).fill('10001');
    await packageForm.getByLabel(t('packages.durationMonths')).fill('121');
    await packageForm.getByRole('button', { name: t('save') }).click();
    await expect(packageForm).toContainText(t('packages.errors.storeLimitMax').replace('{{max}}', '10,000'));
    const months = lang === 'ar' ? 'packages.errors.durationMax_many' : 'packages.errors.durationMax_other';
    await expect(packageForm).toContainText(t(months).replace('{{value}}', '120'));
    await expect(packageForm.getByLabel(t('packages.durationMonths'))).toHaveValue('121');
    await packageForm.getByLabel(t('packages.durationMonths')).fill('1');
    await packageForm.getByLabel(t('packages.priceLyd')).fill('120');
    await packageForm.getByLabel(t('packages.storeLimit')).fill('3');
    await packageForm.getByLabel(t('packages.features')).fill('Three stores\n\nPriority support\n');
    await saveScreenshot(page, `admin-package-modal-${lang}`);
    await packageForm.getByRole('button', { name: t('save') }).click();
    await expect(packageForm).toBeHidden();
    await expect(page.getByTestId('package-row').filter({ hasText: packageName })).toBeVisible();
    await saveScreenshot(page, `admin-packages-${lang}`);

    // Store owners: assign the new package to this run's owner (no plan yet).
    await openTab(page, 'storeOwners');
    const ownerRow = page.getByTestId('owner-row').filter({ hasText: ownerEmail });
    await ownerRow.getByRole('button').click();
    const assignForm = page.getByTestId('assign-form');
    await expect(assignForm.getByTestId('current-package')).toContainText(t('owners.noSubscription'));
    await pick(assignForm, page, t('owners.package'), new RegExp(packageName));
    await saveScreenshot(page, `admin-assign-modal-${lang}`);
    await assignForm.getByRole('button', { name: t('owners.assign') }).click();
    await expect(assignForm).toBeHidden();
    await expect(ownerRow).toContainText(packageName);
    await saveScreenshot(page, `admin-store-owners-${lang}`);

    // Redemption cards: one card with a generated code, then a batch and its printable sheet.
    await openTab(page, 'cards');
    await page.getByTestId('add-card').click();
    const cardForm = page.getByTestId('card-form');
    await pick(cardForm, page, t('cards.package'), packageName);
    await cardForm.getByLabel(t('notes')).fill(`single ${suffix}`);
    // A code with a space is refused under its field, and no card is made.
    await cardForm.getByLabel(t('cards.code')).fill('GOLD 2026');
    await cardForm.getByRole('button', { name: t('cards.create') }).click();
    await expect(cardForm).toContainText(SERVER[lang].cardCode);
    await expect(page.getByTestId('card-row').filter({ hasText: `single ${suffix}` })).toHaveCount(0);
    await cardForm.getByLabel(t('cards.code')).fill('');
    await cardForm.getByRole('button', { name: t('cards.create') }).click();
    await expect(cardForm).toBeHidden();
    await expect(page.getByTestId('card-row').filter({ hasText: `single ${suffix}` })).toBeVisible();

    await page.getByTestId('batch-cards').click();
    const batchForm = page.getByTestId('batch-form');
    await batchForm.getByLabel(t('cards.count')).fill('4');
    await pick(batchForm, page, t('cards.package'), packageName);
    await batchForm.getByRole('button', { name: t('cards.batchCreate') }).click();
    await expect(page.getByTestId('card-sheet')).toBeVisible();
    await expect(page.getByTestId('sheet-card')).toHaveCount(4);
    await saveScreenshot(page, `admin-cards-sheet-${lang}`);
    await page.emulateMedia({ media: 'print' });
    await saveScreenshot(page, `admin-cards-print-${lang}`);
    await page.emulateMedia({ media: 'screen' });
    await dialog(page)
      .getByRole('button', { name: t('close') })
      .last()
      .click();
    await expect(page.getByTestId('card-sheet')).toBeHidden();
    await saveScreenshot(page, `admin-cards-${lang}`);

    // Users: create a cashier, find it, deactivate it (confirmed).
    const userName = `E2E Cashier ${suffix}`;
    const email = `e2e-cashier-${lang}@demo.ly`;
    await openTab(page, 'users');
    await page.getByTestId('add-user').click();
    const userForm = page.getByTestId('user-form');
    await userForm.getByRole('button', { name: t('users.create') }).click();
    await expect(userForm).toContainText(t('users.errors.name'));
    await expect(userForm).toContainText(t('users.errors.role'));
    await userForm.getByLabel(t('users.name')).fill(userName);
    await userForm.getByLabel(t('users.email')).fill(email);
    await userForm.locator('input[type="password"]').fill('secret-pass-123');
    await pick(userForm, page, t('users.role'), t('roles.pos_user'));
    await expect(userForm.getByLabel(t('users.storeOwnerName'))).toHaveCount(0);
    await pick(userForm, page, t('users.store'), /.+/);
    await saveScreenshot(page, `admin-user-modal-${lang}`);
    await userForm.getByRole('button', { name: t('users.create') }).click();
    await expect(userForm).toBeHidden();
    await page.getByTestId('users-search').fill(email);
    const userRow = page.getByTestId('user-row').filter({ hasText: email });
    await expect(userRow).toBeVisible();
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await userRow
      .getByRole('button', { name: t('users.deactivateNamed').replace('{{name}}', userName) })
      .click();
    await page.getByTestId('confirm-button').click();
    await expect(userRow).toContainText(t('inactive'));
    await page.getByTestId('users-search').fill('');
    // The signed-in admin cannot deactivate or delete itself.
    const selfRow = page.getByTestId('user-row').filter({ hasText: 'admin@demo.ly' });
    await expect(selfRow).toBeVisible();
    await expect(
      selfRow.getByRole('button', { name: t('users.deleteNamed').replace('{{name}}', '') }).first(),
    ).toBeDisabled();
    await expect(
      selfRow.getByRole('button', { name: t('users.deactivateNamed').replace('{{name}}', '') }).first(),
    ).toBeDisabled();
    await saveScreenshot(page, `admin-users-${lang}`);

    // A store owner with stores, customers and a plan cannot be deleted: the server says why
    // and to deactivate instead, and the owner stays.
    await page.getByTestId('users-search').fill('owner@demo.ly');
    const ownerUserRow = page.getByTestId('user-row').filter({ hasText: 'owner@demo.ly' });
    await expect(page.getByTestId('user-row')).toHaveCount(1);
    await ownerUserRow
      .getByRole('button', { name: t('users.deleteNamed').replace('{{name}}', '') })
      .first()
      .click();
    // The question leads with "Deactivate instead"; the delete is the second choice.
    await expect(page.getByTestId('deactivate-instead')).toBeVisible();
    await page.getByTestId('confirm-delete').click();
    await expect(page.getByText(SERVER[lang].hasHistory, { exact: false }).first()).toBeVisible();
    await saveScreenshot(page, `admin-owner-has-history-${lang}`);
    await dialog(page).getByRole('button', { name: GO_BACK[lang] }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(ownerUserRow).toBeVisible();
    await page.getByTestId('users-search').fill('');

    // Stores and analytics.
    await openTab(page, 'stores');
    await expect(page.getByTestId('store-row').first()).toBeVisible();
    await saveScreenshot(page, `admin-stores-${lang}`);
    await openTab(page, 'analytics');
    await expect(page.getByTestId('chart-invoices').locator('svg').first()).toBeVisible();
    await expect(page.getByTestId('top-stores')).toBeVisible();
    // Time runs with the reading direction: in Arabic the values' axis is on the right and the
    // newest day on the left.
    for (const chart of ['chart-invoices', 'chart-revenue', 'chart-points']) {
      const card = await page.getByTestId(chart).locator('svg.recharts-surface').first().boundingBox();
      const yAxis = await page.getByTestId(chart).locator('.recharts-yAxis').first().boundingBox();
      expect(card && yAxis, chart).toBeTruthy();
      const onTheRight = yAxis!.x > card!.x + card!.width / 2;
      expect(onTheRight, `${chart}: the values' axis on the ${lang === 'ar' ? 'right' : 'left'}`).toBe(
        lang === 'ar',
      );
    }
    await saveScreenshot(page, `admin-analytics-${lang}`);
  });
}
