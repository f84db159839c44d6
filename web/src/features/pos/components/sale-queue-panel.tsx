import { Button, Group, Stack, Text } from '@mantine/core';
import { IconCloudOff, IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import type { useSaleQueue } from '../offline/use-sale-queue';
import { Notice } from '@/components/notice';

/** The sales waiting for the connection, and the ones the server refused (docs/offline.md). */
export function SaleQueuePanel({ queue }: { queue: ReturnType<typeof useSaleQueue> }) {
  const { t } = useTranslation();
  const format = useFormat();
  if (queue.waiting.length === 0 && queue.attention.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="sale-queue">
      {queue.waiting.length > 0 && (
        <Notice color="orange" icon={IconCloudOff} role="status">
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={600} data-testid="waiting-count">
              {t('pos.offline.waiting', { count: queue.waiting.length })}
            </Text>
            <Button size="xs" variant="light" color="orange" onClick={() => void queue.sendNow()}>
              {t('pos.offline.sendNow')}
            </Button>
          </Group>
        </Notice>
      )}
      {queue.attention.length > 0 && (
        <Notice color="red" icon={IconAlertTriangle} title={t('pos.offline.attentionTitle')}>
          <Stack gap={6}>
            {queue.attention.map((sale) => (
              <Group key={sale.id} justify="space-between" gap="sm" wrap="nowrap">
                <Text size="sm">
                  <bdi>{sale.customerName}</bdi> · {format.lyd(sale.body.total_cost)} · {sale.message}
                </Text>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  onClick={() => sale.id !== undefined && void queue.discard(sale.id)}
                >
                  {t('pos.offline.discard')}
                </Button>
              </Group>
            ))}
          </Stack>
        </Notice>
      )}
    </Stack>
  );
}
