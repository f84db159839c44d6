import {
  ActionIcon,
  Anchor,
  AppShell,
  Avatar,
  Button,
  Container,
  Group,
  Modal,
  Stack,
  Text,
} from '@mantine/core';
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
import { unsentCount } from '@/lib/offline/sale-queue';
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

  // Sales made offline on this device and not sent yet: asked about before signing out.
  const [unsent, setUnsent] = useState<number | null>(null);

  async function handleSignOut(anyway = false) {
    if (!anyway) {
      const count = await unsentCount(user.id).catch(() => 0);
      if (count > 0) {
        setUnsent(count);
        return;
      }
    }
    setUnsent(null);
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
            <NotificationBell />
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
      <Modal
        opened={unsent !== null}
        onClose={() => setUnsent(null)}
        title={t('dashboard.signOutWaiting.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        centered
      >
        <Stack gap="md" data-testid="sign-out-waiting">
          <Text fw={600}>{t('dashboard.signOutWaiting.body', { count: unsent ?? 0 })}</Text>
          <Text size="sm">{t('dashboard.signOutWaiting.after')}</Text>
          <Group justify="flex-end" gap="sm">
            {/* Focus starts on staying: Enter alone never leaves the sales behind. */}
            <Button variant="default" data-autofocus onClick={() => setUnsent(null)}>
              {t('dashboard.signOutWaiting.stay')}
            </Button>
            <Button color="red" onClick={() => void handleSignOut(true)}>
              {t('dashboard.signOutWaiting.confirm')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </AppShell.Header>
  );
}
