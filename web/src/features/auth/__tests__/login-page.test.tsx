import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { makeUser, meta } from '@/testing/fixtures';
import { apiError, json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const session = (role: 'admin' | 'store_owner' | 'pos_user' = 'admin') => ({
  data: {
    token: 'new-token',
    expires_at: '2030-01-01T00:00:00Z',
    user: makeUser({ role, name: 'Demo Admin', email: 'admin@demo.ly' }),
  },
});

async function renderLoginInEnglish() {
  await i18n.changeLanguage('en');
  const app = renderApp('/login');
  await screen.findByRole('heading', { name: 'Sign in' });
  return app;
}

describe('login page', () => {
  it('hides the demo accounts unless the server is in demo mode', async () => {
    const api = mockApi({ 'GET /api/v1/meta': () => json(meta(false)) });
    await renderLoginInEnglish();
    await waitFor(() => expect(api.requestsTo('GET /api/v1/meta')).toHaveLength(1));
    expect(screen.queryByTestId('demo-accounts')).not.toBeInTheDocument();
  });

  it('lists the demo accounts with the shared password and fills the form on click', async () => {
    mockApi({ 'GET /api/v1/meta': () => json(meta(true)) });
    const app = await renderLoginInEnglish();

    const card = await screen.findByTestId('demo-accounts');
    expect(card).toHaveTextContent('admin@demo.ly');
    expect(card).toHaveTextContent('owner@demo.ly');
    expect(card).toHaveTextContent('cashier@demo.ly');
    expect(card).toHaveTextContent('demo1234');

    await app.user.click(screen.getByRole('button', { name: /cashier@demo\.ly/ }));
    expect(screen.getByLabelText(/Email/)).toHaveValue('cashier@demo.ly');
    expect(screen.getByLabelText(/Password/)).toHaveValue('demo1234');
  });

  it('has required email and password fields', async () => {
    mockApi({ 'GET /api/v1/meta': () => json(meta(false)) });
    await renderLoginInEnglish();
    const email = screen.getByLabelText(/Email/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toBeRequired();
    expect(screen.getByLabelText(/Password/)).toBeRequired();
    expect(screen.getByRole('link', { name: 'Check your points without logging in' })).toHaveAttribute(
      'href',
      '/check-points',
    );
  });

  it('signs in, keeps the token and opens the dashboard', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const api = mockApi({
      'GET /api/v1/meta': () => json(meta(false)),
      'POST /api/v1/auth/login': async () => {
        await gate;
        return json(session('admin'));
      },
      // The admin dashboard opens and loads its figures.
      'GET /api/v1/admin/overview': () => apiError(500, 'Not now.', 'internal'),
    });
    const app = await renderLoginInEnglish();

    await app.user.type(screen.getByLabelText(/Email/), 'admin@demo.ly');
    await app.user.type(screen.getByLabelText(/Password/), 'demo1234');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('button', { name: 'Signing in...' })).toBeDisabled();
    release();

    expect(await screen.findByTestId('welcome-banner')).toHaveTextContent('Welcome, Demo Admin');
    expect(app.pathname()).toBe('/dashboard');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('new-token');
    const [request] = api.requestsTo('POST /api/v1/auth/login');
    expect(await request?.clone().json()).toEqual({ email: 'admin@demo.ly', password: 'demo1234' });
    // The login answer carries the user: no second fetch.
    expect(api.requestsTo('GET /api/v1/auth/user')).toHaveLength(0);
  });

  it('shows the server message on wrong credentials and stays on /login', async () => {
    mockApi({
      'GET /api/v1/meta': () => json(meta(false)),
      'POST /api/v1/auth/login': () => apiError(401, 'Invalid email or password', 'invalid_credentials'),
    });
    const app = await renderLoginInEnglish();

    await app.user.type(screen.getByLabelText(/Email/), 'admin@demo.ly');
    await app.user.type(screen.getByLabelText(/Password/), 'wrong');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid email or password');
    expect(app.pathname()).toBe('/login');
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeEnabled();
  });

  it("falls back to 'Login failed' without a server message", async () => {
    mockApi({
      'GET /api/v1/meta': () => json(meta(false)),
      'POST /api/v1/auth/login': () => new Response('oops', { status: 502 }),
    });
    const app = await renderLoginInEnglish();

    await app.user.type(screen.getByLabelText(/Email/), 'a@b.ly');
    await app.user.type(screen.getByLabelText(/Password/), 'x');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('shows validation messages under the fields', async () => {
    mockApi({
      'GET /api/v1/meta': () => json(meta(false)),
      'POST /api/v1/auth/login': () =>
        json(
          {
            message: 'Validation failed',
            code: 'validation_failed',
            errors: { email: ['Email is invalid'] },
          },
          422,
        ),
    });
    const app = await renderLoginInEnglish();
    await app.user.type(screen.getByLabelText(/Email/), 'a@b.ly');
    await app.user.type(screen.getByLabelText(/Password/), 'x');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is invalid')).toBeInTheDocument();
  });
});

describe('login validation in the page language', () => {
  it('sends an empty form to the server (no browser bubbles) and shows its Arabic messages under the fields', async () => {
    const api = mockApi({
      'GET /api/v1/meta': () => json(meta(false)),
      'POST /api/v1/auth/login': () =>
        json(
          {
            message: 'البيانات المدخلة غير صالحة.',
            code: 'validation_failed',
            errors: { email: ['البريد الإلكتروني مطلوب'], password: ['كلمة المرور مطلوبة'] },
          },
          422,
        ),
    });
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'تسجيل الدخول' });
    await app.user.click(screen.getByRole('button', { name: 'تسجيل الدخول' }));

    expect(await screen.findByText('البريد الإلكتروني مطلوب')).toBeInTheDocument();
    expect(screen.getByText('كلمة المرور مطلوبة')).toBeInTheDocument();
    expect(api.requestsTo('POST /api/v1/auth/login')).toHaveLength(1);
    expect(api.requestsTo('POST /api/v1/auth/login')[0]!.headers.get('Accept-Language')).toBe('ar');
    // The messages are under the fields; no second copy in an alert; focus on the first.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText(/البريد الإلكتروني/)).toHaveFocus());
  });
});

describe('a session that ends during work', () => {
  it('says so on the sign-in page and comes back to the same page after signing in', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    let signedIn = false;
    mockApi({
      'GET /api/v1/meta': () => json(meta(false)),
      'GET /api/v1/auth/user': () =>
        signedIn
          ? json({ data: makeUser({ role: 'admin', name: 'Demo Admin' }) })
          : apiError(401, 'Unauthenticated', 'unauthenticated'),
      'POST /api/v1/auth/login': () => {
        signedIn = true;
        return json(session('admin'));
      },
    });
    const app = renderApp('/about?tab=x');
    // /about is open to everyone: its user fetch meets the 401, the session ends there.
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    expect(await screen.findByTestId('session-ended')).toHaveTextContent(
      'Your session has ended, sign in again.',
    );
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();

    await app.user.type(screen.getByLabelText(/Email/), 'admin@demo.ly');
    await app.user.type(screen.getByLabelText(/Password/), 'demo1234');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.pathname()).toBe('/about'));
    expect(app.location().search).toBe('?tab=x');
  });

  it('brings a guest sent to sign in back to the page asked for, without the ended note', async () => {
    await i18n.changeLanguage('en');
    mockApi({
      'GET /api/v1/meta': () => json(meta(false)),
      'POST /api/v1/auth/login': () => json(session('pos_user')),
      'GET /api/v1/customers/7': () => apiError(404, 'Not found.', 'not_found'),
    });
    const app = renderApp('/customer/7');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    // The sign-in page is its own chunk: wait for its form, not only for the address.
    const email = await screen.findByLabelText(/Email/);
    expect(screen.queryByTestId('session-ended')).not.toBeInTheDocument();
    await app.user.type(email, 'cashier@demo.ly');
    await app.user.type(screen.getByLabelText(/Password/), 'demo1234');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(app.pathname()).toBe('/customer/7'));
  });
});

describe('login page for keyboard and screen reader users', () => {
  it('points each field with an error at its message', async () => {
    mockApi({
      'GET /api/v1/meta': () => json(meta(false)),
      'POST /api/v1/auth/login': () =>
        json(
          {
            message: 'The given data was invalid.',
            code: 'validation_failed',
            errors: { email: ['Email is required'], password: ['Password is required'] },
          },
          422,
        ),
    });
    const app = await renderLoginInEnglish();
    const email = screen.getByLabelText(/Email/);
    expect(email).not.toHaveAttribute('aria-invalid');
    await app.user.click(screen.getByRole('button', { name: 'Sign in' }));

    await screen.findByText('Email is required');
    for (const [field, message] of [
      [email, 'Email is required'],
      [screen.getByLabelText(/Password/), 'Password is required'],
    ] as const) {
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(message);
    }
  });

  it('reaches the show-password button with Tab, named in the page language', async () => {
    mockApi({ 'GET /api/v1/meta': () => json(meta(false)) });
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'تسجيل الدخول', level: 1 });
    const password = screen.getByLabelText(/^كلمة المرور/);
    await app.user.click(password);
    await app.user.keyboard('secret');
    await app.user.tab();
    const toggle = screen.getByRole('button', { name: 'إظهار كلمة المرور' });
    expect(toggle).toHaveFocus();
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await app.user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(password).toHaveAttribute('type', 'text');
  });
});
