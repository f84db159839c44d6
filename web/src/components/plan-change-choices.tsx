import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCalendarTime, IconSwitchHorizontal, type Icon } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PlanChangePreview, PlanMode } from '@/lib/api/types';
import { isolate, useFormat } from '@/lib/format';
import { Notice } from './notice';

interface PlanChangeChoicesProps {
  preview: PlanChangePreview;
  busy: boolean;
  onChoose: (mode: PlanMode) => void;
  onKeep: () => void;
}

/**
 * What a card or an assignment for another plan will do, before anything changes (DESIGN.md
 * section 5): start after the current plan (no paid day lost), or switch now, a separate
 * choice whose confirmation says how many days are given up. The choices are the server's.
 */
export function PlanChangeChoices({ preview, busy, onChoose, onKeep }: PlanChangeChoicesProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [confirmingSwitch, setConfirmingSwitch] = useState(false);
  const queue = preview.choices.find((choice) => choice.mode === 'queue');
  const switchNow = preview.choices.find((choice) => choice.mode === 'switch_now');
  const name = isolate(preview.package.name);
  const stores = (count: number) => t('planChange.stores', { count, value: format.number(count) });
  const days = (count: number) => t('planChange.days', { count, value: format.number(count) });

  if (confirmingSwitch && switchNow) {
    return (
      <Stack data-testid="plan-change-confirm-switch">
        <Notice color="red" icon={IconAlertTriangle}>
          {t('planChange.confirmSwitchBody', { name, days: days(switchNow.days_given_up) })}
        </Notice>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setConfirmingSwitch(false)} disabled={busy}>
            {t('planChange.back')}
          </Button>
          <Button color="red" loading={busy} onClick={() => onChoose('switch_now')}>
            {t('planChange.confirmSwitch', { days: days(switchNow.days_given_up) })}
          </Button>
        </Group>
      </Stack>
    );
  }

  return (
    <Stack data-testid="plan-change">
      <Text>
        {t('planChange.newPlan', {
          name,
          stores: stores(preview.package.store_limit),
        })}
      </Text>
      {preview.active_subscription && (
        <Text size="sm" c="dimmed">
          {t('planChange.current', {
            name: isolate(preview.active_subscription.package.name),
            date: format.date(preview.active_subscription.end_date),
          })}
        </Text>
      )}
      {preview.next_subscription && (
        <Text size="sm" c="dimmed">
          {t('planChange.next', {
            name: isolate(preview.next_subscription.package.name),
            date: format.date(preview.next_subscription.starts_at),
          })}
        </Text>
      )}
      {preview.stores_over_limit > 0 && (
        <Notice color="yellow" icon={IconAlertTriangle} data-testid="stores-over-limit">
          {t('planChange.overLimit', {
            limit: stores(preview.package.store_limit),
            used: stores(preview.current_store_count),
          })}
        </Notice>
      )}
      {queue ? (
        <PlanChoice testId="plan-choice-queue" icon={IconCalendarTime} title={t('planChange.queueTitle')}>
          {t('planChange.queueBody', {
            start: format.date(queue.starts_at),
            end: format.date(queue.ends_at),
          })}
        </PlanChoice>
      ) : (
        <Text size="sm">{t('planChange.nextWaiting')}</Text>
      )}
      {switchNow && (
        <PlanChoice
          testId="plan-choice-switch"
          icon={IconSwitchHorizontal}
          title={t('planChange.switchTitle')}
        >
          {t('planChange.switchBody', {
            start: format.date(switchNow.starts_at),
            end: format.date(switchNow.ends_at),
            days: days(switchNow.days_given_up),
          })}
        </PlanChoice>
      )}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onKeep} disabled={busy}>
          {t('planChange.keep')}
        </Button>
        {switchNow && (
          <Button color="red" variant="light" onClick={() => setConfirmingSwitch(true)} disabled={busy}>
            {t('planChange.chooseSwitch')}
          </Button>
        )}
        {queue && (
          <Button onClick={() => onChoose('queue')} loading={busy}>
            {t('planChange.chooseQueue')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** One way the new plan can start: its name and what it means, in a card. */
function PlanChoice({
  testId,
  icon: Glyph,
  title,
  children,
}: {
  testId: string;
  icon: Icon;
  title: string;
  children: string;
}) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Glyph size={20} aria-hidden />
        <Stack gap={2}>
          <Title order={3} fz="md">
            {title}
          </Title>
          <Text size="sm">{children}</Text>
        </Stack>
      </Group>
    </Card>
  );
}
