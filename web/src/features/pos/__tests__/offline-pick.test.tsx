import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { mockApi } from '@/testing/mock-api';
import { cashierRoutes, makeCustomer } from '@/testing/pos-fixtures';
import { renderApp } from '@/testing/render-app';
import { rememberCustomer } from '../offline/drafts';
import { foldForSearch, matchCustomers } from '../offline/match-customer';

const fatima = makeCustomer({ id: 1, name: 'فاطمة الشريف', phone: '+218912345678', email: null });
const ahmed = makeCustomer({ id: 2, name: 'أحمد مصطفى', phone: '+218923456789', email: 'ahmed@example.ly' });
const israa = makeCustomer({ id: 3, name: 'إسراء المؤمن', phone: '+218934567890', email: null });

describe("the offline pick: this device's customers", () => {
  it('matches Arabic names however the alef, hamza, ta marbuta, alef maqsura and diacritics are typed', () => {
    expect(foldForSearch('أحمد')).toBe(foldForSearch('احمد'));
    expect(foldForSearch('مُحَمَّد')).toBe('محمد');
    const all = [fatima, ahmed, israa];
    const names = (query: string) => matchCustomers(all, query).map((customer) => customer.id);
    expect(names('فاطمه')).toEqual([1]);
    expect(names('احمد')).toEqual([2]);
    expect(names('مصطفي')).toEqual([2]);
    expect(names('اسراء')).toEqual([3]);
    expect(names('المومن')).toEqual([3]);
    expect(names('AHMED@')).toEqual([2]);
    // A local phone, in Arabic-Indic digits too, finds the stored international form.
    expect(names('٠٩١٢٣٤')).toEqual([1]);
    expect(names('0923')).toEqual([2]);
    expect(names('')).toEqual([]);
  });

  it('with the browser offline, lists them at once as they are typed, asks the server nothing, and Enter picks', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    rememberCustomer(1, fatima);
    rememberCustomer(1, ahmed);
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    const api = mockApi(cashierRoutes());
    const app = renderApp('/create-invoice');
    const search = await screen.findByLabelText('Customer');

    await app.user.type(search, 'فاطمه');
    const list = screen.getByRole('list', { name: 'Customers recently served on this device' });
    expect(list).toHaveTextContent('فاطمة الشريف');
    expect(list).not.toHaveTextContent('أحمد');
    await app.user.keyboard('{Enter}');
    expect(await screen.findByTestId('selected-customer')).toHaveTextContent('فاطمة الشريف');
    expect(api.requestsTo('POST /api/v1/customers/search')).toHaveLength(0);
  });

  it('offline with no match: says so, in words', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
    vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    mockApi(cashierRoutes());
    const app = renderApp('/create-invoice');
    await app.user.type(await screen.findByLabelText('Customer'), 'Omar');
    expect(screen.getByTestId('offline-no-match')).toHaveTextContent(/^Offline: no customer served recently/);
  });
});
