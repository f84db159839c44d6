import { expect, test } from '@playwright/test';
import { saveScreenshot, signIn, switchTo } from './helpers';

// A till a cashier can trust all day (issue #34), against the real server in Chromium: offline
// from the first minute.

const TEXT = {
  ar: { ready: 'جاهز للعمل دون اتصال', offline: /لا يوجد اتصال/ },
  en: { ready: 'Ready to work offline', offline: /^Offline/ },
} as const;

for (const lang of ['ar', 'en'] as const) {
  test(`the page signed in on is served by the service worker within 20 s, without a reload (${lang})`, async ({
    page,
    context,
  }) => {
    // A browser that never opened the app: no worker yet.
    await signIn(page, 'cashier@demo.ly');
    const signedInAt = Date.now();
    if (lang === 'en') await switchTo(page, 'en');
    const navigations: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) navigations.push(frame.url());
    });

    await expect
      .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 20_000 })
      .toBe(true);
    expect(Date.now() - signedInAt).toBeLessThan(20_000);
    expect(navigations).toEqual([]);
    // The cashier is told.
    const status = page.getByTestId('offline-status');
    await expect(status).toHaveText(TEXT[lang].ready);
    await expect(status).toHaveAttribute('data-state', 'ready');
    await saveScreenshot(page, `till-offline-ready-${lang}`);

    // And it holds: the network gone, the page says so, and a reload still opens the till.
    await context.setOffline(true);
    await expect(status).toHaveText(TEXT[lang].offline);
    await page.reload();
    await expect(page.getByTestId('pos-dashboard')).toBeVisible();
    await expect(page.getByTestId('offline-status')).toHaveText(TEXT[lang].offline);
    await saveScreenshot(page, `till-offline-reloaded-${lang}`);
    await context.setOffline(false);
  });
}
