import { AppShell } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { MAIN_ID } from '@/components/skip-link';
import { ToastViewport } from '@/components/toast-viewport';
import { useCurrentUser } from '@/lib/session/current-user';
import { clearSession } from '@/lib/session/session';
import { OthersWaitingNotice } from './components/others-waiting-notice';
import { TopBar } from './components/top-bar';

/** Shell of every sign-in-required page: top bar, then the page. */
export function SignedInLayout() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const navigate = useNavigate();

  // Spec section 2: if the user cannot be fetched, back to /login (signed out, section 4).
  useEffect(() => {
    if (user.isError) {
      clearSession(queryClient);
      void navigate('/login', { replace: true });
    }
  }, [user.isError, queryClient, navigate]);

  if (!user.data) return <PageLoader />;

  return (
    <AppShell header={{ height: 68 }} padding={0}>
      <TopBar user={user.data} />
      <AppShell.Main bg="gray.0" id={MAIN_ID} tabIndex={-1}>
        {user.data.role !== 'pos_user' && <OthersWaitingNotice userId={user.data.id} />}
        <Outlet />
      </AppShell.Main>
      <ToastViewport />
    </AppShell>
  );
}
