import { IconArrowsExchange, IconBuildingStore, IconCash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatGrid } from '@/components/stat-card';
import { useFormat } from '@/lib/format';
import { useAdminOverview } from '../api/get-overview';

/** The four live figures at the top of the admin dashboard. */
export function SummaryCards() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const { data, isError } = useAdminOverview();
  return (
    <StatGrid
      data={data}
      isError={isError}
      stats={[
        {
          testId: 'admin-card-users',
          label: t('summary.users'),
          color: 'indigo',
          icon: <IconUsers size={24} />,
          value: (d) => format.number(d.total_users),
        },
        {
          testId: 'admin-card-stores',
          label: t('summary.stores'),
          color: 'cyan',
          icon: <IconBuildingStore size={24} />,
          value: (d) => format.number(d.total_stores),
        },
        {
          testId: 'admin-card-transactions',
          label: t('summary.transactions'),
          color: 'grape',
          icon: <IconArrowsExchange size={24} />,
          value: (d) => format.number(d.total_transactions),
        },
        {
          testId: 'admin-card-revenue',
          label: t('summary.revenue'),
          color: 'green',
          icon: <IconCash size={24} />,
          value: (d) => format.lyd(d.revenue),
        },
      ]}
    />
  );
}
