import { screen } from '@testing-library/react';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi, type Routes } from '@/testing/mock-api';
import { cashierRoutes } from '@/testing/pos-fixtures';
import { renderApp } from '@/testing/render-app';

/** Opens /customer/:id as a cashier with the given answers. */
export async function renderAsCashier(path: string, routes: Routes, language: 'en' | 'ar' = 'en') {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(cashierRoutes(routes));
  const app = renderApp(path);
  return { app, api };
}

export const emptyPage = { data: [], meta: { page: 1, per_page: 10, total: 0 } };

/** The customer page's own activity requests, answered with nothing. */
export const noActivity: Routes = {
  'GET /api/v1/customers/1/invoices': () => json(emptyPage),
  'GET /api/v1/customers/1/redemptions': () => json(emptyPage),
};

export async function openDialog(name: string) {
  return screen.findByRole('dialog', { name });
}
