import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { apiAuth, expectDirection, signIn, switchTo, uniquePhone } from './helpers';

// Messages customers read (issue #39, item 6 and the till's part of item 4): the owner's
// Messages tab (this month against the limit, consents, months per channel with the estimated
// cost, the templates in both languages) and a customer's consent and messages on its page.
// Every figure is the server's. Screenshots at 1280 and 390 px go to /tmp/h-web-shots/.

type Lang = 'ar' | 'en';
type Tree = { [key: string]: string | Tree };
function load(file: string): Tree {
  return JSON.parse(readFileSync(new URL(`../src/${file}`, import.meta.url), 'utf8')) as Tree;
}
const OWNER: Record<Lang, Tree> = {
  ar: load('features/owner/locales/ar.json'),
  en: load('features/owner/locales/en.json'),
};
const MAIN: Record<Lang, Tree> = { ar: load('locales/ar.pages.json'), en: load('locales/en.json') };
function lookup(tree: Tree, key: string): string {
  const value = key
    .split('.')
    .reduce<string | Tree | undefined>(
      (node, part) => (node === undefined || typeof node === 'string' ? undefined : node[part]),
      tree,
    );
  if (typeof value !== 'string') throw new Error(`no string ${key}`);
  return value;
}
const o = (lang: Lang, key: string) => lookup(OWNER[lang], key);
const m = (lang: Lang, key: string) => lookup(MAIN[lang], key);

const grouped = (n: number) => new Intl.NumberFormat('en-US').format(n);
const SHOTS = '/tmp/h-web-shots';
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

interface Summary {
  monthly_limit: number;
  this_month: number;
  limit_reached: boolean;
  consents: { customers: number; whatsapp: number; sms: number; any: number };
  months: { month: string; channel: string; sent: number }[];
}

/**
 * Full-page screenshots at a desktop's and a phone's width, and one of each part named (to read
 * its figures); the page has no sideways scroll.
 */
async function shoot(page: Page, name: string, parts: string[] = []): Promise<void> {
  for (const [size, viewport] of [
    ['1280', DESKTOP],
    ['390', PHONE],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.evaluate(() => document.fonts.ready);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(wide, `${name} at ${size} px scrolls sideways`).toBeLessThanOrEqual(0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${SHOTS}/${name}-${size}.png`, fullPage: true });
    for (const part of parts) {
      await page.getByTestId(part).screenshot({ path: `${SHOTS}/${name}-${size}-${part}.png` });
    }
  }
  await page.setViewportSize(DESKTOP);
}

for (const lang of ['ar', 'en'] as const) {
  test(`the owner reads its messages and edits a template (${lang})`, async ({ page, request }) => {
    const owner = await apiAuth(request, 'owner@demo.ly');
    const answer = await request.get('/api/v1/messages/summary', { headers: owner });
    expect(answer.status()).toBe(200);
    const summary = ((await answer.json()) as { data: Summary }).data;

    await page.setViewportSize(DESKTOP);
    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await expectDirection(page, lang);
    await page.getByRole('tab', { name: o(lang, 'tabs.messages') }).click();
    await expect(page.getByTestId('owner-messages')).toBeVisible();
    const thisMonth = page.getByTestId('messages-this-month-value');
    await expect(thisMonth).toContainText(grouped(summary.this_month));
    await expect(thisMonth).toContainText(grouped(summary.monthly_limit));
    await expect(page.getByTestId('messages-consents-value')).toContainText(grouped(summary.consents.any));
    await expect(page.getByTestId('messages-consents-value')).toContainText(
      grouped(summary.consents.customers),
    );
    await expect(page.getByTestId('messages-limit-reached')).toHaveCount(summary.limit_reached ? 1 : 0);
    await expect(page.getByTestId('messages-months').locator('tbody tr')).toHaveCount(summary.months.length);
    await expect(page.getByTestId('messages-prices')).toContainText(lang === 'ar' ? 'دولار' : 'USD');
    await expect(page.getByLabel(o(lang, 'messages.limitLabel'))).toHaveValue(String(summary.monthly_limit));

    // A placeholder the kind does not have: the server's message, in the page's language, under the field.
    const card = page.getByTestId('template-points_earned');
    const english = card.getByLabel(o(lang, 'messages.templates.textEn'));
    await english.fill('Thanks {name}! {pts} points at {store}.');
    await card.getByRole('button', { name: o(lang, 'save') }).click();
    await expect(english).toHaveAttribute('aria-invalid', 'true');
    const error = card.locator('.mantine-InputWrapper-error');
    await expect(error).toHaveCount(1);
    await expect(error).toContainText(lang === 'ar' ? /[\u0600-\u06ff]/ : /[a-z]/);
    await shoot(page, `owner-messages-error-${lang}`, ['template-points_earned']);

    await english.fill('Thanks {name}! {points} points at {store}.');
    await card.getByRole('button', { name: o(lang, 'save') }).click();
    await expect(page.getByTestId('template-points_earned')).toHaveAttribute('data-own', 'true');
    await expect(
      page.getByTestId('template-points_earned').getByLabel(o(lang, 'messages.templates.textEn')),
    ).toHaveValue('Thanks {name}! {points} points at {store}.');
    const saved = await request.get('/api/v1/message-templates', { headers: owner });
    const list = ((await saved.json()) as { data: { kind: string; own: boolean; text_en: string }[] }).data;
    expect(list.find((t) => t.kind === 'points_earned')).toMatchObject({
      own: true,
      text_en: 'Thanks {name}! {points} points at {store}.',
    });
    await shoot(page, `owner-messages-${lang}`, [
      'messages-this-month',
      'messages-consents',
      'messages-limit',
      'messages-months',
      'template-points_expiring',
    ]);

    // Back to the product's text.
    await page.getByTestId('template-points_earned').getByTestId('template-reset').click();
    await expect(page.getByTestId('template-points_earned')).toHaveAttribute('data-own', 'false');
    await expect(page.getByTestId('template-points_earned').getByTestId('template-reset')).toHaveCount(0);
  });
}

for (const lang of ['ar', 'en'] as const) {
  test(`a cashier records a customer's SMS consent and language, and a sale's message shows (${lang})`, async ({
    page,
    request,
  }) => {
    const till = await apiAuth(request, 'cashier@demo.ly');
    const created = await request.post('/api/v1/customers', {
      headers: till,
      data: { name: `Messages ${lang}`, phone: uniquePhone('0918') },
    });
    expect(created.status()).toBe(201);
    const id = ((await created.json()) as { data: { id: number } }).data.id;

    await page.setViewportSize(DESKTOP);
    await signIn(page, 'cashier@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.goto(`/customer/${id}`);
    const panel = page.getByTestId('customer-messages');
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId('customer-messages-empty')).toBeVisible();

    const sms = panel.getByTestId('consent-sms');
    await expect(sms).not.toBeChecked();
    // The switch's input lies over its words: a tap there is a tap on it.
    await expect(panel.getByText(m(lang, 'customers.messages.consent.sms'))).toBeVisible();
    await sms.click();
    await expect(sms).toBeChecked();
    await panel.getByText('English', { exact: true }).click();
    await expect(panel.getByRole('radio', { name: 'English' })).toBeChecked();
    const detail = await request.get(`/api/v1/customers/${id}`, { headers: till });
    const consents = ((await detail.json()) as { data: { consents: object } }).data.consents;
    expect(consents).toMatchObject({ sms: true, whatsapp: false, language: 'en' });

    const sold = await request.post('/api/v1/invoices', {
      headers: till,
      data: { customer_id: id, total_cost: '12' },
    });
    expect(sold.status()).toBe(201);
    await page.reload();
    const rows = page.getByTestId('customer-messages').getByTestId('customer-message');
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasText: m(lang, 'customers.messages.kinds.points_earned') })).toHaveCount(1);
    await expect(rows.first()).toContainText(m(lang, 'customers.messages.channels.sms'));
    await expect(rows.first().getByTestId('message-status')).toBeVisible();
    await shoot(page, `customer-messages-${lang}`, ['customer-messages']);

    // The customer asks for its page: the till sends the link, in the customer's language (the
    // demo has no channel, so it is recorded and said not sent), and the link opens the page.
    await panel.getByRole('button', { name: m(lang, 'customers.messages.sendPage') }).click();
    await expect(panel.getByTestId('page-link-sent')).toContainText(
      m(lang, 'customers.messages.reasons.no_channel'),
    );
    const link = rows.filter({ hasText: m(lang, 'customers.messages.kinds.link') });
    await expect(link).toHaveCount(1);
    const text = (await link.innerText()).match(/\/me\/([0-9a-f]{32})/);
    expect(text?.[1]).toHaveLength(32);
    const opened = await request.get(`/api/v1/public/me/${text?.[1] ?? ''}`);
    expect(opened.status()).toBe(200);
    await shoot(page, `customer-page-link-sent-${lang}`, ['customer-messages']);
  });
}
