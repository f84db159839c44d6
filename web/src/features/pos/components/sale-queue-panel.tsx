import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconPencil, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolate, useFormat } from '@/lib/format';
import type { QueuedSale } from '@/lib/offline/sale-queue';
import { useCurrentUser } from '@/lib/session/current-user';
import { useStoreRules } from '../api/get-store-rules';
import { describeRefusal, needsRules } from '../offline/describe-refusal';
import type { useSaleQueue } from '../offline/use-sale-queue';
import { Notice } from '@/components/notice';

/**
 * The sales waiting for the connection, the ones the server refused (each saying why, with "key
 * it again" and "discard"), and the ones another cashier left on this device (docs/offline.md).
 */
interface SaleQueuePanelProps {
  queue: ReturnType<typeof useSaleQueue>;
  /** "Key it again": the refused sale's customer and total go back into the form. */
  onKeyAgain?: (sale: QueuedSale) => void;
}

export function SaleQueuePanel({ queue, onKeyAgain }: SaleQueuePanelProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const userId = useCurrentUser().data?.id ?? null;
  // A refusal that names the store's maximum reads it from the server as it is now.
  const rules = useStoreRules(queue.attention.some(needsRules));
  if (queue.waiting.length === 0 && queue.attention.length === 0 && queue.othersWaiting.length === 0)
    return null;
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
      {queue.othersWaiting.length > 0 && (
        <Alert
          color="grape"
          variant="light"
          icon={<IconUsers size={20} aria-hidden />}
          title={t('pos.offline.others.title', { count: queue.othersWaiting.length })}
          data-testid="others-waiting"
        >
          <Stack gap={6}>
            <Text size="sm">
              {queue.othersSendable.length > 0
                ? t('pos.offline.others.sendable')
                : t('pos.offline.others.notSendable')}
            </Text>
            <List size="sm" spacing={2}>
              {queue.othersWaiting.map((sale) => (
                <List.Item key={sale.id}>
                  {t('pos.offline.others.line', {
                    cashier: isolate(sale.userName ?? t('pos.offline.others.someone')),
                    customer: isolate(sale.customerName),
                    total: format.lyd(sale.body.total_cost),
                    at: format.dateTime(sale.queuedAt),
                  })}
                </List.Item>
              ))}
            </List>
            {queue.othersSendable.length > 0 && (
              <Group>
                <Button size="xs" color="grape" variant="light" onClick={() => void queue.sendOthers()}>
                  {t('pos.offline.others.send')}
                </Button>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      {queue.attention.length > 0 && (
        <Notice
          color="red"
          icon={IconAlertTriangle}
          title={t('pos.offline.attentionTitle')}
          data-testid="sale-attention"
        >
          <List listStyleType="none" spacing="sm">
            {queue.attention.map((sale) => (
              <List.Item key={sale.id} data-testid="refused-sale">
                <Stack gap={4}>
                  <Text size="sm" fw={600}>
                    <bdi>{sale.customerName}</bdi> · {format.lyd(sale.body.total_cost)}
                  </Text>
                  {sale.userId !== userId && (
                    <Text size="xs">
                      {t('pos.offline.others.by', {
                        name: isolate(sale.userName ?? t('pos.offline.others.someone')),
                      })}
                    </Text>
                  )}
                  <Text size="sm" data-testid="refusal-reason">
                    {describeRefusal(sale, t, format, { maxInvoiceTotal: rules.data?.max_invoice_total })}
                  </Text>
                  <Group gap="xs">
                    {onKeyAgain && (
                      <Button
                        size="xs"
                        variant="light"
                        color="red"
                        leftSection={<IconPencil size={14} aria-hidden />}
                        onClick={() => {
                          onKeyAgain(sale);
                          if (sale.id !== undefined) void queue.discard(sale.id);
                        }}
                      >
                        {t('pos.offline.keyAgain')}
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="subtle"
                      color="red"
                      onClick={() => sale.id !== undefined && void queue.discard(sale.id)}
                    >
                      {t('pos.offline.discard')}
                    </Button>
                  </Group>
                </Stack>
              </List.Item>
            ))}
          </List>
        </Notice>
      )}
    </Stack>
  );
}
