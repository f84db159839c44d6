import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn, switchTo } from './helpers';

// Tables wider than a 390 px phone scroll sideways inside their frame, and say so (#13).

const HINT = { ar: 'اسحب أفقيًا لرؤية الجدول كاملًا', en: 'Swipe sideways to see the whole table' } as const;

for (const lang of ['ar', 'en'] as const) {
  test(`a wide table on a phone says it scrolls, and the page itself does not (${lang})`, async ({
    page,
  }) => {
    await signIn(page, 'owner@demo.ly');
    if (lang === 'en') await switchTo(page, 'en');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/dashboard?tab=stores');
    const hint = page.getByTestId('scroll-hint').first();
    await expect(hint).toHaveText(HINT[lang]);
    const frame = page.getByRole('region', { name: HINT[lang] }).first();
    await expect(frame).toHaveAttribute('data-more', 'true');
    await saveScreenshot(page, `phone-table-${lang}`);

    // The page never scrolls sideways: only the table's frame does.
    const pageOverflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(pageOverflow).toBeLessThanOrEqual(0);

    // Scrolled to its end (leftwards in Arabic), the table's fading edge goes.
    await frame.evaluate((element) => {
      element.scrollLeft = document.dir === 'rtl' ? -element.scrollWidth : element.scrollWidth;
    });
    await expect(frame).not.toHaveAttribute('data-more', 'true');
  });
}
