import { lazy, Suspense, useEffect, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router';
import { LoginPage } from '@/features/auth/login-page';
import { NotFoundPage } from '@/features/public/not-found-page';
import { setUnauthorizedHandler } from '@/lib/api/client';
import { loadPagesDictionary, loadPublicDictionary } from '@/lib/i18n';
import type { LazyQueryClient } from '@/lib/lazy-query-client';
import { rememberReturn } from '@/lib/session/return-to';
import { clearSession } from '@/lib/session/session';
import { getToken } from '@/lib/session/token-store';
import { createGuards, SIGN_IN_PATH, type Guard } from './guards';
import { roleViews } from './role-views';
import { RootLayout, RouteLoading } from './root-layout';

/**
 * The lazy pages of one app. Each is loaded together with the part of the Arabic dictionary that
 * only the lazy routes use and, unless it asks no server for anything (`queries: false`: the home,
 * about and check-points pages, which wait only for the public pages' small part of it), with the
 * query client (react-query's code), and shows the loading state until all are here. (Each has its own boundary, named after the page, so going from one lazy page to
 * another shows that state too.)
 *
 * The page at `openedAt` (the address the app was opened at) starts loading at once, while the
 * first render and the guard run, rather than after them. (What each public page loads is
 * mirrored in vite.config.ts's `routePreload`, which starts it earlier still in a build.)
 */
function createPages(queryClient: LazyQueryClient, openedAt: string | undefined) {
  function lazyPage<M>(
    name: string,
    path: string | null,
    load: () => Promise<M>,
    pick: (module: M) => ComponentType,
    { queries = true }: { queries?: boolean } = {},
  ): ReactNode {
    // Each part is fetched once however often it is asked for (modules, client, dictionary).
    const loadAll = () =>
      Promise.all([
        load(),
        queries ? Promise.all([queryClient.get(), import('@tanstack/react-query')]) : null,
        // The public pages that ask no server need only their own small part of the dictionary.
        queries ? loadPagesDictionary() : loadPublicDictionary(),
      ]);
    if (path !== null && path === openedAt) void loadAll().catch(() => {});
    const Page = lazy(async () => {
      const [module, withQueries] = await loadAll();
      const Picked = pick(module);
      if (!withQueries) return { default: Picked };
      const [client, { QueryClientProvider }] = withQueries;
      return {
        default: function WithQueryClient() {
          return (
            <QueryClientProvider client={client}>
              <Picked />
            </QueryClientProvider>
          );
        },
      };
    });
    return (
      <Suspense key={name} fallback={<RouteLoading />}>
        <Page />
      </Suspense>
    );
  }

  return {
    homePage: lazyPage(
      'HomePage',
      '/',
      () => import('@/features/home/home-page'),
      (m) => m.HomePage,
      { queries: false },
    ),
    checkPointsPage: lazyPage(
      'CheckPointsPage',
      '/check-points',
      () => import('@/features/public/check-points-page'),
      (m) => m.CheckPointsPage,
      { queries: false },
    ),
    aboutPage: lazyPage(
      'AboutPage',
      '/about',
      () => import('@/features/public/about-page'),
      (m) => m.AboutPage,
      { queries: false },
    ),
    joinPage: lazyPage(
      'JoinPage',
      null,
      () => import('@/features/public/join-page'),
      (m) => m.JoinPage,
    ),
    customerPage: lazyPage(
      'CustomerPagePage',
      null,
      () => import('@/features/public/customer-page'),
      (m) => m.CustomerPagePage,
    ),
    claimPage: lazyPage(
      'ClaimPage',
      null,
      () => import('@/features/public/claim-page'),
      (m) => m.ClaimPage,
    ),
    signedInLayout: lazyPage(
      'SignedInLayout',
      null,
      () => import('@/features/dashboard/signed-in-layout'),
      (m) => m.SignedInLayout,
    ),
    dashboardPage: lazyPage(
      'DashboardPage',
      null,
      () => import('@/features/dashboard/dashboard-page'),
      (m) =>
        function Dashboard() {
          return <m.DashboardPage roleViews={roleViews} />;
        },
    ),
    customerDetailPage: lazyPage(
      'CustomerDetailPage',
      null,
      () => import('@/features/customers/customer-detail-page'),
      (m) => m.CustomerDetailPage,
    ),
    customerHistoryPage: lazyPage(
      'CustomerHistoryPage',
      null,
      () => import('@/features/customers/customer-history-page'),
      (m) => m.CustomerHistoryPage,
    ),
    createInvoicePage: lazyPage(
      'CreateInvoicePage',
      null,
      () => import('@/features/pos/create-invoice-page'),
      (m) => m.CreateInvoicePage,
    ),
    redeemRewardsPage: lazyPage(
      'RedeemRewardsPage',
      null,
      () => import('@/features/pos/redeem-rewards-page'),
      (m) => m.RedeemRewardsPage,
    ),
  };
}

/**
 * Runs the route's guard, then shows the route (so a lazy page is fetched only if allowed). Give
 * it the route's name as `key`: its guard runs when the route is entered, not on every change
 * below it.
 */
function Guarded({ guard, children }: { guard: Guard; children: ReactNode }) {
  // undefined while the guard runs; then where to go instead, or null to show the route.
  const [redirectTo, setRedirectTo] = useState<string | null>();
  const { pathname, search } = useLocation();
  const hereRef = useRef(pathname + search);
  useEffect(() => {
    hereRef.current = pathname + search;
  }, [pathname, search]);

  useEffect(() => {
    let current = true;
    void guard().then((to) => {
      if (!current) return;
      // A visitor sent to sign in comes back here afterwards.
      if (to === SIGN_IN_PATH) rememberReturn(hereRef.current, false);
      setRedirectTo(to);
    });
    return () => {
      current = false;
    };
  }, [guard]);

  if (redirectTo === undefined) return <RouteLoading />;
  if (redirectTo !== null) return <Navigate to={redirectTo} replace />;
  return children;
}

/**
 * Spec section 8: any 401 (but the login call's) ends the session and goes to /login. The page
 * it happened on is remembered, the sign-in page says the session has ended, and signing in
 * comes back to that page (a draft sale is kept in the browser meanwhile).
 */
function UnauthorizedRedirect({ queryClient }: { queryClient: LazyQueryClient }) {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const locationRef = useRef({ pathname, search });
  useEffect(() => {
    locationRef.current = { pathname, search };
  }, [pathname, search]);

  useEffect(() => {
    setUnauthorizedHandler(() => {
      const here = locationRef.current;
      const hadSession = getToken() !== null;
      clearSession(queryClient.peek());
      if (here.pathname === SIGN_IN_PATH) return;
      rememberReturn(here.pathname + here.search, hadSession);
      void navigate(SIGN_IN_PATH, { replace: true });
    });
    return () => setUnauthorizedHandler(() => {});
  }, [queryClient, navigate]);
  return null;
}

/**
 * Route table of spec section 2. Only login and not-found are in the first bundle. (Sign-in as a
 * lazy chunk of its own saved 9 KB of the first page but, split from the code it shares with the
 * other public pages, took /login from 12 requests to 42 and /check-points from 31 to 51, and
 * their Lighthouse LCP 0.5 s later, medians of three runs.) (The declarative routes: the data router's loaders would put
 * twice as much router in the first page, and the guards are all this app needs of them.)
 */
function AppRoutes({ queryClient, openedAt }: { queryClient: LazyQueryClient; openedAt?: string }) {
  const [guards] = useState(() => createGuards(queryClient));
  const [pages] = useState(() => createPages(queryClient, openedAt));
  const guarded = (route: string, guard: Guard, page: ReactNode) => (
    <Guarded key={route} guard={guard}>
      {page}
    </Guarded>
  );
  return (
    <>
      <UnauthorizedRedirect queryClient={queryClient} />
      <Routes>
        <Route element={<RootLayout />}>
          <Route index element={guarded('home', guards.guestsOnly, pages.homePage)} />
          <Route path="login" element={guarded('login', guards.guestsOnly, <LoginPage />)} />
          <Route
            path="check-points"
            element={guarded('check-points', guards.guestsOnly, pages.checkPointsPage)}
          />
          <Route path="about" element={guarded('about', guards.everyone, pages.aboutPage)} />
          {/* The registration URL a store's QR code encodes; staff may open it too. */}
          <Route path="join/:token" element={guarded('join', guards.everyone, pages.joinPage)} />
          {/* The customer's own page a sale shares, and a cash receipt's points claim. */}
          <Route path="me/:token" element={guarded('me', guards.everyone, pages.customerPage)} />
          <Route path="claim/:token" element={guarded('claim', guards.everyone, pages.claimPage)} />
          <Route element={guarded('signed-in', guards.requireSignIn, pages.signedInLayout)}>
            <Route path="dashboard" element={pages.dashboardPage} />
            <Route path="customer/:id" element={pages.customerDetailPage} />
            <Route path="customer/:id/history" element={pages.customerHistoryPage} />
            {/* Target of the customer page's quick actions: /create-invoice?customer_id={id}. */}
            <Route path="create-invoice" element={pages.createInvoicePage} />
            <Route path="redeem-rewards" element={pages.redeemRewardsPage} />
          </Route>
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </>
  );
}

export interface AppRouterProps {
  queryClient: LazyQueryClient;
  /** Use an in-memory history starting here (tests). */
  initialEntries?: string[];
  children?: ReactNode;
}

/** The app's routes in the browser's history, or in memory for tests. */
export function AppRouter({ queryClient, initialEntries, children }: AppRouterProps) {
  const routes = (
    <>
      {/* In the browser, a guest's first address: its public page starts loading at once (a
          signed-in user is sent on to the dashboard instead). */}
      <AppRoutes
        queryClient={queryClient}
        openedAt={initialEntries || getToken() !== null ? undefined : window.location.pathname}
      />
      {children}
    </>
  );
  return initialEntries ? (
    <MemoryRouter initialEntries={initialEntries}>{routes}</MemoryRouter>
  ) : (
    <BrowserRouter>{routes}</BrowserRouter>
  );
}
