import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';

interface NotificationBellProps {
  count: number;
}

export function NotificationBell({ count }: NotificationBellProps) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Indicator
      label={format.number(count)}
      size={18}
      color="red"
      offset={4}
      disabled={count === 0}
      data-testid="notification-badge"
    >
      <ActionIcon
        variant="subtle"
        color="gray"
        size="lg"
        radius="xl"
        aria-label={`${t('dashboard.notifications')} (${t('dashboard.notificationsCount', { count })})`}
      >
        <IconBell size={22} />
      </ActionIcon>
    </Indicator>
  );
}
