import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconGift, IconReceipt, IconRefresh, IconUserPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { isolate, useFormat } from '@/lib/format';
import { useRelativeTime } from '@/lib/relative-time';
import { actorlessSource, describeActivity } from '@/lib/activity-description';
import { QueryState } from '@/components/query-state';
import { useAdminOverview } from '../api/get-overview';
import type { AdminActivity } from '../types';
import { HealthPanel } from './health-panel';

const TYPE_ICON = {
  invoice: { icon: <IconReceipt size={18} />, color: 'blue' },
  redemption: { icon: <IconGift size={18} />, color: 'grape' },
  customer: { icon: <IconUserPlus size={18} />, color: 'teal' },
} as const;

export function OverviewTab() {
  const { t } = useTranslation('admin');
  const overview = useAdminOverview();
  return (
    <QueryState query={overview}>
      {(data) => (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
          <Card
            withBorder
            radius="md"
            padding="lg"
            style={{ gridColumn: 'span 2' }}
            data-testid="recent-activity"
          >
            <Group justify="space-between" mb="md">
              <Title order={2} fz="lg">
                {t('activity.title')}
              </Title>
              <Button
                variant="subtle"
                size="compact-sm"
                leftSection={<IconRefresh size={16} />}
                onClick={() => void overview.refetch()}
                loading={overview.isFetching}
              >
                {t('activity.refresh')}
              </Button>
            </Group>
            {data.recent_activity.length === 0 ? (
              <Text c="dimmed">{t('activity.empty')}</Text>
            ) : (
              <Stack gap="sm">
                {data.recent_activity.map((entry) => (
                  <ActivityRow key={`${entry.type}-${entry.id}`} entry={entry} />
                ))}
              </Stack>
            )}
          </Card>
          <HealthPanel health={data.health} />
        </SimpleGrid>
      )}
    </QueryState>
  );
}

function ActivityRow({ entry }: { entry: AdminActivity }) {
  const { t } = useTranslation('admin');
  const { t: tFeed } = useTranslation();
  const format = useFormat();
  const ago = useRelativeTime();
  const look = TYPE_ICON[entry.type];
  return (
    <Group wrap="nowrap" align="flex-start" data-testid="activity-item">
      <ThemeIcon variant="light" color={look.color} radius="xl" size="lg" aria-hidden>
        {look.icon}
      </ThemeIcon>
      <div style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500}>
          {describeActivity(entry, tFeed, { lyd: (amount) => format.lyd(amount), points: format.points })}
        </Text>
        <Group gap="xs" mt={2}>
          {entry.store && (
            <Badge variant="dot" size="sm" color="gray">
              {entry.store.name}
            </Badge>
          )}
          <Text size="xs" c="dimmed">
            {entry.api_key
              ? t('activity.by', { name: tFeed('activity.viaKey', { key: isolate(entry.api_key.name) }) })
              : entry.pos_user
                ? t('activity.by', { name: isolate(entry.pos_user.name) })
                : actorlessSource(entry) === 'self'
                  ? t('activity.self')
                  : tFeed('activity.automatic')}
          </Text>
        </Group>
      </div>
      <Text size="xs" c="dimmed" title={format.dateTime(entry.created_at)} style={{ whiteSpace: 'nowrap' }}>
        {ago(entry.created_at)}
      </Text>
    </Group>
  );
}
