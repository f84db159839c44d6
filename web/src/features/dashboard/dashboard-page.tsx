import { Container, Stack } from '@mantine/core';
import { PageLoader } from '@/components/page-loader';
import { useCurrentUser } from '@/lib/session/current-user';
import { InvalidRoleNotice } from './components/invalid-role-notice';
import { RolePlaceholder } from './components/role-placeholder';
import { WelcomeBanner } from './components/welcome-banner';

export function DashboardPage() {
  const { data: user } = useCurrentUser();
  // The layout renders pages only once the user is loaded.
  if (!user) return <PageLoader />;

  return (
    <Container size="xl" py="xl">
      <Stack gap="xl">
        <WelcomeBanner name={user.name} role={user.role} />
        <DashboardBody role={user.role} />
      </Stack>
    </Container>
  );
}

function DashboardBody({ role }: { role: string }) {
  switch (role) {
    case 'admin':
      return <RolePlaceholder view="admin" />;
    case 'store_owner':
      return <RolePlaceholder view="storeOwner" />;
    case 'pos_user':
      return <RolePlaceholder view="posUser" />;
    default:
      return <InvalidRoleNotice />;
  }
}
