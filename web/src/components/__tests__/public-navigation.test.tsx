import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { meta } from '@/testing/fixtures';
import { json, mockApi } from '@/testing/mock-api';
import { renderApp } from '@/testing/render-app';

/** A screen at least as wide as every `min-width` query asks (jsdom's stub answers "phone"). */
function wideScreen() {
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (query: string) =>
      ({
        matches: query.includes('min-width'),
        media: query,
        onchange: null,
        addListener: vi.fn(),
        removeListener: vi.fn(),
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
        dispatchEvent: vi.fn(),
      }) as MediaQueryList,
  );
}

describe('skip link', () => {
  it('is the first thing Tab reaches and moves focus to the main content', async () => {
    const app = renderApp('/check-points');
    const main = await screen.findByRole('main');
    await app.user.tab();
    const skip = screen.getByRole('link', { name: 'تخطَّ إلى المحتوى' });
    expect(skip).toHaveFocus();
    expect(skip).toHaveAttribute('href', '#main');

    await app.user.keyboard('{Enter}');
    expect(main).toHaveFocus();
    // The next Tab goes on from there: into the page, past the header.
    await app.user.tab();
    expect(main).toContainElement(document.activeElement as HTMLElement);
  });

  it('is translated', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /api/v1/meta': () => json(meta(false)) });
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    await app.user.tab();
    expect(screen.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await app.user.click(screen.getByRole('link', { name: 'Skip to content' }));
    expect(screen.getByRole('main')).toHaveFocus();
  });
});

describe('public navigation on a phone', () => {
  it('opens a menu that reaches check points and sign in, the current page marked', async () => {
    const app = renderApp('/check-points');
    await screen.findByRole('heading', { level: 1 });
    const burger = screen.getByRole('button', { name: 'القائمة' });
    expect(burger).toHaveAttribute('aria-expanded', 'false');

    await app.user.click(burger);
    const menu = await screen.findByRole('dialog', { name: 'القائمة' });
    expect(burger).toHaveAttribute('aria-expanded', 'true');
    const nav = within(menu).getByRole('navigation');
    expect(within(nav).getByRole('link', { name: 'استعلم عن نقاطك' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'الرئيسية' })).not.toHaveAttribute('aria-current');
    const signIn = within(nav).getByRole('link', { name: 'تسجيل الدخول' });
    expect(signIn).toHaveAttribute('href', '/login');

    mockApi({ 'GET /api/v1/meta': () => json(meta(false)) });
    await app.user.click(signIn);
    await waitFor(() => expect(app.pathname()).toBe('/login'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('is on the sign-in page too, in English', async () => {
    await i18n.changeLanguage('en');
    mockApi({ 'GET /api/v1/meta': () => json(meta(false)) });
    const app = renderApp('/login');
    await screen.findByRole('heading', { name: 'Sign in', level: 1 });
    await app.user.click(screen.getByRole('button', { name: 'Menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Check points' })).toHaveAttribute('href', '/check-points');
    expect(within(menu).getByRole('link', { name: 'Sign in' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
  });
});

describe('public navigation on a wide screen', () => {
  it('shows the links with the current page marked', async () => {
    wideScreen();
    await i18n.changeLanguage('en');
    renderApp('/check-points');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: 'Menu' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    expect(within(nav).getByRole('link', { name: 'Check points' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'About' })).not.toHaveAttribute('aria-current');
    expect(within(nav).getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    // The brand's link home is named after what it shows.
    expect(screen.getByRole('link', { name: 'Nuqat, home' })).toHaveAttribute('href', '/');
  });
});

describe('page structure', () => {
  it('puts every part of the sign-in page in a landmark, with one h1 and no heading before it', async () => {
    mockApi({ 'GET /api/v1/meta': () => json(meta(false)) });
    renderApp('/login');
    const h1 = await screen.findByRole('heading', { level: 1 });
    expect(screen.getAllByRole('heading').indexOf(h1)).toBe(0);
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('main')).toContainElement(h1);
    // The brand panel beside the form.
    expect(screen.getByRole('complementary')).toHaveTextContent('اجعل كل عملية شراء سببًا للعودة');
  });

  it('gives the home page h1 then h2 then h3', async () => {
    renderApp('/');
    await screen.findByRole('heading', { level: 1 });
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    expect(levels[0]).toBe(1);
    for (const [i, level] of levels.entries()) {
      if (i > 0) expect(level, `heading ${i}`).toBeLessThanOrEqual(levels[i - 1]! + 1);
    }
  });
});
