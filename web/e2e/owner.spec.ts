import { readFile } from 'node:fs/promises';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { saveScreenshot, signIn, switchTo } from './helpers';

// The store owner's dashboard against the real server and demo data. The demo plan ends in 25
// days, so the expiration ribbon shows. Both languages run on the same fresh database: each
// redeems its own demo card.
const TEXT = {
  ar: {
    code: 'K7M2Q9XHT4WD',
    tabs: {
      stores: 'المتاجر',
      customers: 'العملاء',
      staff: 'الموظفون',
      activity: 'نشاط نقاط البيع',
      rewards: 'المكافآت',
      qr: 'رموز QR',
      subscription: 'الاشتراك',
      settings: 'الإعدادات',
    },
    addReward: 'إضافة مكافأة',
    rewardName: 'اسم المكافأة',
    discount: 'خصم',
    points: 'النقاط المطلوبة',
    amount: 'نسبة الخصم (%)',
    save: 'حفظ',
    nameRequired: 'اسم المكافأة مطلوب',
    rewardCreated: 'تم إنشاء المكافأة بنجاح!',
    rate: 'النقاط لكل دينار',
    settingsSaved: 'تم حفظ إعدادات الولاء بنجاح!',
    generate: 'إنشاء رمز QR',
    large: 'كبير (300 بكسل)',
    download: 'تنزيل SVG',
    renew: 'جدّد الآن',
    redeem: 'استبدال الرمز',
    codeEmpty: 'لا يمكن أن يكون رمز الاستبدال فارغًا.',
    activated: 'تم تفعيل الاشتراك بنجاح!',
    typeLabel: 'فاتورة',
    range30: 'آخر 30 يومًا',
    addStore: 'إضافة متجر',
    storeRequired: 'اسم المتجر مطلوب',
  },
  en: {
    code: 'P3ZR8NFA6JLC',
    tabs: {
      stores: 'Stores',
      customers: 'Customers',
      staff: 'Staff',
      activity: 'POS Activity',
      rewards: 'Rewards',
      qr: 'QR Codes',
      subscription: 'Subscription',
      settings: 'Settings',
    },
    addReward: 'Add Reward',
    rewardName: 'Reward name',
    discount: 'Discount',
    points: 'Points required',
    amount: 'Discount (%)',
    save: 'Save',
    nameRequired: 'Reward name is required',
    rewardCreated: 'Reward created successfully!',
    rate: 'Points per LYD spent',
    settingsSaved: 'Loyalty settings saved successfully!',
    generate: 'Generate QR Code',
    large: 'Large (300 px)',
    download: 'Download SVG',
    renew: 'Renew now',
    redeem: 'Redeem Code',
    codeEmpty: 'Redemption code cannot be empty.',
    activated: 'Subscription activated successfully!',
    typeLabel: 'Invoice',
    range30: 'Last 30 days',
    addStore: 'Add Store',
    storeRequired: 'Store name is required',
  },
} as const;

const PLAN = {
  ar: {
    title: 'تأكيد تغيير الباقة',
    noDayLost: 'لا يضيع أي يوم مدفوع.',
    keep: 'إبقاء الباقة الحالية',
    queue: 'البدء بعد الباقة الحالية',
    switchNow: 'الانتقال الآن…',
    givenUp: /انتقل الآن وتخلَّ عن/,
    nextPlan: 'الباقة التالية',
  },
  en: {
    title: 'Confirm the plan change',
    noDayLost: 'No paid day is lost.',
    keep: 'Keep the current plan',
    queue: 'Start after the current plan',
    switchNow: 'Switch now…',
    givenUp: /Switch now and give up/,
    nextPlan: 'Next plan',
  },
} as const;

async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name }).click();
  await expect(page.getByRole('tab', { name })).toHaveAttribute('aria-selected', 'true');
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

for (const lang of ['ar', 'en'] as const) {
  const text = TEXT[lang];
  // Both runs share one fresh database: only the first sees the demo plan's 25 days.
  const firstRun = lang === 'ar';

  test(`store owner manages the loyalty program (${lang})`, async ({ page }) => {
    test.setTimeout(120_000);
    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');

    // Cards, ribbon and the stores tab.
    await expect(page.getByTestId('owner-dashboard')).toBeVisible();
    await expect(page.getByTestId('card-revenue-value')).toContainText(/\d/);
    const ribbon = page.getByTestId('expiration-ribbon');
    if (firstRun) {
      await expect(ribbon).toBeVisible();
      await expect(ribbon).toHaveAttribute('data-band', 'oneMonth');
      await expect(ribbon).toContainText('25');
      // The ribbon in the other language too, before this run's redemption extends the plan.
      await switchTo(page, 'en');
      await expect(ribbon).toContainText('Your subscription expires in one month, in 25 days');
      await saveScreenshot(page, 'owner-ribbon-en');
      await switchTo(page, 'ar');
      await expect(ribbon).toContainText('ينتهي اشتراكك خلال شهر');
      await saveScreenshot(page, 'owner-ribbon-ar');
    } else {
      // The first run redeemed a card: the plan now ends in more than 30 days.
      await expect(page.getByTestId('card-stores-value')).toHaveText('2');
      await expect(ribbon).toHaveCount(0);
    }
    await expect(page.getByTestId('owner-stores').getByRole('row').nth(1)).toBeVisible();
    await saveScreenshot(page, `owner-stores-${lang}`);
    await page.getByRole('button', { name: text.addStore }).click();
    const storeDialog = page.getByRole('dialog');
    await storeDialog.getByRole('button', { name: text.save }).click();
    await expect(storeDialog.getByText(text.storeRequired)).toBeVisible();
    await saveScreenshot(page, `owner-store-modal-${lang}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // Customers overview.
    await openTab(page, text.tabs.customers);
    await expect(page.getByTestId('store-customers').first()).toBeVisible();
    await saveScreenshot(page, `owner-customers-${lang}`);

    // Staff.
    await openTab(page, text.tabs.staff);
    await expect(page.getByTestId('staff-row').first()).toBeVisible();
    await saveScreenshot(page, `owner-staff-${lang}`);

    // POS activity, then filtered to invoices over 30 days.
    await openTab(page, text.tabs.activity);
    await expect(page.getByTestId('activity-row').first()).toBeVisible();
    await saveScreenshot(page, `owner-activity-${lang}`);
    await pick(page, 'activity-type', text.typeLabel);
    await pick(page, 'activity-range', text.range30);
    await expect(page.getByTestId('activity-row').first()).toBeVisible();
    await expect(page.locator('[data-testid="activity-row"]:not([data-type="invoice"])')).toHaveCount(0);
    await saveScreenshot(page, `owner-activity-filtered-${lang}`);

    // Rewards: the form's rules, then a new discount reward.
    await openTab(page, text.tabs.rewards);
    await expect(page.getByTestId('reward-row').first()).toBeVisible();
    await saveScreenshot(page, `owner-rewards-${lang}`);
    await page.getByRole('button', { name: text.addReward }).click();
    const rewardDialog = page.getByRole('dialog');
    await rewardDialog.getByRole('button', { name: text.save }).click();
    await expect(rewardDialog.getByText(text.nameRequired)).toBeVisible();
    await saveScreenshot(page, `owner-reward-modal-${lang}`);
    const rewardName = lang === 'ar' ? 'خصم الجمعة' : 'Friday discount';
    await rewardDialog.getByLabel(text.rewardName).fill(rewardName);
    await pick(page, 'reward-type', text.discount);
    await rewardDialog.getByLabel(text.points).fill('120');
    await rewardDialog.getByLabel(text.amount).fill('15');
    await rewardDialog.getByRole('button', { name: text.save }).click();
    await expect(page.getByTestId('toasts')).toContainText(text.rewardCreated);
    await expect(page.getByTestId('reward-row').filter({ hasText: rewardName })).toBeVisible();

    // QR code: generate a large one and download it.
    await openTab(page, text.tabs.qr);
    await pick(page, 'qr-size', text.large);
    await page.getByRole('button', { name: text.generate }).click();
    await expect(page.getByTestId('qr-image')).toBeVisible();
    await expect(page.getByTestId('qr-url')).toContainText('/join/');
    await saveScreenshot(page, `owner-qr-${lang}`);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: text.download }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^qr-.+\.svg$/);
    const svg = await readFile(await download.path(), 'utf8');
    expect(svg.startsWith('<?xml') || svg.includes('<svg')).toBe(true);
    // Printing keeps only the code, the store's name and the URL.
    await page.emulateMedia({ media: 'print' });
    await expect(page.getByTestId('owner-tab-qr')).toBeHidden();
    await expect(page.getByTestId('qr-image')).toBeVisible();
    await saveScreenshot(page, `owner-qr-print-${lang}`);
    await page.emulateMedia({ media: 'screen' });

    // Settings: change the rate.
    await openTab(page, text.tabs.settings);
    const rate = page.getByLabel(text.rate);
    await rate.fill(lang === 'ar' ? '1.5' : '2');
    await page.getByRole('button', { name: text.save }).click();
    await expect(page.getByTestId('toasts')).toContainText(text.settingsSaved);
    await saveScreenshot(page, `owner-settings-${lang}`);

    const code = page.getByTestId('redeem-code').getByRole('textbox');
    if (firstRun) {
      // The ribbon's Renew now opens the subscription tab with the code input focused.
      await page.getByRole('button', { name: text.renew }).click();
      await expect(page.getByRole('tab', { name: text.tabs.subscription })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await expect(code).toBeFocused();
    } else {
      await openTab(page, text.tabs.subscription);
    }
    await expect(page.getByTestId('active-subscription')).toBeVisible();
    await saveScreenshot(page, `owner-subscription-${lang}`);
    await code.fill('   ');
    await code.press('Enter');
    await expect(page.getByText(text.codeEmpty)).toBeVisible();
    await code.fill(text.code);
    await code.press('Enter');
    if (!firstRun) {
      // The English run's card is for another plan: it asks first; here the owner switches now.
      const dialog = page.getByRole('dialog', { name: PLAN[lang].title });
      await dialog.getByRole('button', { name: PLAN[lang].switchNow }).click();
      await dialog.getByRole('button', { name: PLAN[lang].givenUp }).click();
    }
    await expect(page.getByTestId('toasts')).toContainText(text.activated);
    // The plan was extended past the ribbon's 30 days.
    await expect(page.getByTestId('expiration-ribbon')).toHaveCount(0);
    await saveScreenshot(page, `owner-subscription-redeemed-${lang}`);

    // The same card again is refused, with the server's message under the input.
    await code.fill(text.code);
    await page.getByRole('button', { name: text.redeem }).click();
    await expect(page.getByTestId('redeem-code').locator('.mantine-TextInput-error')).toBeVisible();
    await saveScreenshot(page, `owner-subscription-used-code-${lang}`);
  });
}

/** A fresh card for the one-store package, made by the admin through the API. */
async function basicCard(request: APIRequestContext, lang: string): Promise<string> {
  const login = await request.post('/api/v1/auth/login', {
    data: { email: 'admin@demo.ly', password: 'demo1234' },
  });
  const token = ((await login.json()) as { data: { token: string } }).data.token;
  const headers = { Authorization: `Bearer ${token}` };
  const packages = (await (await request.get('/api/v1/packages', { headers })).json()) as {
    data: { id: number; store_limit: number }[];
  };
  const basic = packages.data.find((p) => p.store_limit === 1);
  expect(basic).toBeDefined();
  const code = `PLAN${lang.toUpperCase()}${String(Date.now() % 1_000_000).padStart(6, '0')}`;
  const card = await request.post('/api/v1/admin/redemption-cards', {
    headers,
    data: { package_id: basic!.id, code },
  });
  expect(card.status()).toBe(201);
  return code;
}

for (const lang of ['ar', 'en'] as const) {
  test(`a card for another plan asks first and loses no paid day (${lang})`, async ({ page, request }) => {
    const code = await basicCard(request, lang);
    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await expect(page.getByTestId('owner-dashboard')).toBeVisible();
    await openTab(page, TEXT[lang].tabs.subscription);
    const plan = page.getByTestId('active-subscription');
    await expect(plan).toBeVisible();
    const planNow = async () =>
      `${await page.getByTestId('subscription-plan').innerText()} ${await page.getByTestId('subscription-end').innerText()}`;
    const input = page.getByTestId('redeem-code').getByRole('textbox');
    const endBefore = await planNow();

    await input.fill(code);
    await input.press('Enter');
    const dialog = page.getByRole('dialog', { name: PLAN[lang].title });
    await expect(dialog).toBeVisible();
    await saveScreenshot(page, `owner-plan-change-${lang}`);
    // "Keep" changes nothing: the same card asks again.
    await dialog.getByRole('button', { name: PLAN[lang].keep }).click();
    await expect(dialog).toBeHidden();
    expect(await planNow()).toBe(endBefore);
    await input.fill(code);
    await input.press('Enter');
    await expect(dialog).toBeVisible();

    if (await dialog.getByTestId('plan-choice-queue').count()) {
      await expect(dialog.getByTestId('plan-choice-queue')).toContainText(PLAN[lang].noDayLost);
      await dialog.getByRole('button', { name: PLAN[lang].queue }).click();
      await expect(dialog).toBeHidden();
      // The current plan is untouched; the new one waits for it.
      expect(await planNow()).toBe(endBefore);
      await expect(page.getByTestId('next-subscription')).toContainText(PLAN[lang].nextPlan);
    } else {
      // Another run queued a plan already: only "switch now" is offered, and it says what it costs.
      await dialog.getByRole('button', { name: PLAN[lang].switchNow }).click();
      await dialog.getByRole('button', { name: PLAN[lang].givenUp }).click();
      await expect(dialog).toBeHidden();
    }
    await saveScreenshot(page, `owner-plan-changed-${lang}`);
  });
}
