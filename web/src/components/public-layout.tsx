import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { PublicFooter } from './public-footer';
import { PublicHeader } from './public-header';
import { MAIN_ID } from './skip-link';

/** Header, page and footer of the public pages; the footer stays at the bottom of short pages. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }}>
      <PublicHeader />
      <Box component="main" id={MAIN_ID} tabIndex={-1} style={{ flex: 1 }}>
        {children}
      </Box>
      <PublicFooter />
    </Box>
  );
}
