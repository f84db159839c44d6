import { useState } from 'react';
import { AppProviders } from './providers';
import { createQueryClient } from './query-client';
import { AppRouter } from './router';

export function App() {
  const [queryClient] = useState(createQueryClient);
  return (
    <AppProviders queryClient={queryClient}>
      <AppRouter queryClient={queryClient} />
    </AppProviders>
  );
}
