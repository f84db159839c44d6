import { expect, test } from '@playwright/test';
import { apiAuth, saveScreenshot, signIn, switchTo } from './helpers';

// An owner sees what it owes its customers in points (issue #19, item 6): the points they hold,
// their value in LYD (the demo owner: 100 points = 5.000 LYD), per store, and a chart of the
// points earned and redeemed per month. Every figure is the server's; the page shows them.
const TEXT = {
  ar: { tab: 'النقاط المستحقة', earned: 'مكتسبة من المبيعات', redeemed: 'مستبدلة' },
  en: { tab: 'Points owed', earned: 'Earned by sales', redeemed: 'Redeemed' },
};

interface Liability {
  outstanding_points: number;
  outstanding_value: string | null;
  stores: { store: { name: string }; points: number; value: string | null }[];
  months: { month: string; earned: number; redeemed: number }[];
  expiring: { days: number; points: number; value: string | null; customers: number }[];
  expiring_customers: { name: string; points: number; last_day: string }[];
}

const grouped = (n: number | string, decimals = 0) =>
  new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }).format(
    Number(n),
  );

for (const lang of ['ar', 'en'] as const) {
  const text = TEXT[lang];
  test(`an owner sees the points its customers hold and their value (${lang})`, async ({ page, request }) => {
    const auth = await apiAuth(request, 'owner@demo.ly');
    const answer = await request.get('/api/v1/store-owner/liability', { headers: auth });
    expect(answer.status()).toBe(200);
    const data = ((await answer.json()) as { data: Liability }).data;
    expect(data.outstanding_points).toBeGreaterThan(0);
    expect(data.outstanding_value).not.toBeNull();

    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.getByRole('tab', { name: text.tab }).click();
    await expect(page.getByTestId('liability')).toBeVisible();
    await expect(page.getByTestId('liability-points-value')).toHaveText(grouped(data.outstanding_points));
    await expect(page.getByTestId('liability-value-value')).toContainText(
      grouped(data.outstanding_value ?? 0, 3),
    );
    await expect(page.getByTestId('liability-value-value')).toContainText(lang === 'ar' ? 'د.ل.' : 'LYD');

    const rows = page.getByTestId('liability-stores').locator('tbody tr');
    await expect(rows).toHaveCount(data.stores.length);
    for (const [index, store] of data.stores.entries()) {
      await expect(rows.nth(index)).toContainText(store.store.name);
      await expect(rows.nth(index)).toContainText(grouped(store.points));
      await expect(rows.nth(index)).toContainText(grouped(store.value ?? 0, 3));
    }

    const chart = page.getByTestId('liability-chart');
    await expect(chart.getByText(text.earned, { exact: true })).toBeVisible();
    await expect(chart.getByText(text.redeemed, { exact: true })).toBeVisible();
    // Bars drawn for the months with points (a month with none draws none).
    await expect(chart.locator('.recharts-bar-rectangle')).not.toHaveCount(0);
    await saveScreenshot(page, `owner-liability-${lang}`);
  });
}

const EXPIRING = {
  ar: { usable: 'صالحة حتى نهاية', title: 'نقاط تنتهي صلاحيتها قريباً' },
  en: { usable: 'Usable through', title: 'Points expiring soon' },
};

for (const lang of ['ar', 'en'] as const) {
  test(`an owner sees what expires in the coming week, month and quarter, and whom to remind (${lang})`, async ({
    page,
    request,
  }) => {
    const auth = await apiAuth(request, 'owner@demo.ly');
    const answer = await request.get('/api/v1/store-owner/liability', { headers: auth });
    const data = ((await answer.json()) as { data: Liability }).data;
    const month = data.expiring.find((w) => w.days === 30);
    // The demo's points expire a month after they were earned: some are due within 30 days.
    expect(month?.points).toBeGreaterThan(0);

    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    const soon = page.getByTestId('expiring-soon');
    await expect(soon).toContainText(grouped(month?.points ?? 0));
    await expect(soon).toContainText(grouped(month?.value ?? 0, 3));
    await soon.getByTestId('expiring-soon-open').click();

    const card = page.getByTestId('expiring-points');
    await expect(card).toContainText(EXPIRING[lang].title);
    for (const window of data.expiring) {
      await expect(card.getByTestId(`expiring-${window.days}-value`)).toHaveText(grouped(window.points));
    }
    const rows = card.getByTestId('expiring-customers').locator('tbody tr');
    await expect(rows).toHaveCount(data.expiring_customers.length);
    const first = data.expiring_customers[0];
    await expect(rows.first()).toContainText(first?.name ?? '');
    await expect(rows.first()).toContainText(EXPIRING[lang].usable);
    await card.scrollIntoViewIfNeeded();
    await saveScreenshot(page, `owner-expiring-${lang}`);
  });
}
