import { SimpleGrid, Skeleton } from '@mantine/core';
import { IconArrowsExchange, IconBuildingStore, IconCash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatCard } from '@/components/stat-card';
import { useFormat } from '@/lib/format';
import { useAdminOverview } from '../api/queries';

/** The four live figures at the top of the admin dashboard. */
export function SummaryCards() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const { data, isError } = useAdminOverview();
  const value = (text: string | undefined) =>
    data ? text : isError ? '—' : <Skeleton height={28} width={80} />;
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      <StatCard
        testId="admin-card-users"
        label={t('summary.users')}
        color="indigo"
        icon={<IconUsers size={24} />}
        value={value(data && format.number(data.total_users))}
      />
      <StatCard
        testId="admin-card-stores"
        label={t('summary.stores')}
        color="cyan"
        icon={<IconBuildingStore size={24} />}
        value={value(data && format.number(data.total_stores))}
      />
      <StatCard
        testId="admin-card-transactions"
        label={t('summary.transactions')}
        color="grape"
        icon={<IconArrowsExchange size={24} />}
        value={value(data && format.number(data.total_transactions))}
      />
      <StatCard
        testId="admin-card-revenue"
        label={t('summary.revenue')}
        color="green"
        icon={<IconCash size={24} />}
        value={value(data && format.lyd(data.revenue))}
      />
    </SimpleGrid>
  );
}
