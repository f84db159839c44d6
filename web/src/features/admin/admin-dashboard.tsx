import { Stack } from '@mantine/core';
import {
  IconBuildingStore,
  IconChartBar,
  IconCreditCard,
  IconFileSpreadsheet,
  IconHeartbeat,
  IconPackage,
  IconUserCog,
  IconUsers,
} from '@tabler/icons-react';
import { lazy, type ReactNode } from 'react';
import { DashboardTabs } from '@/components/dashboard-tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { useTranslation } from 'react-i18next';
// Registers the 'admin' namespace: it is not part of the first bundle.
import './locales';
import classes from './admin-dashboard.module.css';
import { SummaryCards } from './components/summary-cards';

const OverviewTab = lazy(async () => ({ default: (await import('./components/overview-tab')).OverviewTab }));
const UsersTab = lazy(async () => ({ default: (await import('./components/users-tab')).UsersTab }));
const StoresTab = lazy(async () => ({ default: (await import('./components/stores-tab')).StoresTab }));
const PackagesTab = lazy(async () => ({ default: (await import('./components/packages-tab')).PackagesTab }));
const StoreOwnersTab = lazy(async () => ({
  default: (await import('./components/store-owners-tab')).StoreOwnersTab,
}));
const CardsTab = lazy(async () => ({ default: (await import('./components/cards-tab')).CardsTab }));
// Charts (recharts) are the heaviest part: only this tab's chunk carries them.
const ExportsTab = lazy(async () => ({ default: (await import('./components/exports-tab')).ExportsTab }));
const AnalyticsTab = lazy(async () => ({
  default: (await import('./components/analytics-tab')).AnalyticsTab,
}));

export const ADMIN_TABS = [
  'overview',
  'users',
  'stores',
  'packages',
  'storeOwners',
  'cards',
  'analytics',
  'exports',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

const ICONS: Record<AdminTab, ReactNode> = {
  overview: <IconHeartbeat size={18} />,
  users: <IconUsers size={18} />,
  stores: <IconBuildingStore size={18} />,
  packages: <IconPackage size={18} />,
  storeOwners: <IconUserCog size={18} />,
  cards: <IconCreditCard size={18} />,
  analytics: <IconChartBar size={18} />,
  exports: <IconFileSpreadsheet size={18} />,
};

const PANELS: Record<AdminTab, ReactNode> = {
  overview: <OverviewTab />,
  users: <UsersTab />,
  stores: <StoresTab />,
  packages: <PackagesTab />,
  storeOwners: <StoreOwnersTab />,
  cards: <CardsTab />,
  analytics: <AnalyticsTab />,
  exports: <ExportsTab />,
};

/** The admin's dashboard (spec section 2): four live figures and seven tabs, each loaded on demand. */
export function AdminDashboard() {
  const { t } = useTranslation('admin');
  const [tab, setTab] = useTabParam(ADMIN_TABS);
  return (
    <Stack gap="lg" data-testid="admin-dashboard">
      <div className={classes.noPrint}>
        <SummaryCards />
      </div>
      <DashboardTabs
        tabs={ADMIN_TABS}
        value={tab}
        onChange={setTab}
        label={t('tabs.label')}
        title={(name) => t(`tabs.${name}`)}
        icons={ICONS}
        panels={PANELS}
        testIdPrefix="admin-tab"
        listClassName={classes.noPrint}
      />
    </Stack>
  );
}
