import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser, userEnvelope } from '@/testing/fixtures';
import { apiError, json } from '@/testing/mock-api';
import { customerBody, makeCustomer } from '@/testing/pos-fixtures';
import type { CustomerMessage } from '../api/customer-messages';
import { noActivity, renderAsCashier } from './helpers';

function message(overrides: Partial<CustomerMessage>): CustomerMessage {
  return {
    id: 1,
    customer_id: 1,
    store_id: 1,
    kind: 'points_earned',
    channel: 'sms',
    to: '+218912345678',
    body: 'You earned 25 points at Ben Ali. Balance: 145.',
    language: 'en',
    sms_segments: 1,
    status: 'delivered',
    status_detail: null,
    provider_message_id: 'SM-1',
    attempts: 1,
    created_at: '2026-11-20T09:00:00Z',
    sent_at: '2026-11-20T09:00:05Z',
    ...overrides,
  };
}

const MESSAGES = [
  message({
    id: 1,
    kind: 'welcome',
    channel: 'whatsapp',
    status: 'sent',
    created_at: '2026-11-01T09:00:00Z',
  }),
  message({
    id: 3,
    kind: 'points_earned',
    status: 'not_sent',
    status_detail: 'monthly_limit',
    sms_segments: 2,
    // An English text naming an Arabic store: the server sets the name apart (U+2068 ... U+2069).
    body: 'You earned 25 points at \u2068بن علي - طرابلس\u2069. Balance: 145.',
    created_at: '2026-11-25T09:00:00Z',
    sent_at: null,
  }),
  message({
    id: 2,
    // Written in Arabic, naming a store by a long Latin name (more Latin letters than Arabic):
    // still read right to left, as its language says.
    body: 'ربحت 25 نقطة في \u2068Tripoli Central Supermarket\u2069. رصيدك 145.',
    language: 'ar',
    status: 'failed',
    status_detail: 'Unknown subscriber',
    provider_message_id: null,
    attempts: 3,
    created_at: '2026-11-20T09:00:00Z',
  }),
];

const withMessages = {
  ...noActivity,
  'GET /api/v1/customers/1/messages': () =>
    json({ data: MESSAGES, meta: { page: 1, per_page: 20, total: 3 } }),
};

describe('the customer’s messages', () => {
  it.each(['en', 'ar'] as const)(
    'lists them newest first with status, reason and channel (%s)',
    async (language) => {
      await renderAsCashier('/customer/1', withMessages, language);
      const list = await screen.findByTestId('customer-messages-list');
      const rows = within(list).getAllByTestId('customer-message');
      expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['not_sent', 'failed', 'sent']);
      expect(within(rows[0]!).getByTestId('message-reason')).toHaveTextContent(
        language === 'en' ? 'monthly limit of messages was reached' : 'بلغ المتجر حدّه الشهري',
      );
      // A provider's own words are shown as given.
      expect(within(rows[1]!).getByTestId('message-reason')).toHaveTextContent('Unknown subscriber');
      expect(within(rows[2]!).queryByTestId('message-reason')).not.toBeInTheDocument();
      expect(rows[0]).toHaveTextContent(language === 'en' ? 'SMS segments: 2' : 'أجزاء الرسالة النصية: 2');
      expect(rows[2]).toHaveTextContent(language === 'en' ? 'WhatsApp' : 'واتساب');
      expect(rows[2]).toHaveTextContent('+218 91 234 5678');
      // The provider's id once it has one, and the attempts made.
      expect(within(rows[2]!).getByTestId('message-provider-id')).toHaveTextContent('SM-1');
      expect(within(rows[2]!).getByTestId('message-attempts')).toHaveTextContent(
        language === 'en' ? '1 attempt' : 'محاولة واحدة',
      );
      expect(within(rows[1]!).getByTestId('message-attempts')).toHaveTextContent(
        language === 'en' ? '3 attempts' : '3 محاولات',
      );
      expect(within(rows[1]!).queryByTestId('message-provider-id')).not.toBeInTheDocument();
      // Each text reads in the language it was written in, whatever the till's language.
      expect(within(rows[1]!).getByText(/ربحت 25 نقطة/)).toHaveAttribute('dir', 'rtl');
      expect(within(rows[2]!).getByText(/You earned 25 points/)).toHaveAttribute('dir', 'ltr');
      // A name written the other way is one isolated piece, without the marks that set it apart.
      expect(within(rows[1]!).getByTestId('message-name')).toHaveTextContent(/^Tripoli Central Supermarket$/);
      expect(within(rows[0]!).getByTestId('message-name')).toHaveTextContent(/^بن علي - طرابلس$/);
      expect(within(rows[0]!).getByText(/You earned 25 points at/)).toHaveTextContent(
        'You earned 25 points at بن علي - طرابلس. Balance: 145.',
      );
      expect(within(rows[2]!).queryByTestId('message-name')).not.toBeInTheDocument();
    },
  );

  it('says when there are none', async () => {
    await renderAsCashier('/customer/1', noActivity);
    expect(await screen.findByTestId('customer-messages-empty')).toHaveTextContent(
      'No messages to this customer yet.',
    );
  });

  it('records SMS consent and the language at the till', async () => {
    const bodies: unknown[] = [];
    let consents = {
      whatsapp: false,
      sms: false,
      language: 'ar' as 'ar' | 'en',
      sms_at: null as string | null,
    };
    const { app } = await renderAsCashier('/customer/1', {
      ...noActivity,
      'POST /api/v1/customers/1/consents': async (request) => {
        const body = (await request.json()) as { channel: 'sms'; granted: boolean; language: 'ar' | 'en' };
        bodies.push(body);
        consents = {
          ...consents,
          [body.channel]: body.granted,
          language: body.language,
          sms_at: '2026-11-28T08:00:00Z',
        };
        return json({ data: consents });
      },
    });
    const sms = await screen.findByLabelText(/Agrees to SMS messages/);
    expect(sms).not.toBeChecked();
    await app.user.click(sms);
    await waitFor(() =>
      expect(bodies).toEqual([{ channel: 'sms', granted: true, source: 'till', language: 'ar' }]),
    );
    await waitFor(() => expect(screen.getByLabelText(/Agrees to SMS messages/)).toBeChecked());
    await app.user.click(screen.getByRole('radio', { name: 'English' }));
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({ channel: 'sms', granted: true, source: 'till', language: 'en' }),
    );
    await waitFor(() => expect(screen.getByRole('radio', { name: 'English' })).toBeChecked());
  });

  it('keeps the language for a customer who agreed to a channel', async () => {
    await renderAsCashier('/customer/1', noActivity);
    await screen.findByLabelText(/Agrees to SMS messages/);
    expect(screen.getByRole('radio', { name: 'English' })).toBeDisabled();
    expect(screen.getByTestId('language-needs-consent')).toHaveTextContent(
      'Chosen once the customer agrees to a channel.',
    );
  });

  it('shows the server’s refusal', async () => {
    const { app } = await renderAsCashier('/customer/1', {
      ...noActivity,
      'POST /api/v1/customers/1/consents': () => apiError(403, 'You may not edit customers.', 'forbidden'),
    });
    await app.user.click(await screen.findByLabelText(/Agrees to WhatsApp messages/));
    expect(await screen.findByTestId('consent-error')).toHaveTextContent('You may not edit customers.');
  });

  it.each(['en', 'ar'] as const)(
    'sends the link to the customer’s page when asked (%s)',
    async (language) => {
      let sent = 0;
      const { app } = await renderAsCashier(
        '/customer/1',
        {
          ...noActivity,
          'GET /api/v1/customers/1': () =>
            json(customerBody(makeCustomer({ consents: { whatsapp: true, sms: false, language: 'ar' } }))),
          'POST /api/v1/customers/1/messages/page-link': () => {
            sent += 1;
            return json(
              {
                data: message({
                  kind: 'link',
                  channel: 'whatsapp',
                  status: 'pending',
                  provider_message_id: null,
                }),
              },
              201,
            );
          },
        },
        language,
      );
      const button = await screen.findByRole('button', {
        name: language === 'en' ? 'Send the link to their page' : 'أرسل له رابط صفحته',
      });
      await app.user.click(button);
      expect(await screen.findByTestId('page-link-sent')).toHaveTextContent(
        language === 'en' ? 'on its way by WhatsApp' : 'تُرسل عبر واتساب',
      );
      expect(sent).toBe(1);
    },
  );

  it('offers the page link only with consent, and shows why the server refused it', async () => {
    const { app } = await renderAsCashier('/customer/1', {
      ...noActivity,
      'POST /api/v1/customers/1/consents': () =>
        json({ data: { whatsapp: true, sms: false, language: 'ar', whatsapp_at: '2026-11-28T08:00:00Z' } }),
      'POST /api/v1/customers/1/messages/page-link': () =>
        apiError(409, 'This customer has not agreed to messages.', 'no_message_consent'),
    });
    const button = await screen.findByRole('button', { name: 'Send the link to their page' });
    expect(button).toBeDisabled();
    expect(screen.getByTestId('send-page-link')).toHaveTextContent(
      'This needs their consent to WhatsApp or SMS.',
    );
    await app.user.click(screen.getByLabelText(/Agrees to WhatsApp messages/));
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Send the link to their page' })).toBeEnabled(),
    );
    await app.user.click(screen.getByRole('button', { name: 'Send the link to their page' }));
    expect(await screen.findByTestId('page-link-error')).toHaveTextContent(
      'This customer has not agreed to messages.',
    );
  });

  it('is read-only for staff who may not edit customers', async () => {
    await renderAsCashier('/customer/1', {
      ...noActivity,
      'GET /api/v1/customers/1': () =>
        json(customerBody(makeCustomer({ consents: { whatsapp: true, sms: false, language: 'en' } }))),
      'GET /api/v1/auth/user': () =>
        json(userEnvelope(makeUser({ role: 'pos_user', store_id: 1, permissions: ['create_invoice'] }))),
    });
    const whatsapp = await screen.findByLabelText(/Agrees to WhatsApp messages/);
    expect(whatsapp).toBeChecked();
    expect(whatsapp).toBeDisabled();
    expect(screen.getByTestId('consents-read-only')).toBeInTheDocument();
    expect(screen.queryByTestId('send-page-link')).not.toBeInTheDocument();
  });
});
