import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { makeUser } from '@/testing/fixtures';
import { apiError, json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';
import { ADMIN, adminRoutes, makeStore } from './fixtures';

const cashier = makeUser({
  id: 5,
  role: 'pos_user',
  name: 'Salem Alzawi',
  email: 'salem@demo.ly',
  store_owner_name: null,
  store_id: 7,
  store: { id: 7, name: 'Ben Ali - Tripoli' },
});

function usersPage(users = [ADMIN, cashier]) {
  return json({ data: users, meta: { page: 1, per_page: 10, total: users.length } });
}

async function openUsers(extra: Parameters<typeof adminRoutes>[0] = {}) {
  await i18n.changeLanguage('en');
  window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token');
  const api = mockApi(
    adminRoutes({
      'GET /api/v1/users': () => usersPage(),
      'GET /api/v1/stores': () => json({ data: [makeStore()] }),
      ...extra,
    }),
  );
  const app = renderApp('/dashboard');
  await app.user.click(await screen.findByTestId('admin-tab-users', {}, { timeout: 5000 }));
  await screen.findByTestId('users-table', {}, { timeout: 5000 });
  return { ...app, api };
}

describe('users tab', { timeout: 15_000 }, () => {
  it('lists users with role badges and disables self-deactivation and self-deletion', async () => {
    await openUsers();
    const rows = screen.getAllByTestId('user-row');
    expect(rows).toHaveLength(2);
    const [self, other] = rows as [HTMLElement, HTMLElement];
    expect(other).toHaveTextContent('POS User');
    expect(other).toHaveTextContent('Ben Ali - Tripoli');
    expect(within(self).getByRole('button', { name: 'Deactivate Admin Demo' })).toBeDisabled();
    expect(within(self).getByRole('button', { name: 'Delete Admin Demo' })).toBeDisabled();
    expect(within(other).getByRole('button', { name: 'Deactivate Salem Alzawi' })).toBeEnabled();
  });

  it('searches on the server', async () => {
    const { user, api } = await openUsers();
    await user.type(screen.getByTestId('users-search'), 'sal');
    await waitFor(() =>
      expect(
        api.requestsTo('GET /api/v1/users').some((r) => new URL(r.url).searchParams.get('search') === 'sal'),
      ).toBe(true),
    );
  });

  it('shows store owner name only for store owners and the store only for POS users', async () => {
    const { user } = await openUsers();
    await user.click(screen.getByTestId('add-user'));
    const form = await screen.findByTestId('user-form');
    expect(within(form).queryByLabelText(/Store Owner Name/)).toBeNull();
    expect(within(form).queryByRole('combobox', { name: /^Store/ })).toBeNull();

    await user.click(within(form).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Store Owner' }));
    expect(within(form).getByLabelText(/Store Owner Name/)).toBeInTheDocument();

    await user.click(within(form).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'POS User' }));
    expect(within(form).queryByLabelText(/Store Owner Name/)).toBeNull();
    expect(within(form).getByRole('combobox', { name: /^Store/ })).toBeInTheDocument();
  });

  it('gives the spec messages and sends nothing when fields are missing', async () => {
    const { user, api } = await openUsers();
    await user.click(screen.getByTestId('add-user'));
    const form = await screen.findByTestId('user-form');
    await user.click(within(form).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Store Owner' }));
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    expect(form).toHaveTextContent('Name is required');
    expect(form).toHaveTextContent('Email is required');
    expect(form).toHaveTextContent('Password is required');
    expect(form).toHaveTextContent('Store owner name is required');
    expect(api.requestsTo('POST /api/v1/users')).toHaveLength(0);

    await user.type(within(form).getByLabelText(/Full Name/), 'Huda');
    expect(form).not.toHaveTextContent('Name is required');
    expect(form).toHaveTextContent('Email is required');
  });

  it("shows the server's field message under the field", async () => {
    const { user } = await openUsers({
      'POST /api/v1/users': () =>
        json(
          {
            message: 'Invalid fields.',
            code: 'validation_failed',
            errors: { email: ['The email has already been taken.'] },
          },
          422,
        ),
    });
    await user.click(screen.getByTestId('add-user'));
    const form = await screen.findByTestId('user-form');
    await user.type(within(form).getByLabelText(/Full Name/), 'Huda');
    await user.type(within(form).getByLabelText(/Email/), 'huda@demo.ly');
    await user.type(within(form).getByLabelText(/Password/), 'secret123');
    await user.click(within(form).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    expect(await within(form).findByText('The email has already been taken.')).toBeInTheDocument();
    expect(within(form).queryByTestId('form-error')).toBeNull();
  });

  it('falls back to the spec message when the server sends none', async () => {
    const { user } = await openUsers({ 'POST /api/v1/users': () => new Response('oops', { status: 500 }) });
    await user.click(screen.getByTestId('add-user'));
    const form = await screen.findByTestId('user-form');
    await user.type(within(form).getByLabelText(/Full Name/), 'Huda');
    await user.type(within(form).getByLabelText(/Email/), 'huda@demo.ly');
    await user.type(within(form).getByLabelText(/Password/), 'secret123');
    await user.click(within(form).getByRole('combobox', { name: /Role/ }));
    await user.click(await screen.findByRole('option', { name: 'Admin' }));
    await user.click(within(form).getByRole('button', { name: 'Create User' }));
    expect(await within(form).findByTestId('form-error')).toHaveTextContent(
      'Failed to create user. Please try again.',
    );
  });

  it("shows the server's refusal when a deactivation is refused", async () => {
    const { user } = await openUsers({
      'POST /api/v1/users/5/deactivate': () =>
        apiError(409, 'You cannot change your own account.', 'cannot_change_self'),
    });
    await user.click(screen.getByRole('button', { name: 'Deactivate Salem Alzawi' }));
    await user.click(await screen.findByTestId('confirm-button'));
    expect(await screen.findByTestId('confirm-error')).toHaveTextContent(
      'You cannot change your own account.',
    );
  });

  it('leads the delete question with Deactivate instead, and shows the server refusal after a delete', async () => {
    const refusal =
      'This person has stores, a plan or sales and cannot be deleted. Deactivate the account instead: it stops signing in at once and keeps the history.';
    const { user, api } = await openUsers({
      'DELETE /api/v1/users/5': () => apiError(409, refusal, 'user_has_history'),
      'POST /api/v1/users/5/deactivate': () => json({ data: { ...cashier, is_active: false } }),
    });
    await user.click(screen.getByRole('button', { name: 'Delete Salem Alzawi' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete a user' });
    const words = (dialog.textContent ?? '').replace(/[\u2066-\u2069]/g, '');
    expect(words).toMatch(
      /^.*Deactivate Salem Alzawi instead.*Deactivate instead.*This action cannot be undone\./,
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByTestId('confirm-error')).toHaveTextContent(refusal);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate instead' }));
    expect(await screen.findByText('User deactivated successfully!')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v1/users/5/deactivate')).toHaveLength(1);
  });
});
