import { Box } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import classes from './root-layout.module.css';

export function RootLayout() {
  const navigation = useNavigation();
  return (
    <>
      {navigation.state !== 'idle' && <Box className={classes.progress} role="progressbar" aria-busy />}
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
