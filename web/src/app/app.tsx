import { useState } from 'react';
import { lazyQueryClient } from '@/lib/lazy-query-client';
import { AppProviders } from './providers';
import { AppRouter } from './router';

export function App() {
  const [queryClient] = useState(() =>
    lazyQueryClient(async () => (await import('./query-client')).createQueryClient()),
  );
  return (
    <AppProviders queryClient={queryClient}>
      <AppRouter queryClient={queryClient} />
    </AppProviders>
  );
}
