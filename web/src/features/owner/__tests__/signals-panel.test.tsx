import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { makeUser, userEnvelope } from '@/testing/fixtures';
import { json, mockApi, type Routes } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import type { Signal } from '../types';
import { ownerRoutes, store } from './fixtures';

/** Text without the bidi marks around names, numbers and in Arabic dates; no-break spaces as spaces. */
const plain = (text: string | null) =>
  (text ?? '').replace(/[\u200e\u200f\u2066-\u2069]/g, '').replace(/\u00a0/g, ' ');

const base = {
  day: '2026-11-24',
  store: { id: store.id, name: store.name },
  customer: null,
  cashier: null,
  out_of: null,
  created_at: '2026-11-24T09:00:00Z',
  updated_at: '2026-11-24T11:00:00Z',
  reviewed_at: null,
  reviewed_by: null,
} as const;

const SALES: Signal = {
  ...base,
  id: 11,
  kind: 'sales_per_customer',
  customer: { id: 42, name: 'فاطمة الشريف' },
  figure: 5,
  threshold: 3,
};
const VOIDS: Signal = {
  ...base,
  id: 12,
  kind: 'void_rate',
  cashier: { id: 7, name: 'سالم الزوي' },
  figure: 2,
  out_of: 10,
  threshold: 10,
};
const MANUAL: Signal = {
  ...base,
  id: 13,
  kind: 'manual_points',
  store: { id: 2, name: 'Ben Ali - Benghazi' },
  cashier: { id: 7, name: 'سالم الزوي' },
  figure: 1001,
  threshold: 1000,
};
const REVIEWED: Signal = {
  ...SALES,
  id: 9,
  day: '2026-11-20',
  figure: 4,
  reviewed_at: '2026-11-21T08:30:00Z',
  reviewed_by: { id: 1, name: 'Khaled Ben Ali' },
};

/** The demo owner may review signals (as the server says in /auth/user). */
const owner = (permissions: 'review_signals'[] = ['review_signals']) =>
  json(userEnvelope(makeUser({ role: 'store_owner', name: 'Khaled Ben Ali', permissions })));

const page = (data: Signal[], perPage = 5, total = data.length) => ({
  data,
  meta: { page: 1, per_page: perPage, total },
});

async function openDashboard(routes: Routes, language: 'en' | 'ar' = 'en', path = '/dashboard') {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(ownerRoutes({ 'GET /api/v1/auth/user': () => owner(), ...routes }));
  const app = renderApp(path);
  await screen.findByTestId('owner-dashboard');
  return { api, app };
}

function rowsOf(panel: HTMLElement) {
  return within(panel)
    .getAllByTestId('signal-row')
    .map((row) => ({
      sentence: plain(within(row).getByTestId('signal-sentence').textContent),
      store: plain(within(row).getByTestId('signal-store').textContent),
      link: within(row).getByTestId('signal-link').getAttribute('href'),
    }));
}

describe("the owner's signals panel", () => {
  const open = () => json(page([SALES, VOIDS, MANUAL], 5, 3));

  it('says each open signal in English, with its store and the way to the sales behind it', async () => {
    const { api } = await openDashboard({ 'GET /api/v1/store-owner/signals': open });
    const panel = await screen.findByTestId('signals-panel');
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('Signals to review 3');
    expect(rowsOf(panel)).toEqual([
      {
        sentence: '5 sales to فاطمة الشريف on Nov 24, 2026 (more than 3)',
        store: 'Store: Ben Ali - Tripoli',
        link: '/customer/42',
      },
      {
        sentence: 'سالم الزوي voided 2 of 10 sales on Nov 24, 2026 (more than 10 %)',
        store: 'Store: Ben Ali - Tripoli',
        link: '/dashboard?tab=activity&pos_user_id=7&type=invoice&from=2026-11-24&to=2026-11-24',
      },
      {
        sentence: 'سالم الزوي added 1,001 points by hand on Nov 24, 2026 (more than 1,000)',
        store: 'Store: Ben Ali - Benghazi',
        link: '/dashboard?tab=activity&pos_user_id=7&type=customer&from=2026-11-24&to=2026-11-24',
      },
    ]);
    const links = within(panel).getAllByTestId('signal-link');
    expect(links.map((link) => link.textContent)).toEqual([
      "Open the customer's sales",
      "See the cashier's sales that day",
      'See the points the cashier added that day',
    ]);
    // Each "Mark reviewed" is described by its own sentence, for a screen reader's list of buttons.
    const buttons = within(panel).getAllByRole('button', { name: 'Mark reviewed' });
    expect(buttons).toHaveLength(3);
    expect(buttons[1]).toHaveAccessibleDescription(/voided 2 of 10 sales on Nov 24, 2026/);
    // The open ones only, the first five.
    const asked = new URL(api.requestsTo('GET /api/v1/store-owner/signals')[0]!.url).searchParams;
    expect(Object.fromEntries(asked)).toEqual({ status: 'open', page: '1', per_page: '5' });
  });

  it('says each open signal in Arabic, with the plural forms', async () => {
    const one: Signal = { ...VOIDS, id: 14, figure: 1, out_of: 2, threshold: 5 };
    await openDashboard(
      { 'GET /api/v1/store-owner/signals': () => json(page([SALES, VOIDS, MANUAL, one], 5, 4)) },
      'ar',
    );
    const panel = await screen.findByTestId('signals-panel');
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('مؤشرات للمراجعة 4');
    const rows = rowsOf(panel);
    expect(rows.map((row) => row.sentence)).toEqual([
      '5 عمليات بيع للعميل فاطمة الشريف في 24/11/2026 (أكثر من 3)',
      'ألغى سالم الزوي 2 من 10 عمليات بيع في 24/11/2026 (أكثر من 10 %)',
      'أضاف سالم الزوي 1,001 نقطة يدويًا في 24/11/2026 (أكثر من 1,000)',
      'ألغى سالم الزوي 1 من عمليتي بيع في 24/11/2026 (أكثر من 5 %)',
    ]);
    expect(rows[2]!.store).toBe('المتجر: Ben Ali - Benghazi');
    expect(within(panel).getAllByRole('button', { name: 'تعليم كمُراجَع' })).toHaveLength(4);
    expect(within(panel).getAllByTestId('signal-link')[0]).toHaveTextContent('عرض مبيعات العميل');
  });

  it('is not there when no signal is open', async () => {
    const { api } = await openDashboard({});
    await screen.findByTestId('owner-stores');
    await waitFor(() => expect(api.requestsTo('GET /api/v1/store-owner/signals')).toHaveLength(1));
    expect(screen.queryByTestId('signals-panel')).not.toBeInTheDocument();
    expect(screen.queryByText('Signals to review')).not.toBeInTheDocument();
  });

  it('marks a signal reviewed: it posts, the list is fetched again and the row goes', async () => {
    let openSignals = [SALES, VOIDS];
    const { api, app } = await openDashboard({
      'GET /api/v1/store-owner/signals': () => json(page(openSignals)),
      'POST /api/v1/store-owner/signals/11/review': () => {
        openSignals = [VOIDS];
        return json({
          data: { ...SALES, reviewed_at: '2026-11-24T12:00:00Z', reviewed_by: { id: 1, name: 'Khaled' } },
        });
      },
    });
    const panel = await screen.findByTestId('signals-panel');
    const first = within(panel).getAllByTestId('signal-row')[0]!;
    await app.user.click(within(first).getByRole('button', { name: 'Mark reviewed' }));
    await waitFor(() => expect(within(panel).getAllByTestId('signal-row')).toHaveLength(1));
    expect(api.requestsTo('POST /api/v1/store-owner/signals/11/review')).toHaveLength(1);
    expect(api.requestsTo('GET /api/v1/store-owner/signals')).toHaveLength(2);
    expect(plain(within(panel).getByTestId('signal-sentence').textContent)).toContain('voided 2 of 10');
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveTextContent('Signals to review 1');
    expect(await screen.findByText('Marked reviewed.')).toBeInTheDocument();
    // The keyboard's place does not fall off the page with the row: the panel's title has it.
    expect(within(panel).getByRole('heading', { level: 2 })).toHaveFocus();
  });

  it('goes once the last open signal is reviewed', async () => {
    let openSignals = [MANUAL];
    const { app } = await openDashboard({
      'GET /api/v1/store-owner/signals': () => json(page(openSignals)),
      'POST /api/v1/store-owner/signals/13/review': () => {
        openSignals = [];
        return json({ data: { ...MANUAL, reviewed_at: '2026-11-24T12:00:00Z' } });
      },
    });
    const panel = await screen.findByTestId('signals-panel');
    await app.user.click(within(panel).getByRole('button', { name: 'Mark reviewed' }));
    await waitFor(() => expect(screen.queryByTestId('signals-panel')).not.toBeInTheDocument());
  });

  it("shows the server's message when a review fails, and keeps the row", async () => {
    const { app } = await openDashboard({
      'GET /api/v1/store-owner/signals': () => json(page([SALES])),
      'POST /api/v1/store-owner/signals/11/review': () =>
        json({ message: 'Not found.', code: 'not_found' }, 404),
    });
    const panel = await screen.findByTestId('signals-panel');
    await app.user.click(within(panel).getByRole('button', { name: 'Mark reviewed' }));
    expect(await within(screen.getByTestId('toasts')).findByText('Not found.')).toBeInTheDocument();
    expect(within(panel).getAllByTestId('signal-row')).toHaveLength(1);
  });

  it('offers no "Mark reviewed" to someone the server does not let review', async () => {
    await openDashboard({
      'GET /api/v1/auth/user': () => owner([]),
      'GET /api/v1/store-owner/signals': () => json(page([SALES])),
    });
    const panel = await screen.findByTestId('signals-panel');
    expect(within(panel).getAllByTestId('signal-row')).toHaveLength(1);
    expect(within(panel).queryByRole('button', { name: 'Mark reviewed' })).not.toBeInTheDocument();
  });

  it('pages through more than five', async () => {
    const many = Array.from({ length: 7 }, (_, i) => ({ ...SALES, id: 100 + i }));
    const { api, app } = await openDashboard({
      'GET /api/v1/store-owner/signals': (request) => {
        const p = Number(new URL(request.url).searchParams.get('page'));
        return json({
          data: p === 1 ? many.slice(0, 5) : many.slice(5),
          meta: { page: p, per_page: 5, total: 7 },
        });
      },
    });
    const panel = await screen.findByTestId('signals-panel');
    expect(within(panel).getAllByTestId('signal-row')).toHaveLength(5);
    expect(panel).toHaveTextContent('Showing 1–5 of 7');
    await app.user.click(within(panel).getByRole('button', { name: 'Page 2' }));
    await waitFor(() => expect(within(panel).getAllByTestId('signal-row')).toHaveLength(2));
    const last = api.requestsTo('GET /api/v1/store-owner/signals').at(-1)!;
    expect(new URL(last.url).searchParams.get('page')).toBe('2');
  });

  it("a cashier's link opens the Activity tab filtered to that cashier, that day and group", async () => {
    const { api, app } = await openDashboard({
      'GET /api/v1/store-owner/signals': () => json(page([VOIDS])),
      'GET /api/v1/store-owner/pos-users': () => json({ data: [] }),
      'GET /api/v1/store-owner/pos-activities': () =>
        json({ data: [], meta: { page: 1, per_page: 20, total: 0 } }),
    });
    const panel = await screen.findByTestId('signals-panel');
    await app.user.click(within(panel).getByRole('link', { name: "See the cashier's sales that day" }));
    await screen.findByTestId('owner-activity');
    expect(screen.getByRole('tab', { name: 'POS Activity' })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(api.requestsTo('GET /api/v1/store-owner/pos-activities')).toHaveLength(1));
    const asked = new URL(api.requestsTo('GET /api/v1/store-owner/pos-activities')[0]!.url).searchParams;
    expect(Object.fromEntries(asked)).toEqual({
      activity_type: 'invoice',
      page: '1',
      per_page: '20',
      pos_user_id: '7',
      from: '2026-11-24',
      to: '2026-11-24',
    });
    expect(screen.getByTestId('activity-from')).toHaveValue('2026-11-24');
    expect(screen.getByTestId('activity-to')).toHaveValue('2026-11-24');
    // The feed's title takes the keyboard's place (on a phone the feed is below the panel).
    expect(screen.getByRole('heading', { name: 'POS Activity' })).toHaveFocus();
  });
});

describe('every signal, reviewed ones too, under the Activity tab', () => {
  const activityRoutes: Routes = {
    'GET /api/v1/store-owner/pos-users': () => json({ data: [] }),
    'GET /api/v1/store-owner/pos-activities': () =>
      json({ data: [], meta: { page: 1, per_page: 20, total: 0 } }),
  };

  it('opens from the panel, lists reviewed ones with who reviewed them, fetched only when opened', async () => {
    const { api, app } = await openDashboard({
      ...activityRoutes,
      'GET /api/v1/store-owner/signals': (request) =>
        new URL(request.url).searchParams.get('status') === 'all'
          ? json(page([SALES, REVIEWED], 10, 2))
          : json(page([SALES])),
    });
    const panel = await screen.findByTestId('signals-panel');
    await app.user.click(within(panel).getByRole('link', { name: 'All signals, reviewed ones too' }));
    const all = await screen.findByTestId('all-signals');
    expect(within(all).getByRole('button', { name: 'Hide the signals' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    await waitFor(() => expect(within(all).getAllByTestId('signal-row')).toHaveLength(2));
    const [openRow, reviewedRow] = within(all).getAllByTestId('signal-row');
    expect(within(openRow!).getByRole('button', { name: 'Mark reviewed' })).toBeInTheDocument();
    expect(within(reviewedRow!).queryByRole('button', { name: 'Mark reviewed' })).not.toBeInTheDocument();
    expect(plain(within(reviewedRow!).getByTestId('signal-sentence').textContent)).toBe(
      '4 sales to فاطمة الشريف on Nov 20, 2026 (more than 3)',
    );
    expect(plain(within(reviewedRow!).getByTestId('signal-reviewed').textContent)).toMatch(
      /^Reviewed by Khaled Ben Ali on Nov 21, 2026/,
    );
    const statuses = api
      .requestsTo('GET /api/v1/store-owner/signals')
      .map((request) => new URL(request.url).searchParams.get('status'));
    expect(statuses).toContain('all');

    // Closed again: the list goes, the button says it can be opened.
    await app.user.click(within(all).getByRole('button', { name: 'Hide the signals' }));
    expect(within(all).queryByTestId('signal-row')).not.toBeInTheDocument();
    expect(within(all).getByRole('button', { name: 'Show all signals, reviewed ones too' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(app.location().search).not.toContain('signals=all');
  });

  it('is closed and asks nothing until opened', async () => {
    const { api, app } = await openDashboard({ ...activityRoutes }, 'en', '/dashboard?tab=activity');
    const all = await screen.findByTestId('all-signals');
    await screen.findByTestId('activity-table');
    const statuses = () =>
      api.requestsTo('GET /api/v1/store-owner/signals').map((r) => new URL(r.url).searchParams.get('status'));
    expect(statuses()).toEqual(['open']);
    await app.user.click(within(all).getByRole('button', { name: 'Show all signals, reviewed ones too' }));
    expect(await within(all).findByText('No signals yet.')).toBeInTheDocument();
    expect(statuses()).toContain('all');
  });

  it('a row reviewed there stays, saying who reviewed it; the open list is fetched again too', async () => {
    let reviewed = false;
    const done = {
      ...SALES,
      reviewed_at: '2026-11-24T12:00:00Z',
      reviewed_by: { id: 1, name: 'Khaled Ben Ali' },
    };
    const { api, app } = await openDashboard(
      {
        ...activityRoutes,
        'GET /api/v1/store-owner/signals': (request) => {
          const all = new URL(request.url).searchParams.get('status') === 'all';
          if (all) return json(page([reviewed ? done : SALES], 10, 1));
          return json(page(reviewed ? [] : [SALES]));
        },
        'POST /api/v1/store-owner/signals/11/review': () => {
          reviewed = true;
          return json({ data: done });
        },
      },
      'en',
      '/dashboard?tab=activity&signals=all',
    );
    const all = await screen.findByTestId('all-signals');
    const row = await within(all).findByTestId('signal-row');
    await app.user.click(within(row).getByRole('button', { name: 'Mark reviewed' }));
    expect(await within(all).findByTestId('signal-reviewed')).toBeInTheDocument();
    expect(within(all).getAllByTestId('signal-row')).toHaveLength(1);
    expect(within(all).getByRole('heading', { name: 'Fraud signals' })).toHaveFocus();
    // The dashboard's panel (open ones) had it too: fetched again, it goes.
    await waitFor(() => expect(screen.queryByTestId('signals-panel')).not.toBeInTheDocument());
    expect(api.requestsTo('POST /api/v1/store-owner/signals/11/review')).toHaveLength(1);
  });
});
