import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { apiError, json, mockApi, noContent, type Routes } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { ApiKey } from '../types';
import { ownerRoutes, store } from './fixtures';

beforeEach(() => window.sessionStorage.clear());

const shop: ApiKey = {
  id: 3,
  name: 'Web shop',
  prefix: 'lk_1a2b3c4d',
  scopes: ['customers:read'],
  store_ids: [store.id],
  created_at: '2026-11-20T10:00:00Z',
  expires_at: null,
  last_used_at: null,
};

async function openIntegrations(extra: Routes = {}) {
  await i18n.changeLanguage('en');
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(
    ownerRoutes({ 'GET /api/v1/store-owner/api-keys': () => json({ data: [shop] }), ...extra }),
  );
  const app = renderApp('/dashboard?tab=integrations');
  await screen.findByTestId('owner-integrations');
  return { app, api };
}

describe('integrations tab', () => {
  it('lists keys by name, start of the secret, access and stores, never the secret', async () => {
    await openIntegrations();
    const row = await screen.findByTestId('api-key-row');
    expect(row).toHaveTextContent('Web shop');
    expect(row).toHaveTextContent('lk_1a2b3c4d');
    expect(row).toHaveTextContent('Read customers');
    expect(row).toHaveTextContent(store.name);
    expect(row).toHaveTextContent('Never');
  });

  it('sends what was chosen, shows the server’s field messages, then the secret once', async () => {
    let calls = 0;
    const { app, api } = await openIntegrations({
      'POST /api/v1/store-owner/api-keys': () =>
        ++calls === 1
          ? json(
              {
                message: 'The given data was invalid.',
                code: 'validation_failed',
                errors: { scopes: ['Choose at least one scope'] },
              },
              422,
            )
          : json(
              {
                data: {
                  ...shop,
                  id: 4,
                  name: 'ERP',
                  scopes: ['reports:read'],
                  store_ids: null,
                  secret: 'lk_secretvalue0000',
                },
              },
              201,
            ),
    });
    await app.user.click(screen.getByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'ERP');
    await app.user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Choose at least one scope')).toBeInTheDocument();

    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Read sales and reports' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('api-key-secret-value')).toHaveTextContent('lk_secretvalue0000');
    const sent = api.requestsTo('POST /api/v1/store-owner/api-keys');
    expect(sent).toHaveLength(2);
    expect(await sent[1]!.clone().json()).toEqual({
      name: 'ERP',
      scopes: ['reports:read'],
      store_ids: null,
      expires_at: null,
    });
    await app.user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByTestId('api-key-secret')).not.toBeInTheDocument());
  });

  it('asks before revoking, then revokes', async () => {
    const { app, api } = await openIntegrations({
      'DELETE /api/v1/store-owner/api-keys/3': () => noContent(),
    });
    await app.user.click(await screen.findByRole('button', { name: 'Revoke: Web shop' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent?.replace(/[\u2066-\u2069]/g, '')).toContain(
      'Revoke the key Web shop? Tools using it stop working at once.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('API key revoked.')).toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/v1/store-owner/api-keys/3')).toHaveLength(1);
  });

  it('says why the list could not load', async () => {
    await openIntegrations({
      'GET /api/v1/store-owner/api-keys': () => apiError(403, 'You are not allowed to do this.', 'forbidden'),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not allowed to do this.');
  });
});
