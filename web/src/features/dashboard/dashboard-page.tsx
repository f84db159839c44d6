import { Container, Stack } from '@mantine/core';
import { Suspense, type ComponentType } from 'react';
import { PageLoader } from '@/components/page-loader';
import type { Role } from '@/lib/api/types';
import { useCurrentUser } from '@/lib/session/current-user';
import { InvalidRoleNotice } from './components/invalid-role-notice';
import { WelcomeBanner } from './components/welcome-banner';

/**
 * The body of a role's dashboard. Each lives in its own feature and is loaded on demand; the
 * app layer hands them in, so this feature does not import the others.
 */
export type RoleViews = Partial<Record<Role, ComponentType>>;

interface DashboardPageProps {
  roleViews: RoleViews;
}

export function DashboardPage({ roleViews }: DashboardPageProps) {
  const { data: user } = useCurrentUser();
  // The layout renders pages only once the user is loaded.
  if (!user) return <PageLoader />;

  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <WelcomeBanner name={user.name} role={user.role} />
        <Suspense fallback={<PageLoader />}>
          <DashboardBody role={user.role} roleViews={roleViews} />
        </Suspense>
      </Stack>
    </Container>
  );
}

function DashboardBody({ role, roleViews }: { role: string; roleViews: RoleViews }) {
  const View = isRole(role, roleViews) ? roleViews[role] : undefined;
  return View ? <View /> : <InvalidRoleNotice />;
}

function isRole(role: string, roleViews: RoleViews): role is Role {
  return Object.hasOwn(roleViews, role);
}
