import { describe, expect, it } from 'vitest';
import ownerAr from '@/features/owner/locales/ar.json';
import arFirstPage from '@/locales/ar.json';
import en from '@/locales/en.json';
import arPages from '@/locales/ar.pages.json';
import arPublic from '@/locales/ar.public.json';
import { DICTIONARIES, flatten, placeholders, type Tree } from '@/testing/dictionaries';

describe.each(DICTIONARIES)('the $namespace dictionaries', ({ en: english, ar: arabic }) => {
  const enKeys = flatten(english);
  const arKeys = flatten(arabic);

  it('have exactly the same keys in Arabic and English', () => {
    expect([...arKeys.keys()].sort()).toEqual([...enKeys.keys()].sort());
  });

  it('have no empty strings', () => {
    for (const [key, value] of [...arKeys, ...enKeys]) expect(value.trim(), key).not.toBe('');
  });

  it('use the same interpolation variables in both languages', () => {
    // Arabic plural forms may spell out one and two instead of using the number.
    for (const [key, value] of enKeys) {
      if (/_(zero|one|two)$/.test(key)) continue;
      expect(placeholders(arKeys.get(key) ?? ''), key).toEqual(placeholders(value));
    }
  });
});

describe('locale files', () => {
  const firstPageKeys = flatten(arFirstPage as Tree);
  const pagesKeys = flatten(arPages as Tree);
  const publicKeys = flatten(arPublic as Tree);
  const enKeys = flatten(en as Tree);

  it('split Arabic without a key in two parts', () => {
    const parts = [firstPageKeys, publicKeys, pagesKeys];
    const twice = parts.flatMap((part, i) =>
      [...part.keys()].filter((key) => parts.some((other, j) => j !== i && other.has(key))),
    );
    expect(twice).toEqual([]);
  });

  it('give the public pages (home, check points, about) their Arabic keys without the rest', () => {
    for (const section of ['public', 'about', 'expiry']) {
      const inPublic = [...publicKeys.keys()].filter((key) => key.startsWith(`${section}.`));
      const inEnglish = [...enKeys.keys()].filter((key) => key.startsWith(`${section}.`));
      expect(inPublic.sort(), section).toEqual(inEnglish.sort());
    }
    expect(publicKeys.size).toBeLessThan(pagesKeys.size / 3);
  });

  it('give the first page (sign-in, not found, error) its Arabic keys without the rest', () => {
    for (const section of ['app', 'language', 'login', 'notFound', 'errorPage']) {
      const inFirst = [...firstPageKeys.keys()].filter((key) => key.startsWith(`${section}.`));
      const inEnglish = [...enKeys.keys()].filter((key) => key.startsWith(`${section}.`));
      expect(inFirst.sort(), section).toEqual(inEnglish.sort());
    }
    for (const key of [
      'home.hero.title',
      'home.features.multiRole.title',
      'home.features.pointsRewards.title',
      'home.features.analytics.title',
    ]) {
      expect(firstPageKeys.has(key), key).toBe(true);
    }
  });

  it('keep the spec wording in English', () => {
    expect(en.login.submitting).toBe('Signing in...');
    expect(en.login.failed).toBe('Login failed');
    expect(en.login.checkPoints).toBe('Check your points without logging in');
    expect(en.dashboard.invalidRole.title).toBe('Invalid User Role');
    // Cashier screens (spec sections 2, 5 and 8).
    expect(en.pos.invoice.selectCustomer).toBe('Please select a customer before creating an invoice');
    expect(en.pos.invoice.success_other).toBe(
      'Invoice created successfully! Customer earned {{points}} points.',
    );
    expect(en.pos.invoice.failed).toBe('Failed to create invoice. Please try again.');
    expect(en.pos.redeem.redeemNow).toBe('Redeem Now');
    expect(en.pos.redeem.insufficient).toBe('Insufficient Points');
    expect(en.pos.redeem.redeeming).toBe('Redeeming...');
    expect(en.pos.redeem.selectCustomer).toBe('Please select a customer first');
    expect(en.pos.redeem.noRewards).toBe('No rewards available at the moment.');
    expect(en.pos.redeem.success_other).toBe('Reward redeemed successfully! {{points}} points deducted.');
    expect(en.pos.activity.invoiceTitle).toBe('New invoice created');
    expect(en.pos.activity.redemptionTitle).toBe('Reward redeemed');
    expect(en.pos.activity.empty).toBe('No recent activity');
    expect(en.pos.activity.refresh).toBe('Refresh Activity');
    expect(en.time.justNow).toBe('Just now');
    expect(en.customers.management.empty).toBe('No customers found');
    expect(en.customers.dialog.rules.nameRequired).toBe('Customer name is required');
    expect(en.customers.dialog.rules.emailInvalid).toBe('Please enter a valid email address');
    expect(en.customers.delete.confirm).toBe(
      'Are you sure you want to delete {{name}}? This action cannot be undone.',
    );
    expect(en.customers.addPoints.rules.min).toBe('Please enter a valid number of points (minimum 1)');
    expect(en.customers.addPoints.rules.max).toBe('Cannot add more than {{max}} points at once');
    expect(en.customers.detail.notFoundTitle).toBe('Customer Not Found');
    expect(en.customers.detail.notFoundDescription).toBe(
      "The customer you're looking for doesn't exist or has been removed.",
    );
    expect(en.customers.detail.loading).toBe('Loading customer information...');
    expect(en.customers.detail.stats.averagePerInvoice).toBe('Avg. per Invoice');
  });
});

describe('Arabic plural forms in badges', () => {
  it('counts points the Arabic way: نقطة, نقطتان, نقاط (3 to 10), نقطة (11 and up)', async () => {
    const { i18n, loadPagesDictionary } = await import('@/lib/i18n');
    await loadPagesDictionary();
    const ar = i18n.getFixedT('ar');
    const badge = (count: number) => ar('common.pointsDelta', { count, points: `+${count}` });
    expect(badge(1)).toBe('+1 نقطة');
    expect(badge(2)).toBe('+2 نقطتان');
    expect(badge(10)).toBe('+10 نقاط');
    expect(badge(11)).toBe('+11 نقطة');
    expect(badge(250)).toBe('+250 نقطة');
    expect(ar('common.pointsShort', { count: 5, points: '5' })).toBe('5 نقاط');
  });
});

describe('integration terms in Arabic', () => {
  // An owner reads Arabic words for webhooks, API keys and addresses; the English term may follow
  // in parentheses, to match a developer's documentation, but never stands alone.
  const TERMS = /\b(webhooks?|api|url|erp)\b/i;
  const arabic = [...DICTIONARIES.flatMap(({ ar }) => [...flatten(ar)])];

  it('never leave Webhook, API, URL or ERP untranslated', () => {
    const bare = arabic.filter(([, text]) =>
      TERMS.test(text.replace(/\{\{\w+\}\}/g, '').replace(/\([^)]*\)/g, '')),
    );
    expect(bare.map(([key, text]) => `${key}: ${text}`)).toEqual([]);
  });

  it('name them in Arabic in the owner’s integrations tab', () => {
    const owner = flatten(ownerAr as Tree);
    expect(owner.get('integrations.add')).toBe('مفتاح ربط (API) جديد');
    expect(owner.get('integrations.webhooks.add')).toBe('خطاف ويب (Webhook) جديد');
    expect(owner.get('integrations.webhooks.url')).toBe('عنوان الخادم (URL)');
  });
});
