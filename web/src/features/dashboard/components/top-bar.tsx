import { ActionIcon, Anchor, AppShell, Avatar, Button, Container, Group, Stack, Text } from '@mantine/core';
import { IconLogout } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { BrandMark } from '@/components/brand-mark';
import { LanguageSwitcher } from '@/components/language-switcher';
import { useWideHeader } from '@/components/use-wide-header';
import type { User } from '@/lib/api/types';
import { initialsOf } from '@/lib/format';
import { roleLabelKey } from '@/lib/roles';
import { signOut } from '@/lib/session/current-user';
import { NotificationBell } from './notification-bell';

interface TopBarProps {
  user: User;
}

export function TopBar({ user }: TopBarProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);
  const wide = useWideHeader();

  async function handleSignOut() {
    setSigningOut(true);
    await signOut(queryClient);
    await navigate('/login', { replace: true });
  }

  const roleLabel = t(roleLabelKey(user.role) as 'roles.admin', { defaultValue: user.role });

  return (
    <AppShell.Header withBorder>
      <Container size="xl" h="100%">
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to="/dashboard" underline="never">
            <BrandMark size="sm" />
          </Anchor>
          <Group gap="sm" wrap="nowrap">
            <LanguageSwitcher visibleFrom="sm" />
            <LanguageSwitcher compact hiddenFrom="sm" />
            <NotificationBell count={3} />
            <Group gap="xs" wrap="nowrap" data-testid="current-user">
              <Avatar color="brand" radius="xl" variant="filled" aria-hidden>
                {initialsOf(user.name)}
              </Avatar>
              <Stack gap={0} visibleFrom="sm">
                <Text size="sm" fw={600} lh={1.3} data-testid="current-user-name">
                  {user.name}
                </Text>
                <Text size="xs" c="dimmed" lh={1.3} data-testid="current-user-role">
                  {roleLabel}
                </Text>
              </Stack>
            </Group>
            {wide ? (
              <Button
                variant="light"
                color="red"
                leftSection={<IconLogout size={18} className="mirror-in-rtl" aria-hidden />}
                onClick={() => void handleSignOut()}
                loading={signingOut}
              >
                {t('dashboard.signOut')}
              </Button>
            ) : (
              // A phone has no room for the words (Arabic's are long): the icon, named.
              <ActionIcon
                variant="light"
                color="red"
                size="lg"
                onClick={() => void handleSignOut()}
                loading={signingOut}
                aria-label={t('dashboard.signOut')}
                title={t('dashboard.signOut')}
              >
                <IconLogout size={20} className="mirror-in-rtl" aria-hidden />
              </ActionIcon>
            )}
          </Group>
        </Group>
      </Container>
    </AppShell.Header>
  );
}
