import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { OwnerReward, StaffUser } from '../types';
import { ownerRoutes, store, subscriptionWith } from './fixtures';

beforeEach(() => window.sessionStorage.clear());

const off: OwnerReward = {
  id: 1,
  name: 'Free coffee',
  description: null,
  type: 'prize',
  points_required: 50,
  amount: '0.000',
  is_active: false,
  redemptions_count: 0,
};
const on: OwnerReward = { ...off, id: 2, name: 'Tea', is_active: true };
const resting: StaffUser = {
  id: 8,
  name: 'Nour',
  email: 'nour@demo.ly',
  role: 'pos_user',
  is_active: false,
  store_id: 1,
  store: { id: 1, name: store.name },
  created_at: '2026-09-25T10:00:00Z',
};
const working: StaffUser = { ...resting, id: 7, name: 'Salem', is_active: true };

async function open(tab: string, language: 'en' | 'ar', remainingDays: number) {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  mockApi(
    ownerRoutes(
      {
        'GET /api/v1/rewards': () => json({ data: [off, on] }),
        'GET /api/v1/store-owner/pos-users': () => json({ data: [working, resting] }),
      },
      subscriptionWith(remainingDays),
    ),
  );
  renderApp(`/dashboard?tab=${tab}`);
}

describe('without a plan in effect (the server says so)', () => {
  it.each(['en', 'ar'] as const)(
    'rewards cannot be added or switched on, only switched off (%s)',
    async (language) => {
      await open('rewards', language, 0);
      const [coffeeRow, teaRow] = await screen.findAllByTestId('reward-row');
      const reason = await screen.findByTestId('rewards-no-plan');
      expect(reason).toHaveTextContent(language === 'en' ? 'There is no active plan' : 'لا توجد باقة نشطة');
      const add = screen.getByRole('button', { name: language === 'en' ? 'Add Reward' : /إضافة مكافأة/ });
      expect(add).toBeDisabled();
      expect(add).toHaveAttribute('aria-describedby', 'rewards-no-plan');
      const buttons = (row: HTMLElement) => within(row).getAllByRole('button');
      expect(buttons(coffeeRow!).at(-1)).toBeDisabled();
      expect(buttons(teaRow!).at(-1)).toBeEnabled();
    },
  );

  it.each(['en', 'ar'] as const)(
    'cashiers cannot be added or activated, only deactivated (%s)',
    async (language) => {
      await open('staff', language, 0);
      const [salemRow, nourRow] = await screen.findAllByTestId('staff-row');
      expect(await screen.findByTestId('staff-no-plan')).toBeInTheDocument();
      const toggle = (row: HTMLElement) => within(row).getAllByRole('button')[1]!;
      expect(toggle(salemRow!)).toBeEnabled();
      expect(toggle(nourRow!)).toBeDisabled();
    },
  );

  it('with a plan nothing is held back', async () => {
    await open('staff', 'en', 25);
    const rows = await screen.findAllByTestId('staff-row');
    expect(screen.queryByTestId('staff-no-plan')).not.toBeInTheDocument();
    expect(within(rows[1]!).getAllByRole('button')[1]).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Add POS User' })).toBeEnabled();
  });
});
