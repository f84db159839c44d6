import {
  Alert,
  Badge,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActorName } from '@/components/actor-name';
import { ScrollTable } from '@/components/scroll-table';
import { messageOf } from '@/lib/api/errors';
import { useFormat } from '@/lib/format';
import { activityInfo, actorlessSource, describeActivity } from '@/lib/activity-description';
import { useActivities, useOwnerStores, useStaff } from '../api/dashboard-queries';
import type { ActivityQuery } from '../types';
import { LabelledPagination } from '@/components/pagination';

const TYPES = ['all', 'invoice', 'redemption', 'customer'] as const;
const RANGES = ['7d', '30d', '90d', 'custom'] as const;
type ActivityType = (typeof TYPES)[number];
type Range = (typeof RANGES)[number];
const PER_PAGE = 20;
const BADGE_COLORS: Record<string, string> = { invoice: 'blue', redemption: 'grape', customer: 'teal' };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function ActivityTab() {
  const { t } = useTranslation('owner');
  const { t: tFeed } = useTranslation();
  const format = useFormat();
  const staff = useStaff();
  const stores = useOwnerStores();
  const [posUser, setPosUser] = useState<string | null>(null);
  const [store, setStore] = useState<string | null>(null);
  const [type, setType] = useState<ActivityType>('all');
  const [range, setRange] = useState<Range>('7d');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);

  const customReady = ISO_DATE.test(from) && ISO_DATE.test(to);
  const query: ActivityQuery = {
    activity_type: type,
    page,
    per_page: PER_PAGE,
    ...(posUser ? { pos_user_id: Number(posUser) } : {}),
    ...(store ? { store_id: Number(store) } : {}),
    ...(range === 'custom' ? (customReady ? { from, to } : {}) : { date_range: range }),
  };
  const feed = useActivities(query, range !== 'custom' || customReady);
  // Any filter change starts again from the first page.
  const change =
    <T,>(set: (value: T) => void) =>
    (value: T) => {
      set(value);
      setPage(1);
    };
  const lydFormat = { lyd: (amount: string) => format.lyd(amount), points: format.points };
  const pages = feed.data ? Math.max(1, Math.ceil(feed.data.meta.total / feed.data.meta.per_page)) : 1;

  return (
    <Stack data-testid="owner-activity">
      <Title order={2} fz="h3">
        {t('activity.title')}
      </Title>
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Select
            label={t('activity.posUser')}
            placeholder={t('activity.allUsers')}
            data={(staff.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
            value={posUser}
            onChange={change(setPosUser)}
            clearable
            data-testid="activity-user"
          />
          <Select
            label={t('activity.store')}
            placeholder={t('activity.allStores')}
            data={(stores.data ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
            value={store}
            onChange={change(setStore)}
            clearable
            data-testid="activity-store"
          />
          <Select
            label={t('activity.type')}
            data={TYPES.map((value) => ({ value, label: t(`activity.types.${value}`) }))}
            value={type}
            onChange={change((value: string | null) => setType((value as ActivityType | null) ?? 'all'))}
            allowDeselect={false}
            data-testid="activity-type"
          />
          <Select
            label={t('activity.range')}
            data={RANGES.map((value) => ({ value, label: t(`activity.ranges.${value}`) }))}
            value={range}
            onChange={change((value: string | null) => setRange((value as Range | null) ?? '7d'))}
            allowDeselect={false}
            data-testid="activity-range"
          />
        </SimpleGrid>
        {range === 'custom' && (
          <Group mt="md" grow>
            <TextInput
              type="date"
              label={t('activity.from')}
              value={from}
              onChange={(e) => change(setFrom)(e.currentTarget.value)}
              max={to || undefined}
              data-testid="activity-from"
            />
            <TextInput
              type="date"
              label={t('activity.to')}
              value={to}
              onChange={(e) => change(setTo)(e.currentTarget.value)}
              min={from || undefined}
              data-testid="activity-to"
            />
          </Group>
        )}
      </Card>

      {range === 'custom' && !customReady ? (
        <Alert color="blue" variant="light">
          {t('activity.customIncomplete')}
        </Alert>
      ) : feed.isError ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
          {messageOf(feed.error, t('loadFailed'))}
        </Alert>
      ) : (
        <ScrollTable minWidth={860}>
          <Table
            striped
            withTableBorder
            verticalSpacing="sm"
            data-testid="activity-table"
            style={{ opacity: feed.isFetching ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('activity.dateTime')}</Table.Th>
                <Table.Th>{t('activity.posUser')}</Table.Th>
                <Table.Th>{t('activity.store')}</Table.Th>
                <Table.Th>{t('activity.badge')}</Table.Th>
                <Table.Th>{t('activity.description')}</Table.Th>
                <Table.Th>{t('activity.additional')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {feed.data?.data.map((entry) => (
                <Table.Tr key={entry.id} data-testid="activity-row" data-type={entry.type}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{format.dateTime(entry.created_at)}</Table.Td>
                  <Table.Td>
                    <ActorName
                      person={entry.pos_user}
                      apiKey={entry.api_key}
                      none={
                        actorlessSource(entry) === 'self' ? t('activity.self') : tFeed('activity.automatic')
                      }
                    />
                  </Table.Td>
                  <Table.Td>{entry.store?.name ?? t('dash')}</Table.Td>
                  <Table.Td>
                    <Badge color={BADGE_COLORS[entry.type] ?? 'gray'} variant="light">
                      {t(`activity.types.${entry.type}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{describeActivity(entry, tFeed, lydFormat)}</Table.Td>
                  <Table.Td>
                    <Text size="sm" c="dimmed">
                      {activityInfo(entry, tFeed) || t('dash')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
              {feed.data && feed.data.data.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed" ta="center" py="md">
                      {t('activity.empty')}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {pages > 1 && (
        <Group justify="center">
          <LabelledPagination total={pages} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
