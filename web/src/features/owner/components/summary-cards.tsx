import { SimpleGrid, Skeleton } from '@mantine/core';
import { IconBuildingStore, IconCash, IconStar, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/stat-card';
import { useFormat } from '@/lib/format';
import { useOwnerSummary } from '../api/dashboard-queries';

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
