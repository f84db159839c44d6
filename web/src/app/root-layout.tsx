import { Box } from '@mantine/core';
import { useLayoutEffect } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { SkipLink } from '@/components/skip-link';
import classes from './root-layout.module.css';
import { RouteErrorBoundary } from './route-error-page';

/** What a route shows while its guard runs or its lazy page loads: a progress bar and a loader. */
export function RouteLoading() {
  return (
    <>
      <Box className={classes.progress} role="progressbar" aria-busy />
      <PageLoader />
    </>
  );
}

/** A new page starts at the top; going back or forward leaves the scrolling to the browser. */
function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useLayoutEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}

export function RootLayout() {
  const { pathname } = useLocation();
  return (
    <>
      <SkipLink />
      <RouteErrorBoundary pathname={pathname}>
        <ScrollToTop />
        <Outlet />
      </RouteErrorBoundary>
    </>
  );
}
