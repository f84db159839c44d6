import { Alert, Container } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { othersSales } from '@/lib/offline/sale-queue';

/**
 * For a user who does not sell (an owner, an admin) on a browser a cashier used: the sales a
 * cashier made offline here and has not sent are not lost from sight (docs/offline.md). A
 * cashier sees them, and can send them, on the till itself.
 */
export function OthersWaitingNotice({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const waiting = useQuery({
    queryKey: ['offline-queue', 'others', userId],
    queryFn: async () => (await othersSales(userId)).length,
    networkMode: 'always',
    staleTime: 60_000,
  });
  if (!waiting.data) return null;
  return (
    <Container size="xl" pt="md">
      <Alert
        color="grape"
        variant="light"
        icon={<IconUsers size={20} aria-hidden />}
        data-testid="others-waiting"
      >
        {t('dashboard.othersWaiting.notice', { count: waiting.data })}
      </Alert>
    </Container>
  );
}
