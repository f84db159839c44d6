import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { apiError, json, mockApi, noContent, type Routes } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { ApiKey, WebhookDelivery, WebhookEndpoint } from '../types';
import { ownerRoutes, store } from './fixtures';

beforeEach(() => window.sessionStorage.clear());

const shop: ApiKey = {
  id: 3,
  name: 'Web shop',
  prefix: 'lk_1a2b3c4d',
  mode: 'live',
  scopes: ['customers:read'],
  store_ids: [store.id],
  created_at: '2026-11-20T10:00:00Z',
  expires_at: null,
  last_used_at: null,
  rate_limits: { reads_per_minute: 600, writes_per_minute: 120 },
};

const hook: WebhookEndpoint = {
  id: 5,
  url: 'https://shop.example.ly/hooks',
  events: ['invoice.created', 'customer.joined'],
  is_active: true,
  mode: 'live',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:00:00Z',
};

const failedDelivery: WebhookDelivery = {
  id: 9,
  event_id: 'evt_1',
  event_type: 'invoice.created',
  endpoint_id: 5,
  sequence: 12,
  status: 'pending',
  attempts: 3,
  next_attempt_at: '2026-11-20T10:05:00Z',
  last_status: 500,
  last_error: 'down',
  created_at: '2026-11-20T10:00:00Z',
  updated_at: '2026-11-20T10:01:00Z',
};

async function openIntegrations(extra: Routes = {}) {
  await i18n.changeLanguage('en');
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(
    ownerRoutes({
      'GET /api/v1/store-owner/api-keys': () => json({ data: [shop] }),
      'GET /api/v1/store-owner/webhooks': () => json({ data: [hook] }),
      ...extra,
    }),
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
    expect(row).toHaveTextContent('600 reads, 120 writes');
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
      mode: null,
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

  it('lists webhooks, adds one with the events chosen and shows its secret once', async () => {
    const { app, api } = await openIntegrations({
      'POST /api/v1/store-owner/webhooks': () =>
        json({ data: { ...hook, id: 6, events: ['redemption.created'], secret: 'whsec_shownonce' } }, 201),
    });
    const row = await screen.findByTestId('webhook-row');
    expect(row).toHaveTextContent('https://shop.example.ly/hooks');
    expect(row).toHaveTextContent('Sale made');
    expect(row).toHaveTextContent('Customer joined by QR');

    await app.user.click(screen.getByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(
      within(dialog).getByRole('textbox', { name: /Address/ }),
      'https://erp.example.ly/in',
    );
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Reward redeemed' }));
    await app.user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_shownonce');
    const sent = api.requestsTo('POST /api/v1/store-owner/webhooks');
    expect(await sent[0]!.clone().json()).toEqual({
      url: 'https://erp.example.ly/in',
      events: ['redemption.created'],
      mode: null,
    });
  });

  it('makes a test key without stores, and marks test keys and endpoints in the lists', async () => {
    const sandboxKey: ApiKey = {
      ...shop,
      id: 8,
      name: 'ERP trial',
      prefix: 'lk_test_9f8e7d6c',
      mode: 'test',
      store_ids: [77],
    };
    const { app, api } = await openIntegrations({
      'GET /api/v1/store-owner/api-keys': () => json({ data: [sandboxKey, shop] }),
      'GET /api/v1/store-owner/webhooks': () => json({ data: [{ ...hook, mode: 'test' }] }),
      'POST /api/v1/store-owner/api-keys': () =>
        json({ data: { ...sandboxKey, secret: 'lk_test_secret0000' } }, 201),
      'POST /api/v1/store-owner/webhooks': () =>
        json({ data: { ...hook, id: 6, mode: 'test', secret: 'whsec_t' } }, 201),
    });
    const [testRow] = await screen.findAllByTestId('api-key-row');
    expect(testRow).toHaveTextContent('ERP trial');
    expect(testRow).toHaveTextContent('Test');
    expect(testRow).toHaveTextContent('Sandbox');
    expect(testRow).not.toHaveTextContent('#77');
    expect(await screen.findByTestId('webhook-row')).toHaveTextContent('Test');

    await app.user.click(screen.getByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'ERP trial');
    await app.user.click(within(dialog).getByRole('checkbox', { name: 'Read customers' }));
    expect(within(dialog).queryAllByLabelText(/^Stores/).length).toBeGreaterThan(0);
    await app.user.click(within(dialog).getByRole('switch', { name: /Test key/ }));
    // The sandbox is the test key's one store: there is no store to choose.
    expect(within(dialog).queryAllByLabelText(/^Stores/)).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await screen.findByTestId('api-key-secret-value')).toHaveTextContent('lk_test_secret0000');
    expect(await api.requestsTo('POST /api/v1/store-owner/api-keys')[0]!.clone().json()).toEqual({
      name: 'ERP trial',
      scopes: ['customers:read'],
      store_ids: null,
      expires_at: null,
      mode: 'test',
    });
    await app.user.click(screen.getByRole('button', { name: 'Done' }));

    await app.user.click(screen.getByRole('button', { name: 'New webhook' }));
    const hookDialog = await screen.findByRole('dialog');
    await app.user.type(
      within(hookDialog).getByRole('textbox', { name: /Address/ }),
      'https://erp.example.ly/t',
    );
    await app.user.click(within(hookDialog).getByRole('checkbox', { name: 'Sale made' }));
    await app.user.click(within(hookDialog).getByRole('switch', { name: /Test endpoint/ }));
    await app.user.click(within(hookDialog).getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_t');
    expect(await api.requestsTo('POST /api/v1/store-owner/webhooks')[0]!.clone().json()).toEqual({
      url: 'https://erp.example.ly/t',
      events: ['invoice.created'],
      mode: 'test',
    });
  });

  it('shows the server’s reason for a refused address under the field', async () => {
    const { app } = await openIntegrations({
      'POST /api/v1/store-owner/webhooks': () =>
        json(
          {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { url: ['Enter an https:// address of a public server'] },
          },
          422,
        ),
    });
    await app.user.click(await screen.findByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.type(within(dialog).getByRole('textbox', { name: /Address/ }), 'http://10.0.0.1/');
    await app.user.click(within(dialog).getByRole('button', { name: 'Add webhook' }));
    expect(
      await within(dialog).findByText('Enter an https:// address of a public server'),
    ).toBeInTheDocument();
  });

  it('shows each delivery’s state and last answer, and sends one again', async () => {
    const { app, api } = await openIntegrations({
      'GET /api/v1/store-owner/webhooks/5/deliveries': () =>
        json({ data: [failedDelivery], meta: { page: 1, per_page: 50, total: 1 } }),
      'POST /api/v1/store-owner/webhook-deliveries/9/resend': () =>
        json({ data: { ...failedDelivery, next_attempt_at: '2026-11-20T10:02:00Z' } }),
    });
    await app.user.click(
      await screen.findByRole('button', { name: 'Deliveries: https://shop.example.ly/hooks' }),
    );
    const row = await screen.findByTestId('webhook-delivery-row');
    expect(row).toHaveTextContent('Sale made');
    expect(row).toHaveTextContent('Waiting');
    expect(row).toHaveTextContent('500');
    await app.user.click(within(row).getByRole('button', { name: 'Send again' }));
    expect(await screen.findByText('It will be sent again now.')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v1/store-owner/webhook-deliveries/9/resend')).toHaveLength(1);
  });

  it('sends a test event to an endpoint and says where to see it; the test event is not one to choose', async () => {
    const { app, api } = await openIntegrations({
      'POST /api/v1/store-owner/webhooks/5/test': () =>
        json({ data: { ...failedDelivery, event_type: 'ping', attempts: 0, last_status: null } }, 202),
    });
    await app.user.click(
      await screen.findByRole('button', { name: 'Send test event: https://shop.example.ly/hooks' }),
    );
    expect(await screen.findByText('Test event queued: see it in the deliveries')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v1/store-owner/webhooks/5/test')).toHaveLength(1);
    await app.user.click(screen.getByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('checkbox', { name: 'Sale made' })).toBeInTheDocument();
    expect(within(dialog).queryByRole('checkbox', { name: 'Test event' })).toBeNull();
  });

  it('pauses an endpoint with a merge patch of is_active alone, then shows it paused', async () => {
    let current = hook;
    const { app, api } = await openIntegrations({
      'GET /api/v1/store-owner/webhooks': () => json({ data: [current] }),
      'PATCH /api/v1/store-owner/webhooks/5': () => {
        current = { ...hook, is_active: false };
        return json({ data: current });
      },
    });
    await app.user.click(await screen.findByRole('button', { name: 'Pause: https://shop.example.ly/hooks' }));
    expect(
      await screen.findByText('Paused: what happens meanwhile waits, and is sent when you resume.'),
    ).toBeInTheDocument();
    const [sent] = api.requestsTo('PATCH /api/v1/store-owner/webhooks/5');
    expect(await sent?.json()).toEqual({ is_active: false });
    const row = await screen.findByTestId('webhook-row');
    await waitFor(() => expect(row).toHaveTextContent('Paused'));
    expect(
      within(row).getByRole('button', { name: 'Resume: https://shop.example.ly/hooks' }),
    ).toBeInTheDocument();
  });

  it('asks before giving an endpoint a new secret, then shows the new secret once', async () => {
    const { app, api } = await openIntegrations({
      'POST /api/v1/store-owner/webhooks/5/rotate-secret': () =>
        json({ data: { ...hook, secret: 'whsec_rotatednow' } }),
    });
    await app.user.click(
      await screen.findByRole('button', { name: 'New secret: https://shop.example.ly/hooks' }),
    );
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('The current secret stops working at once');
    expect(api.requestsTo('POST /api/v1/store-owner/webhooks/5/rotate-secret')).toHaveLength(0);
    await app.user.click(within(dialog).getByRole('button', { name: 'New secret' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_rotatednow');
    expect(api.requestsTo('POST /api/v1/store-owner/webhooks/5/rotate-secret')).toHaveLength(1);
  });
});
