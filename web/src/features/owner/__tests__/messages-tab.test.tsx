import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { json, mockApi, noContent, type Routes } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { MessagesSummary, MessageTemplate } from '../types';
import { ownerRoutes } from './fixtures';

beforeEach(() => window.sessionStorage.clear());

const MONTHS = ['2026-06', '2026-07', '2026-08', '2026-09', '2026-10', '2026-11'];

function summaryOf(limitReached = false): MessagesSummary {
  return {
    monthly_limit: 1_500,
    this_month: limitReached ? 1_500 : 1_234,
    limit_reached: limitReached,
    consents: { customers: 2_400, whatsapp: 1_100, sms: 700, any: 1_650 },
    months: MONTHS.flatMap((month, i) => [
      {
        month,
        channel: 'whatsapp' as const,
        pending: 0,
        sent: 10 * i,
        delivered: 9 * i,
        failed: i,
        not_sent: 0,
        segments: 10 * i,
        estimated_cost_usd: (0.0225 * 10 * i).toFixed(6),
      },
      {
        month,
        channel: 'sms' as const,
        pending: i === 5 ? 3 : 0,
        sent: 100 * i,
        delivered: 90 * i,
        failed: 2 * i,
        not_sent: i === 5 ? 4 : 0,
        segments: 120 * i,
        estimated_cost_usd: (0.35 * 120 * i).toFixed(6),
      },
    ]),
    prices: { sms_segment_usd: '0.350000', whatsapp_message_usd: '0.022500' },
  };
}

function template(kind: MessageTemplate['kind'], own = false): MessageTemplate {
  return {
    kind,
    own,
    text_ar: own ? `نصّي {points} ${kind}` : `ربحت {points} نقطة ${kind}`,
    text_en: own ? `My text {points} ${kind}` : `You earned {points} points ${kind}`,
    placeholders: ['name', 'store', 'points', 'balance'],
    required: kind === 'points_earned' ? ['points'] : [],
    sms_segments_ar: 1,
    sms_segments_en: 2,
    updated_at: own ? '2026-11-20T10:00:00Z' : null,
  };
}

const TEMPLATES = (['welcome', 'points_earned', 'points_expiring', 'birthday', 'link'] as const).map((kind) =>
  template(kind, kind === 'birthday'),
);

async function openMessages(extra: Routes = {}, language: 'en' | 'ar' = 'en', limitReached = false) {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(
    ownerRoutes({
      'GET /api/v1/messages/summary': () => json({ data: summaryOf(limitReached) }),
      'GET /api/v1/message-templates': () => json({ data: TEMPLATES }),
      ...extra,
    }),
  );
  const app = renderApp('/dashboard?tab=messages');
  await screen.findByTestId('owner-messages');
  return { app, api };
}

describe('messages tab', () => {
  it.each(['en', 'ar'] as const)('shows this month, consents, months and costs (%s)', async (language) => {
    await openMessages({}, language);
    expect(await screen.findByTestId('messages-this-month-value')).toHaveTextContent('1,234');
    expect(screen.getByTestId('messages-this-month-value')).toHaveTextContent('1,500');
    expect(screen.getByTestId('messages-consents-value')).toHaveTextContent('1,650');
    expect(screen.getByTestId('messages-consents-value')).toHaveTextContent('2,400');
    expect(screen.getByTestId('messages-consents-channels')).toHaveTextContent('1,100');
    expect(screen.getByTestId('messages-consents-channels')).toHaveTextContent('700');
    expect(screen.queryByTestId('messages-limit-reached')).not.toBeInTheDocument();
    const rows = within(screen.getByTestId('messages-months')).getAllByRole('row');
    // A header and six months of two channels, newest first.
    expect(rows).toHaveLength(13);
    expect(rows[1]).toHaveAttribute('data-month', '2026-11');
    const sms = rows.find(
      (row) => row.getAttribute('data-month') === '2026-11' && row.getAttribute('data-channel') === 'sms',
    )!;
    const cells = within(sms)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells.slice(2)).toEqual([
      '500',
      '450',
      '10',
      '4',
      '3',
      '600',
      language === 'en' ? 'USD 210.00' : '210.00 دولار',
    ]);
    expect(screen.getByTestId('messages-prices')).toHaveTextContent(
      language === 'en' ? 'USD 0.35 per SMS segment and USD 0.0225' : '0.35 دولار',
    );
    expect(
      screen.getByLabelText(language === 'en' ? 'Monthly limit of messages' : 'الحد الشهري للرسائل'),
    ).toHaveValue('1500');
  });

  it('says clearly when the limit is reached', async () => {
    await openMessages({}, 'en', true);
    expect(await screen.findByTestId('messages-limit-reached')).toHaveTextContent(
      'nothing more is sent to customers until next month',
    );
  });

  it('saves the monthly limit alone as a merge patch', async () => {
    let body: unknown;
    const { app } = await openMessages({
      'PATCH /api/v1/loyalty-config': async (request) => {
        body = await request.json();
        return json({ data: { messages_monthly_limit: 2_000 } });
      },
    });
    const input = await screen.findByLabelText('Monthly limit of messages');
    await app.user.clear(input);
    await app.user.type(input, '٢٠٠٠');
    await app.user.click(within(screen.getByTestId('messages-limit')).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(body).toEqual({ messages_monthly_limit: 2_000 }));
    expect(await screen.findByText('Monthly limit saved.')).toBeInTheDocument();
  });

  it('lists each template with its placeholders, the required ones marked, Arabic right to left', async () => {
    await openMessages();
    const card = await screen.findByTestId('template-points_earned');
    expect(card).toHaveTextContent('Points earned');
    const badges = within(within(card).getByTestId('template-placeholders')).getAllByText(/\{/);
    expect(badges).toHaveLength(4);
    const placeholders = within(card).getByTestId('template-placeholders');
    expect(
      within(placeholders)
        .getByText(/points\}/)
        .closest('[data-required]'),
    ).toHaveAttribute('data-required', 'true');
    expect(
      within(placeholders)
        .getByText(/name\}/)
        .closest('[data-required]'),
    ).toHaveAttribute('data-required', 'false');
    const arabic = within(card).getByLabelText('Arabic text');
    // Mantine puts `dir` on the box around the field; the field reads in that direction.
    expect(arabic.closest('[dir]')).toHaveAttribute('dir', 'rtl');
    expect(within(card).getByLabelText('English text').closest('[dir]')).toHaveAttribute('dir', 'ltr');
    expect(arabic).toHaveValue('ربحت {points} نقطة points_earned');
    expect(within(card).getByText('SMS segments as saved: 2')).toBeInTheDocument();
    expect(within(card).getByText('SMS segments as saved: 1')).toBeInTheDocument();
    // Only the owner's own text goes back to the product's.
    expect(within(card).queryByTestId('template-reset')).not.toBeInTheDocument();
    expect(within(screen.getByTestId('template-birthday')).getByTestId('template-reset')).toBeInTheDocument();
  });

  it('puts the server’s messages under the fields, then saves the right body', async () => {
    const bodies: unknown[] = [];
    const { app } = await openMessages({
      'PUT /api/v1/message-templates/points_earned': async (request) => {
        const body = (await request.json()) as { text_ar: string; text_en: string };
        bodies.push(body);
        if (body.text_en.includes('{pts}')) {
          return json(
            {
              message: 'The given data was invalid.',
              code: 'validation_failed',
              errors: { text_en: ['Unknown placeholder {pts}: use {name}, {store}, {points}, {balance}.'] },
            },
            422,
          );
        }
        return json({ data: { ...template('points_earned', true), ...body } });
      },
    });
    const card = await screen.findByTestId('template-points_earned');
    const english = within(card).getByLabelText('English text');
    await app.user.clear(english);
    await app.user.type(english, 'Thanks! {{pts} points');
    await app.user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await within(card).findByText(/Unknown placeholder \{pts\}/)).toBeInTheDocument();
    expect(english).toHaveAttribute('aria-invalid', 'true');
    await app.user.clear(english);
    await app.user.type(english, 'Thanks! {{points} points');
    await app.user.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Message text saved.')).toBeInTheDocument();
    expect(bodies.at(-1)).toEqual({
      text_ar: 'ربحت {points} نقطة points_earned',
      text_en: 'Thanks! {points} points',
    });
    const saved = await screen.findByTestId('template-points_earned');
    expect(saved).toHaveAttribute('data-own', 'true');
    expect(within(saved).getByTestId('template-reset')).toBeInTheDocument();
  });

  it('goes back to the product’s text', async () => {
    let deleted = false;
    const { app } = await openMessages({
      'DELETE /api/v1/message-templates/birthday': () => {
        deleted = true;
        return noContent();
      },
    });
    const card = await screen.findByTestId('template-birthday');
    TEMPLATES[3] = template('birthday', false);
    await app.user.click(within(card).getByTestId('template-reset'));
    await waitFor(() => expect(deleted).toBe(true));
    await waitFor(() => expect(screen.getByTestId('template-birthday')).toHaveAttribute('data-own', 'false'));
    TEMPLATES[3] = template('birthday', true);
  });
});
