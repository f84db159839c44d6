import { IconBuildingStore, IconCash, IconStar, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatGrid } from '@/components/stat-card';
import { useFormat } from '@/lib/format';
import { useOwnerSummary } from '../api/dashboard-queries';

/** The four live figures at the top of the owner's dashboard. */
export function SummaryCards() {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const { data, isError } = useOwnerSummary();
  return (
    <StatGrid
      data={data}
      isError={isError}
      stats={[
        {
          testId: 'card-stores',
          label: t('cards.stores'),
          color: 'indigo',
          icon: <IconBuildingStore size={24} />,
          value: (d) => format.number(d.total_stores),
        },
        {
          testId: 'card-revenue',
          label: t('cards.revenue'),
          color: 'green',
          icon: <IconCash size={24} />,
          value: (d) => format.lyd(d.revenue),
        },
        {
          testId: 'card-customers',
          label: t('cards.customers'),
          color: 'cyan',
          icon: <IconUsers size={24} />,
          value: (d) => format.number(d.total_customers),
        },
        {
          testId: 'card-points',
          label: t('cards.pointsIssued'),
          color: 'yellow',
          icon: <IconStar size={24} />,
          value: (d) => format.points(d.points_issued),
        },
      ]}
    />
  );
}
