import { Button, Center, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import {
  IconAlertCircle,
  IconDiscount,
  IconGift,
  IconHistory,
  IconReceipt2,
  IconRefresh,
} from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { messageOf } from '@/lib/api/errors';
import type { ActivityItem } from '@/lib/api/types';
import { isolate, useFormat } from '@/lib/format';
import { useRelativeTime } from '@/lib/relative-time';
import { useRecentActivity } from '../api/get-activity';
import { useOnline } from '../offline/use-offline-ready';
import { OfflinePlaceholder } from './offline-placeholder';
import classes from '@/components/divided-list.module.css';
import { Notice } from '@/components/notice';

/** The latest 10 invoices and redemptions of the store, with who did them and when. */
export function RecentActivityPanel() {
  const { t } = useTranslation();
  const activity = useRecentActivity();
  const online = useOnline();

  return (
    <Stack gap="md" data-testid="recent-activity">
      {!online && !activity.data ? (
        <OfflinePlaceholder what="activity" />
      ) : activity.isPending ? (
        <Center py="xl">
          <Loader aria-label={t('app.loading')} />
        </Center>
      ) : activity.isError ? (
        <Notice color="red" icon={IconAlertCircle}>
          {messageOf(activity.error, t('pos.activity.loadFailed'))}
        </Notice>
      ) : activity.data.length === 0 ? (
        <Stack align="center" gap="xs" py="xl">
          <IconHistory size={40} color="var(--mantine-color-gray-5)" aria-hidden />
          <Text c="dimmed">{t('pos.activity.empty')}</Text>
        </Stack>
      ) : (
        <Stack gap={0} component="ul" className={classes.list}>
          {activity.data.map((item) => (
            <ActivityRow key={`${item.type}-${item.invoice?.id ?? item.redemption?.id}`} item={item} />
          ))}
        </Stack>
      )}
      <Group justify="center">
        <Button
          variant="light"
          leftSection={<IconRefresh size={18} aria-hidden />}
          onClick={() => void activity.refetch()}
          loading={activity.isFetching}
        >
          {t('pos.activity.refresh')}
        </Button>
      </Group>
    </Stack>
  );
}

function describeActivity(
  item: ActivityItem,
  t: TFunction,
  { points, lyd }: { points: (value: number) => string; lyd: (amount: string) => string },
) {
  const staff = item.invoice?.pos_user ?? item.redemption?.pos_user;
  const by = staff ? t('pos.activity.byStaff', { name: isolate(staff.name) }) : '';
  if (item.invoice) {
    const earned = item.invoice.points_earned;
    return {
      title: t('pos.activity.invoiceTitle'),
      detail: t('pos.activity.invoiceDetail', { count: earned, points: points(earned) }) + by,
      customer: item.invoice.customer?.name ?? t('pos.activity.walkIn'),
    };
  }
  if (item.redemption) {
    const { reward, value, points_spent: spent } = item.redemption;
    return {
      title: reward ? t('pos.activity.redemptionTitle') : t('pos.activity.pointsMoneyTitle'),
      detail:
        (reward
          ? t('pos.activity.redemptionDetail', {
              count: spent,
              points: points(spent),
              reward: isolate(reward.name),
            })
          : // Points used as money: what they were worth, as the server recorded it.
            t('pos.activity.pointsMoneyDetail', {
              count: spent,
              points: points(spent),
              value: lyd(value ?? '0'),
            })) + by,
      customer: item.redemption.customer.name,
    };
  }
  return null;
}

function ActivityRow({ item }: { item: ActivityItem }) {
  const { t } = useTranslation();
  const format = useFormat();
  const relative = useRelativeTime();
  const text = describeActivity(item, t, format);
  if (!text) return null;
  const isInvoice = item.type === 'invoice';
  const Icon = isInvoice ? IconReceipt2 : item.redemption?.reward ? IconGift : IconDiscount;
  const voided = Boolean(item.invoice?.voided_at);

  return (
    <li className={classes.item} data-testid="activity-item">
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon variant="light" color={isInvoice ? 'teal' : 'orange'} size={40} radius="xl" aria-hidden>
          <Icon size={20} />
        </ThemeIcon>
        <Stack gap={2} miw={0} flex={1}>
          <Group justify="space-between" gap="xs" wrap="nowrap" align="baseline">
            <Text fw={600} td={voided ? 'line-through' : undefined}>
              {text.title}
            </Text>
            <Text size="xs" c="dimmed" title={format.dateTime(item.created_at)} style={{ flexShrink: 0 }}>
              <time dateTime={item.created_at}>{relative(item.created_at)}</time>
            </Text>
          </Group>
          <Text size="sm">{text.detail}</Text>
          <Text size="xs" c="dimmed">
            {item.invoice ? (
              t('pos.activity.invoiceCustomer', {
                name: isolate(text.customer),
                amount: format.lyd(item.invoice.total_cost),
              })
            ) : (
              <bdi>{text.customer}</bdi>
            )}
            {voided && ` · ${t('pos.activity.voided')}`}
          </Text>
        </Stack>
      </Group>
    </li>
  );
}
