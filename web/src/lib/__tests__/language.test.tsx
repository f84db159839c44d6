import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createI18n, i18n, LANGUAGE_STORAGE_KEY } from '@/lib/i18n';
import { meta } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

const html = () => document.documentElement;

describe('language', () => {
  it('defaults to Arabic, right to left', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(html()).toHaveAttribute('lang', 'ar');
    expect(html()).toHaveAttribute('dir', 'rtl');
    expect(i18n.language).toBe('ar');
  });

  it('switches to English, left to right, and remembers the choice', async () => {
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: 'English' }));

    await waitFor(() => expect(html()).toHaveAttribute('dir', 'ltr'));
    expect(html()).toHaveAttribute('lang', 'en');
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(screen.getByRole('heading', { name: 'Key features' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'العربية' })).toBeInTheDocument();

    await app.user.click(screen.getByRole('button', { name: 'العربية' }));
    await waitFor(() => expect(html()).toHaveAttribute('dir', 'rtl'));
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ar');
  });

  it('keeps the saved choice after a reload', async () => {
    const app = renderApp('/');
    await app.user.click(await screen.findByRole('button', { name: 'English' }));
    await waitFor(() => expect(html()).toHaveAttribute('lang', 'en'));

    // A reload starts from index.html (Arabic) and a fresh i18n instance.
    html().setAttribute('lang', 'ar');
    html().setAttribute('dir', 'rtl');
    const reloaded = createI18n();

    expect(reloaded.language).toBe('en');
    expect(html()).toHaveAttribute('lang', 'en');
    expect(html()).toHaveAttribute('dir', 'ltr');
  });

  it('ignores an unknown saved language', () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(createI18n().language).toBe('ar');
    expect(html()).toHaveAttribute('dir', 'rtl');
  });

  it('sends the current language as Accept-Language', async () => {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    await i18n.changeLanguage('en');
    const api = mockApi({ 'GET /api/v1/meta': () => json(meta(false)) });
    renderApp('/login');

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    await waitFor(() => expect(api.requestsTo('GET /api/v1/meta')).toHaveLength(1));
    expect(api.requestsTo('GET /api/v1/meta')[0]?.headers.get('Accept-Language')).toBe('en');
  });
});
