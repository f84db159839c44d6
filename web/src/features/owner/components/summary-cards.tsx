import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconBuildingStore, IconCash, IconStar, IconUsers } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { useOwnerSummary } from '../api/dashboard-queries';

export function StatCard({
  label,
  value,
  icon,
  color,
  testId,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  color: string;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text c="dimmed" size="sm" fw={500}>
            {label}
          </Text>
          <Text component="div" fw={700} fz="xl" mt={4} data-testid={testId ? `${testId}-value` : undefined}>
            {value}
          </Text>
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** The four live figures at the top of the owner's dashboard. */
export function SummaryCards() {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const summary = useOwnerSummary();
  const data = summary.data;
  const value = (text: string | undefined) => (data ? text : <Skeleton height={28} width={80} />);
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <StatCard
        testId="card-stores"
        label={t('cards.stores')}
        color="indigo"
        icon={<IconBuildingStore size={24} />}
        value={value(data && format.number(data.total_stores))}
      />
      <StatCard
        testId="card-revenue"
        label={t('cards.revenue')}
        color="green"
        icon={<IconCash size={24} />}
        value={value(data && format.lyd(data.revenue))}
      />
      <StatCard
        testId="card-customers"
        label={t('cards.customers')}
        color="cyan"
        icon={<IconUsers size={24} />}
        value={value(data && format.number(data.total_customers))}
      />
      <StatCard
        testId="card-points"
        label={t('cards.pointsIssued')}
        color="yellow"
        icon={<IconStar size={24} />}
        value={value(data && format.points(data.points_issued))}
      />
    </SimpleGrid>
  );
}
