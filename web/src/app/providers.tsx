import { DirectionProvider, MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { directionOf, i18n } from '@/lib/i18n';
import { LazyQueryClientContext, type LazyQueryClient } from '@/lib/lazy-query-client';
import { cssVariablesResolver, theme } from './theme';

interface AppProvidersProps {
  /** The pages put react-query's provider around themselves once they and the client are loaded. */
  queryClient: LazyQueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals. */
  env?: 'default' | 'test';
}

export function AppProviders({ queryClient, children, env = 'default' }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      {/* lib/i18n writes <html dir>; DirectionProvider observes it and keeps Mantine in step. */}
      <DirectionProvider initialDirection={directionOf(i18n.language)} detectDirection>
        <MantineProvider
          theme={theme}
          cssVariablesResolver={cssVariablesResolver}
          env={env}
          defaultColorScheme="light"
        >
          <LazyQueryClientContext.Provider value={queryClient}>{children}</LazyQueryClientContext.Provider>
        </MantineProvider>
      </DirectionProvider>
    </I18nextProvider>
  );
}
