import { Badge, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router';
import { ActorName } from '@/components/actor-name';
import { ScrollTable } from '@/components/scroll-table';
import { messageOf } from '@/lib/api/errors';
import { useFormat } from '@/lib/format';
import { activityInfo, actorlessSource, describeActivity } from '@/lib/activity-description';
import { useActivities, useOwnerStores, useStaff } from '../api/dashboard-queries';
import type { ActivityLinkState, ActivityQuery } from '../types';
import { PageButtons } from '@/components/pagination';
import { AllSignals } from './signals-panel';
import { ErrorNotice, Notice } from '@/components/notice';

const TYPES = ['all', 'invoice', 'redemption', 'customer'] as const;
const RANGES = ['7d', '30d', '90d', 'custom'] as const;
type ActivityType = (typeof TYPES)[number];
type Range = (typeof RANGES)[number];
const PER_PAGE = 20;
const BADGE_COLORS: Record<string, string> = { invoice: 'blue', redemption: 'grape', customer: 'teal' };
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const ID = /^\d{1,18}$/;

/** The filters, as the address keeps them (the defaults left out). */
interface Filters {
  posUser: string | null;
  store: string | null;
  type: ActivityType;
  range: Range;
  from: string;
  to: string;
}

/**
 * The filters of the address (`?tab=activity&pos_user_id=7&type=invoice&from=2026-11-24&to=2026-11-24`):
 * a link (a signal's, a shared one) opens the feed filtered, and a reload keeps the filters. A
 * `from` or `to` without a `range` is the custom range; anything unknown is the default.
 */
function filtersOf(search: URLSearchParams): Filters {
  const posUser = search.get('pos_user_id');
  const store = search.get('store_id');
  const type = search.get('type');
  const range = search.get('range');
  const from = search.get('from') ?? '';
  const to = search.get('to') ?? '';
  const dated = ISO_DATE.test(from) || ISO_DATE.test(to);
  return {
    posUser: posUser && ID.test(posUser) ? posUser : null,
    store: store && ID.test(store) ? store : null,
    type: TYPES.find((value) => value === type) ?? 'all',
    range: RANGES.find((value) => value === range) ?? (dated ? 'custom' : '7d'),
    from: ISO_DATE.test(from) ? from : '',
    to: ISO_DATE.test(to) ? to : '',
  };
}

const PARAMS = ['pos_user_id', 'store_id', 'type', 'range', 'from', 'to'] as const;

function writeFilters(params: URLSearchParams, filters: Filters): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of PARAMS) next.delete(name);
  if (filters.posUser) next.set('pos_user_id', filters.posUser);
  if (filters.store) next.set('store_id', filters.store);
  if (filters.type !== 'all') next.set('type', filters.type);
  if (filters.range === 'custom') {
    // The dates say it is a custom range; said outright only while they are still empty.
    if (filters.from) next.set('from', filters.from);
    if (filters.to) next.set('to', filters.to);
    if (!filters.from && !filters.to) next.set('range', 'custom');
  } else if (filters.range !== '7d') {
    next.set('range', filters.range);
  }
  return next;
}

export function ActivityTab() {
  const { t } = useTranslation('owner');
  const { t: tFeed } = useTranslation();
  const format = useFormat();
  const staff = useStaff();
  const stores = useOwnerStores();
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const filters = filtersOf(search);
  const { posUser, store, type, range, from, to } = filters;
  const showSignals = search.get('signals') === 'all';
  // The page starts again from the first whenever the filters change (a select, a link).
  const filterKey = JSON.stringify(filters);
  const [paging, setPaging] = useState({ key: filterKey, page: 1 });
  const page = paging.key === filterKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ key: filterKey, page: next });

  const setFilters = (change: Partial<Filters>) =>
    setSearch((current) => writeFilters(current, { ...filtersOf(current), ...change }), { replace: true });
  const setShowSignals = (open: boolean) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (open) next.set('signals', 'all');
        else next.delete('signals');
        return next;
      },
      { replace: true },
    );

  // A link to the filtered feed (a signal's) brings it into view: on a phone it is below the panel.
  const focusActivity = (location.state as ActivityLinkState | null)?.focusActivity === true;
  useEffect(() => {
    if (focusActivity) titleRef.current?.focus();
  }, [focusActivity, location.key]);

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
  const lydFormat = { lyd: (amount: string) => format.lyd(amount), points: format.points };
  const pages = feed.data ? Math.max(1, Math.ceil(feed.data.meta.total / feed.data.meta.per_page)) : 1;

  return (
    <Stack data-testid="owner-activity">
      <Title order={2} fz="h3" ref={titleRef} tabIndex={-1}>
        {t('activity.title')}
      </Title>
      <AllSignals open={showSignals} onToggle={setShowSignals} />
      <Card withBorder radius="md" padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Select
            label={t('activity.posUser')}
            placeholder={t('activity.allUsers')}
            data={(staff.data ?? []).map((user) => ({ value: String(user.id), label: user.name }))}
            value={posUser}
            onChange={(value) => setFilters({ posUser: value })}
            clearable
            data-testid="activity-user"
          />
          <Select
            label={t('activity.store')}
            placeholder={t('activity.allStores')}
            data={(stores.data ?? []).map((item) => ({ value: String(item.id), label: item.name }))}
            value={store}
            onChange={(value) => setFilters({ store: value })}
            clearable
            data-testid="activity-store"
          />
          <Select
            label={t('activity.type')}
            data={TYPES.map((value) => ({ value, label: t(`activity.types.${value}`) }))}
            value={type}
            onChange={(value) => setFilters({ type: (value as ActivityType | null) ?? 'all' })}
            allowDeselect={false}
            data-testid="activity-type"
          />
          <Select
            label={t('activity.range')}
            data={RANGES.map((value) => ({ value, label: t(`activity.ranges.${value}`) }))}
            value={range}
            onChange={(value) => setFilters({ range: (value as Range | null) ?? '7d' })}
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
              onChange={(e) => setFilters({ from: e.currentTarget.value })}
              max={to || undefined}
              data-testid="activity-from"
            />
            <TextInput
              type="date"
              label={t('activity.to')}
              value={to}
              onChange={(e) => setFilters({ to: e.currentTarget.value })}
              min={from || undefined}
              data-testid="activity-to"
            />
          </Group>
        )}
      </Card>

      {range === 'custom' && !customReady ? (
        <Notice color="blue">{t('activity.customIncomplete')}</Notice>
      ) : feed.isError ? (
        <ErrorNotice>{messageOf(feed.error, t('loadFailed'))}</ErrorNotice>
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
      <PageButtons total={pages} value={page} onChange={setPage} />
    </Stack>
  );
}
