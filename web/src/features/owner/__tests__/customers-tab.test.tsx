import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi } from '@/testing/mock-api';
import { makeCustomer } from '@/testing/pos-fixtures';
import { renderApp } from '@/testing/render-app';
import type { CustomersOverview } from '../types';
import { ownerRoutes, summary } from './fixtures';

const tripoli = { id: 1, name: 'Ben Ali - Tripoli' };
const benghazi = { id: 2, name: 'Ben Ali - Benghazi' };

const overview: CustomersOverview = {
  summary,
  shared_phones: [
    {
      phone: '+218912345678',
      customers: [
        { id: 11, name: 'فاطمة الشريف', store: benghazi },
        { id: 7, name: 'Fatima Alsharif', store: tripoli },
      ],
    },
  ],
  stores_overview: [
    {
      store: tripoli,
      customer_count: 1,
      total_points_in_store: 120,
      customers: [makeCustomer({ id: 7 })],
      meta: { page: 1, per_page: 10, total: 1 },
    },
  ],
};

describe('customers tab', () => {
  it('names the customers behind the duplicate-phone count, each linked to its page', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    mockApi(ownerRoutes({ 'GET /api/v1/customers/store-owner-overview': () => json({ data: overview }) }));
    const app = renderApp('/dashboard?tab=customers');
    const shared = await screen.findByTestId('shared-phones');
    expect(shared).toHaveTextContent('Phones registered in more than one store');
    const row = within(shared).getByTestId('shared-phone');
    expect(row).toHaveTextContent('+218 91 234 5678');
    expect(row).toHaveTextContent('Ben Ali - Benghazi');
    expect(within(row).getByRole('link', { name: 'Fatima Alsharif' })).toHaveAttribute('href', '/customer/7');
    expect(within(row).getByRole('link', { name: 'فاطمة الشريف' })).toHaveAttribute('href', '/customer/11');
    expect(app.location().search).toBe('?tab=customers');
  });
});
