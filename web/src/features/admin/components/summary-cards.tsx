import { IconArrowsExchange, IconBuildingStore, IconCash, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatCards, type Stat } from '@/components/stat-card';
import type { AdminOverview } from '../types';
import { useAdminOverview } from '../api/get-overview';

/** In their order; each one's label is `summary.<name>`, its test id `admin-card-<name>`. */
const FIGURES = {
  users: { color: 'indigo', icon: IconUsers, value: (d, f) => f.number(d.total_users) },
  stores: { color: 'cyan', icon: IconBuildingStore, value: (d, f) => f.number(d.total_stores) },
  transactions: { color: 'grape', icon: IconArrowsExchange, value: (d, f) => f.number(d.total_transactions) },
  revenue: { color: 'green', icon: IconCash, value: (d, f) => f.lyd(d.revenue) },
} satisfies Record<string, Stat<AdminOverview>>;

/** The four live figures at the top of the admin dashboard. */
export function SummaryCards() {
  const { t } = useTranslation('admin');
  const { data, isError } = useAdminOverview();
  return (
    <StatCards
      data={data}
      isError={isError}
      stats={FIGURES}
      label={(name) => t(`summary.${name}`)}
      testId={(name) => `admin-card-${name}`}
    />
  );
}
