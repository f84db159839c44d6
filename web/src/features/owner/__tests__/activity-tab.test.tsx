import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ownerRoutes, store } from './fixtures';

/** Text without the bidi isolation marks put around names and numbers. */
const plain = (text: string | null) => (text ?? '').replace(/[\u2066-\u2069]/g, '');

const feed = {
  data: [
    {
      id: 2,
      type: 'customer',
      kind: 'points_expired',
      created_at: '2026-11-20T22:00:05Z',
      store: { id: store.id, name: store.name },
      pos_user: null,
      details: { customers: '3', points: '1250' },
    },
    {
      id: 1,
      type: 'customer',
      kind: 'customer_created',
      created_at: '2026-11-20T10:00:00Z',
      store: { id: store.id, name: store.name },
      pos_user: null,
      details: { customer: 'Huda', source: 'qr' },
    },
  ],
  meta: { page: 1, per_page: 20, total: 2 },
};

async function openActivity(language: 'en' | 'ar') {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  mockApi(
    ownerRoutes({
      'GET /api/v1/store-owner/pos-users': () => json({ data: [] }),
      'GET /api/v1/store-owner/pos-activities': () => json(feed),
    }),
  );
  renderApp('/dashboard?tab=activity');
  await screen.findByTestId('activity-table');
  return screen.findAllByTestId('activity-row');
}

describe("owner's activity feed", () => {
  it.each([
    ['en', '1,250 points of 3 customers expired', 'Automatic', 'Customer (self sign-up)'],
    ['ar', 'انتهت صلاحية 1,250 نقطة لدى 3 عملاء', 'تلقائي', 'العميل (تسجيل ذاتي)'],
  ] as const)(
    'describes expired points as the product’s own change, a sign-up as the customer’s (%s)',
    async (language, description, automatic, self) => {
      const [expired, joined] = await openActivity(language);
      const cells = within(expired!)
        .getAllByRole('cell')
        .map((cell) => plain(cell.textContent));
      expect(cells[1]).toBe(automatic);
      expect(cells[2]).toBe(store.name);
      expect(cells[4]).toBe(description);
      expect(plain(within(joined!).getAllByRole('cell')[1]!.textContent)).toBe(self);
    },
  );
});
