import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { makeUser, meta, userEnvelope } from '@/testing/fixtures';
import { apiError, json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

function signInWithToken(token = 'test-token') {
  window.localStorage.setItem(TOKEN_STORAGE_KEY, token);
}

describe('route guards', () => {
  it('sends a guest from /dashboard to /login', async () => {
    const api = mockApi({ 'GET /api/v1/meta': () => json(meta(false)) });
    const app = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    // No token, so no attempt to load a user.
    expect(api.requestsTo('GET /api/v1/auth/user')).toHaveLength(0);
  });

  it('sends a guest from /customer/7 to /login', async () => {
    mockApi({ 'GET /api/v1/meta': () => json(meta(false)) });
    const app = renderApp('/customer/7');
    await waitFor(() => expect(app.pathname()).toBe('/login'));
  });

  it.each(['/login', '/', '/check-points'])('sends a signed-in user from %s to /dashboard', async (path) => {
    signInWithToken();
    const api = mockApi({
      'GET /api/v1/auth/user': () => json(userEnvelope(makeUser({ name: 'Sara Ali' }))),
      // The store owner's dashboard loads its figures.
      'GET /api/v1/store-owner/summary': () => apiError(500, 'Not now.', 'internal'),
      'GET /api/v1/subscriptions/status': () => apiError(500, 'Not now.', 'internal'),
      'GET /api/v1/store-owner/stores': () => json({ data: [] }),
      'GET /api/v1/store-owner/signals': () => json({ data: [], meta: { page: 1, per_page: 5, total: 0 } }),
      'GET /api/v1/store-owner/liability': () => apiError(500, 'Not now.', 'internal'),
    });
    const app = renderApp(path);

    expect(await screen.findByTestId('welcome-banner')).toHaveTextContent('Sara Ali');
    expect(app.pathname()).toBe('/dashboard');
    expect(api.requestsTo('GET /api/v1/auth/user')).toHaveLength(1);
  });

  it('fetches the user when a token exists but no user is loaded, with the token and language', async () => {
    signInWithToken('abc123');
    const api = mockApi({ 'GET /api/v1/auth/user': () => json(userEnvelope(makeUser())) });
    renderApp('/about');

    expect(await screen.findByRole('heading', { name: 'عن نقاط' })).toBeInTheDocument();
    const [request] = api.requestsTo('GET /api/v1/auth/user');
    expect(request?.headers.get('Authorization')).toBe('Bearer abc123');
    expect(request?.headers.get('Accept-Language')).toBe('ar');
  });

  it('ignores a failed user fetch in the guard (server error)', async () => {
    signInWithToken();
    const api = mockApi({
      'GET /api/v1/auth/user': () => apiError(500, 'Internal error', 'internal'),
    });
    const app = renderApp('/about');

    expect(await screen.findByRole('heading', { name: 'عن نقاط' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/about');
    expect(api.requestsTo('GET /api/v1/auth/user')).toHaveLength(1);
    // The failure does not sign the visitor out.
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBe('test-token');
  });

  it('ignores a network failure in the guard', async () => {
    signInWithToken();
    mockApi({
      'GET /api/v1/auth/user': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    const app = renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'عن نقاط' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/about');
  });

  it('clears the token and goes to /login on a 401', async () => {
    signInWithToken('expired');
    mockApi({
      'GET /api/v1/auth/user': () => apiError(401, 'Unauthenticated', 'unauthenticated'),
      'GET /api/v1/meta': () => json(meta(false)),
    });
    const app = renderApp('/dashboard');

    expect(await screen.findByRole('heading', { name: 'تسجيل الدخول' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/login');
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
  });

  it('lets everyone see /about', async () => {
    renderApp('/about');
    expect(await screen.findByRole('heading', { name: 'عن نقاط' })).toBeInTheDocument();
  });

  it('shows the points lookup to guests', async () => {
    renderApp('/check-points');
    expect(await screen.findByRole('heading', { name: 'استعلم عن نقاطك' })).toBeInTheDocument();
    expect(screen.getByLabelText('رقم الهاتف')).toBeEnabled();
  });

  it('shows a not-found page for unknown paths', async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { name: 'الصفحة غير موجودة' })).toBeInTheDocument();
  });
});
