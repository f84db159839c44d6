import { Button, Group, Text } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import {
  RIBBON_COLORS,
  readRibbonDismissed,
  rememberRibbonDismissed,
  ribbonBand,
  ribbonVisible,
} from '../ribbon';
import type { SubscriptionStatus } from '../types';
import { Notice } from '@/components/notice';
import { QueuedPlanText } from './queued-plan-text';

interface ExpirationRibbonProps {
  status: SubscriptionStatus | undefined;
  onRenew: () => void;
}

/**
 * Spec section 4: a dismissible warning when the plan ends within 30 days. With a plan already
 * queued after it (issue #35) there is nothing to renew: it says when that plan starts instead.
 */
export function ExpirationRibbon({ status, onRenew }: ExpirationRibbonProps) {
  const { t } = useTranslation('owner');
  const common = useTranslation().t;
  const format = useFormat();
  const [dismissed, setDismissed] = useState(readRibbonDismissed);
  const plan = status?.active_subscription;
  if (!status || !plan || !ribbonVisible(status.remaining_days, dismissed)) return null;
  const band = ribbonBand(status.remaining_days);
  // A plan already queued: nothing to renew; say when it starts (and whether the stores fit it).
  const queued = Boolean(status.next_subscription);
  const color = queued ? (status.stores_over_next_limit > 0 ? 'orange' : 'blue') : RIBBON_COLORS[band];
  const days = common('planChange.days', {
    count: status.remaining_days,
    value: format.number(status.remaining_days),
  });
  return (
    <Notice
      color={color}
      iconSize={22}
      icon={IconClockExclamation}
      data-testid="expiration-ribbon"
      data-band={band}
      data-queued={queued || undefined}
      withCloseButton
      closeButtonLabel={t('ribbon.dismiss')}
      onClose={() => {
        rememberRibbonDismissed();
        setDismissed(true);
      }}
    >
      <Group justify="space-between" gap="sm">
        <div>
          <Text fw={600}>
            {t(queued ? 'ribbon.currentEnds' : `ribbon.${band}`, { days, date: format.date(plan.end_date) })}
          </Text>
          {queued ? (
            <QueuedPlanText status={status} />
          ) : (
            <Text size="sm">{plan.auto_renew ? t('ribbon.autoRenewOn') : t('ribbon.autoRenewOff')}</Text>
          )}
        </div>
        {!queued && (
          <Button color={color} onClick={onRenew}>
            {t('ribbon.renew')}
          </Button>
        )}
      </Group>
    </Notice>
  );
}
