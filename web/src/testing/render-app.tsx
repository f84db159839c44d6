import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation, type Location } from 'react-router';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/app/query-client';
import { AppRouter } from '@/app/router';
import { lazyQueryClient } from '@/lib/lazy-query-client';

/** Renders the whole app (real routes, guards and i18n) at `path`, with in-memory history. */
export function renderApp(path: string) {
  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const lazyClient = lazyQueryClient(() => Promise.resolve(queryClient));
  const seen: { location: Location | null } = { location: null };
  function LocationProbe() {
    seen.location = useLocation();
    return null;
  }
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={lazyClient} env="test">
      <AppRouter queryClient={lazyClient} initialEntries={[path]}>
        <LocationProbe />
      </AppRouter>
    </AppProviders>,
  );
  /** The router's current location (as last rendered). */
  const location = (): Location => {
    if (!seen.location) throw new Error('the router has not rendered yet');
    return seen.location;
  };
  return { ...view, queryClient, user, location, pathname: () => location().pathname };
}
