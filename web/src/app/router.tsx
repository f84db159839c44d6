import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, createMemoryRouter, type RouteObject } from 'react-router';
import { LoginPage } from '@/features/auth/login-page';
import { NotFoundPage } from '@/features/public/not-found-page';
import { setUnauthorizedHandler } from '@/lib/api/client';
import { loadPagesDictionary } from '@/lib/i18n';
import { clearSession } from '@/lib/session/current-user';
import { PageLoader } from '@/components/page-loader';
import { createGuards, SIGN_IN_PATH } from './guards';
import { roleViews } from './role-views';
import { RootLayout } from './root-layout';
import { RouteErrorPage } from './route-error-page';

/**
 * A lazy route's module, loaded together with the part of the Arabic dictionary that only the
 * lazy routes use (their pages render once both are here).
 */
async function withPages<T>(load: () => Promise<T>): Promise<T> {
  const [module] = await Promise.all([load(), loadPagesDictionary()]);
  return module;
}

/** Route table of spec section 2. Only login and not-found are in the first bundle. */
export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const guards = createGuards(queryClient);
  return [
    {
      id: 'root',
      Component: RootLayout,
      ErrorBoundary: RouteErrorPage,
      HydrateFallback: PageLoader,
      children: [
        {
          index: true,
          loader: guards.guestsOnly,
          lazy: async () => ({
            Component: (await withPages(() => import('@/features/home/home-page'))).HomePage,
          }),
        },
        { path: 'login', loader: guards.guestsOnly, Component: LoginPage },
        {
          path: 'check-points',
          loader: guards.guestsOnly,
          lazy: async () => ({
            Component: (await withPages(() => import('@/features/public/check-points-page'))).CheckPointsPage,
          }),
        },
        {
          path: 'about',
          loader: guards.everyone,
          lazy: async () => ({
            Component: (await withPages(() => import('@/features/public/about-page'))).AboutPage,
          }),
        },
        {
          // The registration URL a store's QR code encodes; staff may open it too.
          path: 'join/:token',
          loader: guards.everyone,
          lazy: async () => ({
            Component: (await withPages(() => import('@/features/public/join-page'))).JoinPage,
          }),
        },
        {
          id: 'signed-in',
          loader: guards.requireSignIn,
          lazy: async () => ({
            Component: (await withPages(() => import('@/features/dashboard/signed-in-layout')))
              .SignedInLayout,
          }),
          children: [
            {
              path: 'dashboard',
              lazy: async () => {
                const { DashboardPage } = await import('@/features/dashboard/dashboard-page');
                return { Component: () => <DashboardPage roleViews={roleViews} /> };
              },
            },
            {
              path: 'customer/:id',
              lazy: async () => ({
                Component: (await import('@/features/customers/customer-detail-page')).CustomerDetailPage,
              }),
            },
            {
              path: 'customer/:id/history',
              lazy: async () => ({
                Component: (await import('@/features/customers/customer-history-page')).CustomerHistoryPage,
              }),
            },
            {
              // Target of the customer page's quick actions: /create-invoice?customer_id={id}.
              path: 'create-invoice',
              lazy: async () => ({
                Component: (await import('@/features/pos/create-invoice-page')).CreateInvoicePage,
              }),
            },
            {
              path: 'redeem-rewards',
              lazy: async () => ({
                Component: (await import('@/features/pos/redeem-rewards-page')).RedeemRewardsPage,
              }),
            },
          ],
        },
        { path: '*', Component: NotFoundPage },
      ],
    },
  ];
}

export interface AppRouterOptions {
  /** Use an in-memory history starting here (tests). */
  initialEntries?: string[];
}

export function createAppRouter(queryClient: QueryClient, options: AppRouterOptions = {}) {
  const routes = createRoutes(queryClient);
  const router = options.initialEntries
    ? createMemoryRouter(routes, { initialEntries: options.initialEntries })
    : createBrowserRouter(routes);

  // Spec section 8: any 401 (but the login call's) ends the session and goes to /login.
  setUnauthorizedHandler(() => {
    clearSession(queryClient);
    if (router.state.location.pathname !== SIGN_IN_PATH) {
      void router.navigate(SIGN_IN_PATH, { replace: true });
    }
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
