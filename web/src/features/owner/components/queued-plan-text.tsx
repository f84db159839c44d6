import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isolate, useFormat } from '@/lib/format';
import type { SubscriptionStatus } from '../types';

interface QueuedPlanTextProps {
  status: SubscriptionStatus;
  /** Whether to say the queued plan and its day (the subscription tab already lists them). */
  withQueued?: boolean;
}

/**
 * What a plan queued after the current one means: it starts on its day (so nothing needs
 * renewing), and, when its package allows fewer stores than the owner has, by how many the owner
 * will be over its limit from that day and what to do before then.
 */
export function QueuedPlanText({ status, withQueued = true }: QueuedPlanTextProps) {
  const { t } = useTranslation('owner');
  const common = useTranslation().t;
  const format = useFormat();
  const next = status.next_subscription;
  if (!next) return null;
  const over = status.stores_over_next_limit;
  const stores = (value: number) =>
    common('planChange.stores', { count: value, value: format.number(value) });
  const name = isolate(next.package.name);
  const date = format.date(next.starts_at);
  return (
    <>
      {withQueued && (
        <Text size="sm" data-testid="queued-plan">
          {t('ribbon.nextQueued', { name, date })}
        </Text>
      )}
      {over > 0 && (
        <Text size="sm" data-testid="queued-plan-over-limit">
          <strong>
            {t('ribbon.nextOverLimit', {
              date,
              name,
              over: stores(over),
              limit: stores(next.package.store_limit),
              used: stores(status.current_store_count),
            })}
          </strong>{' '}
          {t('ribbon.nextOverLimitNext')}
        </Text>
      )}
    </>
  );
}
