import { Alert } from '@mantine/core';
import { IconCloudOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/**
 * In place of figures the server has not sent because the network is gone: says so, in words
 * ("Offline: ... when the connection is back"), instead of a grey box or a spinner that never ends.
 */
export function OfflinePlaceholder({ what }: { what: 'activity' | 'rewards' }) {
  const { t } = useTranslation();
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconCloudOff size={20} aria-hidden />}
      data-testid="offline-placeholder"
    >
      {t(`pos.offline.placeholder.${what}`)}
    </Alert>
  );
}
