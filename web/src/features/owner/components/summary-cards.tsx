import { IconBuildingStore, IconCash, IconStar, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StatCards, type Stat } from '@/components/stat-card';
import type { OwnerSummary } from '../types';
import { useOwnerSummary } from '../api/dashboard-queries';

/** In their order; each one's label is `cards.<name>`, its test id `card-<name>`. */
const FIGURES = {
  stores: { color: 'indigo', icon: IconBuildingStore, value: (d, f) => f.number(d.total_stores) },
  revenue: { color: 'green', icon: IconCash, value: (d, f) => f.lyd(d.revenue) },
  customers: { color: 'cyan', icon: IconUsers, value: (d, f) => f.number(d.total_customers) },
  points: { color: 'yellow', icon: IconStar, value: (d, f) => f.points(d.points_issued) },
} satisfies Record<string, Stat<OwnerSummary>>;

/** The four live figures at the top of the owner's dashboard. */
export function SummaryCards() {
  const { t } = useTranslation('owner');
  const { data, isError } = useOwnerSummary();
  return (
    <StatCards
      data={data}
      isError={isError}
      stats={FIGURES}
      label={(name) => t(`cards.${name}`)}
      testId={(name) => `card-${name}`}
    />
  );
}
