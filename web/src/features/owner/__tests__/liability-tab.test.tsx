import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { Liability } from '../types';
import { ownerRoutes, store } from './fixtures';

const months = Array.from({ length: 12 }, (_, i) => ({
  month: `2026-${String(i + 1).padStart(2, '0')}`,
  earned: 100 * (i + 1),
  redeemed: 10 * i,
}));

function liability(pointValue: string | null): Liability {
  return {
    point_value: pointValue,
    outstanding_points: 24_690,
    outstanding_value: pointValue ? '1234.500' : null,
    stores: [
      { store: { id: store.id, name: store.name }, points: 24_690, value: pointValue ? '1234.500' : null },
    ],
    months,
  };
}

describe('Points owed tab', () => {
  it.each(['en', 'ar'] as const)('shows the server’s points and their value (%s)', async (language) => {
    await i18n.changeLanguage(language);
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi(ownerRoutes({ 'GET /api/v1/store-owner/liability': () => json({ data: liability('5.000') }) }));
    renderApp('/dashboard?tab=liability');
    expect(await screen.findByTestId('liability-points-value')).toHaveTextContent('24,690');
    expect(screen.getByTestId('liability-value-value')).toHaveTextContent('1,234.500');
    expect(screen.getByTestId('liability-rate')).toHaveTextContent('5.000');
    const row = within(screen.getByTestId('liability-stores')).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent(store.name);
    expect(row).toHaveTextContent('1,234.500');
    expect(screen.queryByTestId('liability-no-value')).not.toBeInTheDocument();
  });

  it('says how to give points a value when they have none, and shows no LYD', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi(ownerRoutes({ 'GET /api/v1/store-owner/liability': () => json({ data: liability(null) }) }));
    renderApp('/dashboard?tab=liability');
    expect(await screen.findByTestId('liability-no-value')).toHaveTextContent(
      'Set the value of 100 points in Settings',
    );
    expect(screen.getByTestId('liability-value-value')).toHaveTextContent('-');
    const header = within(screen.getByTestId('liability-stores')).getAllByRole('columnheader');
    expect(header.map((h) => h.textContent)).toEqual(['Store', 'Points']);
  });
});
