import { Button, Card, Group, SimpleGrid, Stack, Switch, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api/errors';
import { isolate, useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { useCancelSubscription, useSubscriptionStatus, useToggleAutoRenew } from '../api/subscription';
import { QueuedPlanText } from './queued-plan-text';
import { RedeemCodeForm } from './redeem-code-form';
import { Notice } from '@/components/notice';

function Fact({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value}
      </Text>
    </div>
  );
}

export function SubscriptionTab({ focusCode }: { focusCode: number }) {
  const { t } = useTranslation('owner');
  const common = useTranslation().t;
  const format = useFormat();
  const status = useSubscriptionStatus();
  const toggle = useToggleAutoRenew();
  const cancel = useCancelSubscription();
  const [confirmCancel, setConfirmCancel] = useState(false);

  return (
    <Stack gap="lg" data-testid="owner-subscription">
      <Title order={2} fz="h3">
        {t('subscription.title')}
      </Title>
      <QueryState query={status}>
        {(data) => {
          const plan = data.has_active_subscription ? data.active_subscription : null;
          if (!plan) {
            return (
              <Notice
                color="yellow"
                icon={IconInfoCircle}
                title={t('subscription.none')}
                data-testid="no-subscription"
              >
                {t('subscription.noneHint')}
              </Notice>
            );
          }
          return (
            <Card withBorder radius="md" padding="lg" data-testid="active-subscription">
              <Stack>
                <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
                  <Fact label={t('subscription.plan')} value={plan.package.name} testId="subscription-plan" />
                  <Fact
                    label={t('subscription.storesUsed')}
                    value={t('subscription.storesUsedValue', {
                      used: format.number(data.current_store_count),
                      limit: format.number(plan.package.store_limit),
                    })}
                  />
                  <Fact
                    label={t('subscription.endDate')}
                    value={format.date(plan.end_date)}
                    testId="subscription-end"
                  />
                  <Fact label={t('subscription.daysLeft')} value={format.number(data.remaining_days)} />
                </SimpleGrid>
                {data.next_subscription && (
                  <Notice color="blue" icon={IconInfoCircle} data-testid="next-subscription">
                    <Text size="sm" fw={600}>
                      {common('planChange.nextPlan')}
                    </Text>
                    <Text size="sm">
                      {common('planChange.nextPlanValue', {
                        name: isolate(data.next_subscription.package.name),
                        start: format.date(data.next_subscription.starts_at),
                        end: format.date(data.next_subscription.end_date),
                      })}
                    </Text>
                    <QueuedPlanText status={data} withQueued={false} />
                  </Notice>
                )}
                <Group justify="space-between">
                  <Switch
                    label={`${t('subscription.toggleAutoRenew')} (${plan.auto_renew ? t('subscription.on') : t('subscription.off')})`}
                    checked={plan.auto_renew}
                    disabled={toggle.isPending}
                    onChange={() =>
                      toggle.mutate(undefined, {
                        onSuccess: () => showToast(t('subscription.autoRenewSaved')),
                        onError: (error) =>
                          showToast(messageOf(error, t('subscription.toggleFailed')), { color: 'red' }),
                      })
                    }
                  />
                  <Button color="red" variant="light" onClick={() => setConfirmCancel(true)}>
                    {t('subscription.cancel')}
                  </Button>
                </Group>
              </Stack>
            </Card>
          );
        }}
      </QueryState>
      <Card withBorder radius="md" padding="lg">
        <RedeemCodeForm focusSignal={focusCode} />
      </Card>
      <ConfirmDialog
        opened={confirmCancel}
        message={t('subscription.confirmCancel', {
          days: common('planChange.days', {
            count: status.data?.remaining_days ?? 0,
            value: format.number(status.data?.remaining_days ?? 0),
          }),
        })}
        confirmLabel={t('subscription.cancel')}
        danger
        busy={cancel.isPending}
        onClose={() => setConfirmCancel(false)}
        onConfirm={() =>
          cancel.mutate(undefined, {
            onSuccess: () => showToast(t('subscription.cancelled')),
            onError: (error) => showToast(messageOf(error, t('subscription.cancelFailed')), { color: 'red' }),
            onSettled: () => setConfirmCancel(false),
          })
        }
      />
    </Stack>
  );
}
