import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { adminRoutes, makeStore } from './fixtures';

const owners = [
  { id: 2, name: 'Sara Ali', email: 'sara@demo.ly' },
  { id: 3, name: 'Omar Saleh', email: 'omar@demo.ly' },
];

/** The owner's select (its label also names the list of options). */
function ownerInput(dialog: HTMLElement): HTMLElement {
  const input = within(dialog)
    .getAllByLabelText(/Store Owner/)
    .find((element) => element.tagName === 'INPUT');
  if (!input) throw new Error('no owner input');
  return input;
}

async function openStores() {
  await i18n.changeLanguage('en');
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  mockApi(
    adminRoutes({
      'GET /api/v1/stores': () => json({ data: [makeStore()] }),
      'GET /api/v1/store-owners': () => json({ data: owners }),
    }),
  );
  const app = renderApp('/dashboard');
  await app.user.click(await screen.findByTestId('admin-tab-stores', {}, { timeout: 5000 }));
  await screen.findByTestId('stores-table', {}, { timeout: 5000 });
  return app;
}

describe('stores tab', { timeout: 15_000 }, () => {
  it('picks the owner of a new store, and shows an edited store’s owner without offering another', async () => {
    const app = await openStores();
    await app.user.click(screen.getByRole('button', { name: 'Edit Ben Ali - Tripoli' }));
    const editing = await screen.findByRole('dialog');
    const owner = ownerInput(editing);
    expect(owner).toBeDisabled();
    await app.user.click(within(editing).getByRole('button', { name: 'Cancel' }));

    await app.user.click(screen.getByRole('button', { name: /Create Store/ }));
    const adding = await screen.findByRole('dialog');
    expect(ownerInput(adding)).toBeEnabled();
  });
});
