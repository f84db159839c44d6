import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconCloudCheck, IconCloudDown, IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useOfflineReady, useOnline } from '../offline/use-offline-ready';

/**
 * A small line the cashier can glance at: whether this till can go on without the network yet
 * (the service worker holds the app), and whether the network is gone right now.
 */
export function OfflineStatus() {
  const { t } = useTranslation();
  const ready = useOfflineReady();
  const online = useOnline();
  if (ready === null && online) return null;

  let state: 'offline' | 'offlineNotReady' | 'ready' | 'preparing';
  if (!online) state = ready === false ? 'offlineNotReady' : 'offline';
  else state = ready ? 'ready' : 'preparing';
  const look = {
    offline: { color: 'orange', icon: IconCloudOff },
    offlineNotReady: { color: 'red', icon: IconCloudOff },
    ready: { color: 'teal', icon: IconCloudCheck },
    preparing: { color: 'gray', icon: IconCloudDown },
  }[state];
  const StateIcon = look.icon;

  return (
    <Group gap={6} wrap="nowrap" role="status" data-testid="offline-status" data-state={state}>
      <ThemeIcon variant="light" color={look.color} size="sm" radius="xl" aria-hidden>
        <StateIcon size={14} />
      </ThemeIcon>
      <Text size="sm" c={state === 'ready' || state === 'preparing' ? 'dimmed' : undefined} fw={500}>
        {t(`pos.offline.status.${state}`)}
      </Text>
    </Group>
  );
}
