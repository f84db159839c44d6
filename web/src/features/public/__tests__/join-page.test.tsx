import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { TOKEN_STORAGE_KEY } from '@/lib/session/token-store';
import { makeUser, userEnvelope } from '@/testing/fixtures';
import { apiError, json, mockApi, type Routes } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const TOKEN = 'tok_abc123';
const STORE = `GET /api/v1/public/stores/${TOKEN}`;
const JOIN = `POST /api/v1/public/stores/${TOKEN}/join`;
const store = { data: { store: { id: 3, name: 'Ben Ali Tripoli' } } };

async function openJoinInEnglish(routes: Routes) {
  await i18n.changeLanguage('en');
  const api = mockApi({ [STORE]: () => json(store), ...routes });
  const app = renderApp(`/join/${TOKEN}`);
  return { ...app, api };
}

async function fillAndJoin(app: Awaited<ReturnType<typeof openJoinInEnglish>>, email = '') {
  expect(await screen.findByRole('heading', { name: 'Join Ben Ali Tripoli' })).toBeInTheDocument();
  await app.user.type(screen.getByLabelText(/Full name/), '  Fatima Ali ');
  await app.user.type(screen.getByLabelText(/Phone number/), '091-234-5678');
  if (email) await app.user.type(screen.getByLabelText(/Email/), email);
  await app.user.click(screen.getByRole('button', { name: 'Join' }));
}

describe('join page', () => {
  it('joins the store of the link and offers to check the points', async () => {
    const app = await openJoinInEnglish({ [JOIN]: () => json(store, 201) });
    await fillAndJoin(app, 'fatima@example.ly');

    expect(await screen.findByRole('heading', { name: "You're in!" })).toBeInTheDocument();
    expect(screen.getByTestId('join-success')).toHaveTextContent('Your points at Ben Ali Tripoli start now.');
    const [request] = app.api.requestsTo(JOIN);
    expect(await request?.clone().json()).toEqual({
      name: 'Fatima Ali',
      phone: '091-234-5678',
      email: 'fatima@example.ly',
      consents: [],
      language: 'en',
    });

    // The number goes along in navigation state, so the lookup is one tap away.
    await app.user.click(screen.getByRole('link', { name: 'Check my points' }));
    expect(await screen.findByRole('heading', { name: 'Check your points' })).toBeInTheDocument();
    expect(app.pathname()).toBe('/check-points');
    expect(screen.getByLabelText(/Phone number/)).toHaveValue('091-234-5678');
  });

  it('a double tap on Join sends one join and shows the joined outcome', async () => {
    let joins = 0;
    const app = await openJoinInEnglish({
      // A second join of the same phone would be refused as already a member.
      [JOIN]: () => (++joins === 1 ? json(store, 201) : apiError(409, 'Already a member.', 'already_joined')),
    });
    expect(await screen.findByRole('heading', { name: 'Join Ben Ali Tripoli' })).toBeInTheDocument();
    await app.user.type(screen.getByLabelText(/Full name/), 'Fatima Ali');
    await app.user.type(screen.getByLabelText(/Phone number/), '0912345678');
    const form = screen.getByRole('button', { name: 'Join' }).closest('form')!;
    // Two submits in the same tick, before React shows the button busy.
    form.requestSubmit();
    form.requestSubmit();
    expect(await screen.findByTestId('join-success')).toBeInTheDocument();
    expect(app.api.requestsTo(JOIN)).toHaveLength(1);
    expect(screen.queryByTestId('join-already-member')).not.toBeInTheDocument();
  });

  it('sends a missing email as null', async () => {
    const app = await openJoinInEnglish({ [JOIN]: () => json(store, 201) });
    await fillAndJoin(app);
    await screen.findByTestId('join-success');
    const [request] = app.api.requestsTo(JOIN);
    expect(await request?.clone().json()).toEqual({
      name: 'Fatima Ali',
      phone: '091-234-5678',
      email: null,
      consents: [],
      language: 'en',
    });
  });

  it('sends the messages the customer ticks, none unless ticked, in the page’s language', async () => {
    const app = await openJoinInEnglish({ [JOIN]: () => json(store, 201) });
    expect(await screen.findByRole('heading', { name: 'Join Ben Ali Tripoli' })).toBeInTheDocument();
    const whatsapp = screen.getByRole('checkbox', { name: 'WhatsApp' });
    const sms = screen.getByRole('checkbox', { name: 'Text message (SMS)' });
    expect(whatsapp).not.toBeChecked();
    expect(sms).not.toBeChecked();
    await app.user.click(whatsapp);
    await fillAndJoin(app);
    await screen.findByTestId('join-success');
    const [request] = app.api.requestsTo(JOIN);
    const body = await request?.clone().json();
    expect(body.consents).toEqual(['whatsapp']);
    expect(body.language).toBe('en');
  });

  it('tells an existing member they are already in and points to their balance', async () => {
    const app = await openJoinInEnglish({
      [JOIN]: () => apiError(409, 'This phone number is already registered in this store.', 'already_joined'),
    });
    await fillAndJoin(app);

    const notice = await screen.findByTestId('join-already-member');
    expect(screen.getByRole('heading', { name: "You're already a member" })).toBeInTheDocument();
    expect(notice).toHaveTextContent('already registered at Ben Ali Tripoli');
    expect(screen.getByRole('link', { name: 'Check my points' })).toHaveAttribute('href', '/check-points');

    await app.user.click(screen.getByRole('button', { name: 'Use another number' }));
    expect(screen.getByLabelText(/Phone number/)).toBeInTheDocument();
  });

  it('shows a clear page for an unknown or revoked link', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /api/v1/public/stores/nope': () => apiError(404, 'Not found', 'not_found') });
    renderApp('/join/nope');

    expect(
      await screen.findByRole('heading', { name: 'This registration link is not valid' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText(/Phone number/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Check your points' })).toHaveAttribute('href', '/check-points');
  });

  it('shows the invalid-link page when the link is revoked while the form is open', async () => {
    const app = await openJoinInEnglish({ [JOIN]: () => apiError(404, 'Not found', 'not_found') });
    await fillAndJoin(app);
    expect(await screen.findByTestId('invalid-join-link')).toBeInTheDocument();
  });

  it('shows field errors under their fields', async () => {
    const app = await openJoinInEnglish({
      [JOIN]: () =>
        json(
          {
            message: 'Validation failed',
            code: 'validation_failed',
            errors: {
              phone: ['Please enter a valid phone number'],
              email: ['Please enter a valid email address'],
            },
          },
          422,
        ),
    });
    await fillAndJoin(app, 'not-an-email');

    expect(await screen.findByText('Please enter a valid phone number')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText(/Email/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('checks the name and phone before calling the server', async () => {
    const app = await openJoinInEnglish({});
    await screen.findByRole('heading', { name: 'Join Ben Ali Tripoli' });
    await app.user.click(screen.getByRole('button', { name: 'Join' }));

    expect(screen.getByText('Enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Enter your phone number.')).toBeInTheDocument();
    expect(app.api.requestsTo(JOIN)).toHaveLength(0);
  });

  it('says how long to wait when rate limited', async () => {
    const app = await openJoinInEnglish({
      [JOIN]: () =>
        new Response(JSON.stringify({ message: 'Too many attempts.', code: 'rate_limited' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '7' },
        }),
    });
    await fillAndJoin(app);

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many attempts. Try again in 7 seconds.');
    expect(screen.getByRole('button', { name: 'Join' })).toBeDisabled();
  });

  it('is Arabic by default', async () => {
    mockApi({ [STORE]: () => json({ data: { store: { id: 3, name: 'بن علي - طرابلس' } } }) });
    renderApp(`/join/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'انضم إلى بن علي - طرابلس' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'انضم' })).toBeInTheDocument();
  });

  it('is open to signed-in staff too', async () => {
    await i18n.changeLanguage('en');
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'staff-token');
    mockApi({
      'GET /api/v1/auth/user': () => json(userEnvelope(makeUser())),
      [STORE]: () => json(store),
    });
    const app = renderApp(`/join/${TOKEN}`);
    expect(await screen.findByRole('heading', { name: 'Join Ben Ali Tripoli' })).toBeInTheDocument();
    expect(app.pathname()).toBe(`/join/${TOKEN}`);
  });
});
