import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { apiError, json, mockApi, noContent, type Routes } from '@/testing/mock-api';
import { plain } from '@/testing/pos-fixtures';
import { renderApp } from '@/testing/render-app';
import type { StaffUser } from '../types';
import { ownerRoutes, store, subscriptionWith } from './fixtures';

beforeEach(() => window.sessionStorage.clear());

const salem: StaffUser = {
  id: 7,
  name: 'Salem Alzawi',
  email: 'cashier@demo.ly',
  role: 'pos_user',
  is_active: true,
  store_id: 1,
  store: { id: 1, name: store.name },
  created_at: '2026-09-25T10:00:00Z',
};
const unassigned: StaffUser = {
  ...salem,
  id: 8,
  name: 'Nour',
  email: 'nour@demo.ly',
  store_id: null,
  store: null,
  is_active: false,
};

async function openDashboard(extra: Routes = {}, language: 'en' | 'ar' = 'en') {
  await i18n.changeLanguage(language);
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(
    ownerRoutes({ 'GET /api/v1/store-owner/pos-users': () => json({ data: [salem, unassigned] }), ...extra }),
  );
  const app = renderApp('/dashboard');
  await screen.findByTestId('owner-stores');
  return { app, api };
}

describe('staff tab', () => {
  it('lists POS users, saying when no store is assigned', async () => {
    const { app } = await openDashboard();
    await app.user.click(screen.getByRole('tab', { name: 'Staff' }));
    const rows = await screen.findAllByTestId('staff-row');
    expect(rows[0]).toHaveTextContent(store.name);
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('No store assigned');
    expect(rows[1]).toHaveTextContent('Inactive');
  });

  it('leads the delete question with Deactivate instead, before any "cannot be undone"', async () => {
    const { app, api } = await openDashboard({
      'PATCH /api/v1/store-owner/pos-users/7': () => json({ data: { ...salem, is_active: false } }),
    });
    await app.user.click(screen.getByRole('tab', { name: 'Staff' }));
    await app.user.click(await screen.findByRole('button', { name: 'Delete: Salem Alzawi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete a POS user' });
    const text = plain(dialog);
    const explains = text.indexOf(
      'A POS user with sales, redemptions or points changes cannot be deleted: those records stay in the books. Deactivate Salem Alzawi instead',
    );
    expect(explains).toBeGreaterThanOrEqual(0);
    expect(text.indexOf('This action cannot be undone.')).toBeGreaterThan(explains);
    const buttons = within(dialog)
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(buttons.indexOf('Deactivate instead')).toBeGreaterThanOrEqual(0);
    expect(buttons.indexOf('Deactivate instead')).toBeLessThan(buttons.indexOf('Delete'));
    expect(text.indexOf('Deactivate instead')).toBeLessThan(text.indexOf('This action cannot be undone.'));

    await app.user.click(within(dialog).getByRole('button', { name: 'Deactivate instead' }));
    expect(await screen.findByText('POS user deactivated successfully!')).toBeInTheDocument();
    const [request] = api.requestsTo('PATCH /api/v1/store-owner/pos-users/7');
    expect(request!.headers.get('Content-Type')).toBe('application/merge-patch+json');
    expect(await request!.clone().json()).toEqual({ is_active: false });
    expect(api.requestsTo('DELETE /api/v1/store-owner/pos-users/7')).toHaveLength(0);
  });

  it('deletes one without history, with the spec wording after the choice', async () => {
    const { app, api } = await openDashboard({ 'DELETE /api/v1/store-owner/pos-users/7': () => noContent() });
    await app.user.click(screen.getByRole('tab', { name: 'Staff' }));
    await app.user.click(await screen.findByRole('button', { name: 'Delete: Salem Alzawi' }));
    const dialog = await screen.findByRole('dialog');
    expect(plain(dialog)).toContain(
      'Only a POS user without any (one added by mistake) can be deleted. Are you sure you want to delete Salem Alzawi? This action cannot be undone.',
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('POS user deleted successfully!')).toBeInTheDocument();
    expect(api.requestsTo('DELETE /api/v1/store-owner/pos-users/7')).toHaveLength(1);
  });

  it("shows the server's refusal in the question, Deactivate instead still offered (ar)", async () => {
    const refusal = 'لهذا الشخص متاجر أو باقة أو مبيعات ولا يمكن حذفه. عطّل الحساب بدلاً من ذلك.';
    const { app } = await openDashboard(
      { 'DELETE /api/v1/store-owner/pos-users/7': () => apiError(409, refusal, 'user_has_history') },
      'ar',
    );
    await app.user.click(screen.getByRole('tab', { name: 'الموظفون' }));
    await app.user.click(await screen.findByRole('button', { name: 'حذف: Salem Alzawi' }));
    const dialog = await screen.findByRole('dialog', { name: 'حذف موظف نقطة بيع' });
    expect(plain(dialog)).toMatch(
      /^.*لا يمكن حذف موظف له مبيعات.*عطّل Salem Alzawi بدلاً من ذلك.*لا يمكن التراجع/,
    );
    await app.user.click(within(dialog).getByRole('button', { name: 'حذف' }));
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'تعطيل بدلاً من ذلك' })).toBeEnabled();
  });

  it('says an inactive POS user is already deactivated, with no Deactivate instead', async () => {
    const { app } = await openDashboard();
    await app.user.click(screen.getByRole('tab', { name: 'Staff' }));
    await app.user.click(await screen.findByRole('button', { name: 'Delete: Nour' }));
    const dialog = await screen.findByRole('dialog');
    expect(plain(dialog)).toContain(
      'Nour is already deactivated: they cannot sign in, and their history is kept.',
    );
    expect(within(dialog).queryByRole('button', { name: 'Deactivate instead' })).toBeNull();
  });

  it('requires name, email, password and store for a new POS user', async () => {
    const { app, api } = await openDashboard();
    await app.user.click(screen.getByRole('tab', { name: 'Staff' }));
    await app.user.click(await screen.findByRole('button', { name: 'Add POS User' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Please select a store')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v1/store-owner/pos-users')).toHaveLength(0);
  });

  it('leaves the password out of an edit when none was typed', async () => {
    const { app, api } = await openDashboard({
      'PUT /api/v1/store-owner/pos-users/7': () => json({ data: { ...salem, name: 'Salem Z' } }),
    });
    await app.user.click(screen.getByRole('tab', { name: 'Staff' }));
    await app.user.click(await screen.findByRole('button', { name: 'Edit: Salem Alzawi' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByLabelText(/^Name/);
    await app.user.clear(name);
    await app.user.type(name, 'Salem Z');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('POS user updated successfully!')).toBeInTheDocument();
    const [request] = api.requestsTo('PUT /api/v1/store-owner/pos-users/7');
    expect(await request!.clone().json()).toEqual({ name: 'Salem Z', email: 'cashier@demo.ly', store_id: 1 });
  });
});

describe('stores tab', () => {
  it('turns Add Store off at the plan limit and says why, before any attempt', async () => {
    const full = { ...subscriptionWith(25), remaining_store_slots: 0 };
    const { api } = await openDashboard({ 'GET /api/v1/subscriptions/status': () => json({ data: full }) });
    const add = await screen.findByRole('button', { name: 'Add Store' });
    await waitFor(() => expect(add).toBeDisabled());
    expect(add).toHaveAccessibleDescription(
      'Your plan allows no more stores: redeem a card for a larger plan to add one.',
    );
    expect(api.requestsTo('POST /api/v1/stores')).toHaveLength(0);
  });

  it('says how many stores are over the plan now and over the queued plan, from the server', async () => {
    const base = subscriptionWith(25);
    const plan = base.active_subscription!;
    const over = {
      ...base,
      current_store_count: 3,
      remaining_store_slots: 0,
      stores_over_limit: 1,
      stores_over_next_limit: 2,
      active_subscription: { ...plan, package: { ...plan.package, name: 'Silver', store_limit: 2 } },
      next_subscription: {
        ...plan,
        starts_at: '2026-12-17T00:00:00Z',
        package: { ...plan.package, name: 'Basic', store_limit: 1 },
      },
    };
    await openDashboard({ 'GET /api/v1/subscriptions/status': () => json({ data: over }) });
    const notice = await screen.findByTestId('stores-tab-over-limit');
    expect(notice).toHaveTextContent('allows 2 stores and you have 3: 1 store is over the limit');
    expect(notice).toHaveTextContent('Basic');
    expect(notice).toHaveTextContent('2 stores will be over the limit');
  });

  it('offers Add Store while the plan has room', async () => {
    await openDashboard();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Store' })).toBeEnabled());
    expect(screen.queryByTestId('add-store-reason')).not.toBeInTheDocument();
    expect(screen.queryByTestId('stores-tab-over-limit')).not.toBeInTheDocument();
  });

  it('shows the plan-limit message from the server', async () => {
    const { app } = await openDashboard({
      'POST /api/v1/stores': () =>
        json(
          { message: 'Your plan allows 2 stores. Upgrade to add more.', code: 'store_limit_reached' },
          409,
        ),
    });
    await app.user.click(screen.getByRole('button', { name: 'Add Store' }));
    const dialog = await screen.findByRole('dialog');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('Store name is required')).toBeInTheDocument();
    await app.user.type(within(dialog).getByLabelText(/^Store name/), 'Misrata');
    await app.user.click(within(dialog).getByRole('button', { name: 'Save' }));
    const alert = await within(dialog).findByTestId('store-error');
    expect(alert).toHaveTextContent('Store limit reached');
    expect(alert).toHaveTextContent('Your plan allows 2 stores. Upgrade to add more.');
  });
});
