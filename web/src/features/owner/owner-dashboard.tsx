import { Stack } from '@mantine/core';
import {
  IconActivity,
  IconBuildingStore,
  IconCoins,
  IconCreditCard,
  IconFileSpreadsheet,
  IconGift,
  IconMessages,
  IconPlugConnected,
  IconQrcode,
  IconSettings,
  IconUsers,
  IconUserShield,
} from '@tabler/icons-react';
import { lazy, useState, type ReactNode } from 'react';
import { DashboardTabs } from '@/components/dashboard-tabs';
import { useTabParam } from '@/lib/use-tab-param';
import { useTranslation } from 'react-i18next';
// Registers the 'owner' namespace: it is not part of the first bundle.
import './locales';
import { useSubscriptionStatus } from './api/subscription';
import { ExpirationRibbon } from './components/expiration-ribbon';
import { ExpiringSoon } from './components/expiring-points';
import { SignalsPanel } from './components/signals-panel';
import { SummaryCards } from './components/summary-cards';
import classes from './owner-dashboard.module.css';

const StoresTab = lazy(async () => ({ default: (await import('./components/stores-tab')).StoresTab }));
const CustomersTab = lazy(async () => ({
  default: (await import('./components/customers-tab')).CustomersTab,
}));
const StaffTab = lazy(async () => ({ default: (await import('./components/staff-tab')).StaffTab }));
const ActivityTab = lazy(async () => ({ default: (await import('./components/activity-tab')).ActivityTab }));
const RewardsTab = lazy(async () => ({ default: (await import('./components/rewards-tab')).RewardsTab }));
const QrTab = lazy(async () => ({ default: (await import('./components/qr-tab')).QrTab }));
const SubscriptionTab = lazy(async () => ({
  default: (await import('./components/subscription-tab')).SubscriptionTab,
}));
const SettingsTab = lazy(async () => ({ default: (await import('./components/settings-tab')).SettingsTab }));
const LiabilityTab = lazy(async () => ({
  default: (await import('./components/liability-tab')).LiabilityTab,
}));
const MessagesTab = lazy(async () => ({
  default: (await import('./components/messages-tab')).MessagesTab,
}));
const ExportsTab = lazy(async () => ({ default: (await import('./components/exports-tab')).ExportsTab }));
const IntegrationsTab = lazy(async () => ({
  default: (await import('./components/integrations-tab')).IntegrationsTab,
}));

export const OWNER_TABS = [
  'stores',
  'customers',
  'liability',
  'staff',
  'activity',
  'rewards',
  'qr',
  'subscription',
  'settings',
  'messages',
  'exports',
  'integrations',
] as const;
export type OwnerTab = (typeof OWNER_TABS)[number];

const ICONS: Record<OwnerTab, ReactNode> = {
  stores: <IconBuildingStore size={18} />,
  customers: <IconUsers size={18} />,
  liability: <IconCoins size={18} />,
  staff: <IconUserShield size={18} />,
  activity: <IconActivity size={18} />,
  rewards: <IconGift size={18} />,
  qr: <IconQrcode size={18} />,
  subscription: <IconCreditCard size={18} />,
  settings: <IconSettings size={18} />,
  messages: <IconMessages size={18} />,
  exports: <IconFileSpreadsheet size={18} />,
  integrations: <IconPlugConnected size={18} />,
};

/** The store owner's dashboard (spec section 2): cards, the expiration ribbon and the tabs. */
export function OwnerDashboard() {
  const { t } = useTranslation('owner');
  const subscription = useSubscriptionStatus();
  const [tab, setTab] = useTabParam(OWNER_TABS);
  // Bumped by "Renew now": the subscription tab focuses its code input whenever it changes.
  const [focusCode, setFocusCode] = useState(0);

  const panels: Record<OwnerTab, ReactNode> = {
    stores: <StoresTab />,
    customers: <CustomersTab />,
    liability: <LiabilityTab />,
    staff: <StaffTab />,
    activity: <ActivityTab />,
    rewards: <RewardsTab />,
    qr: <QrTab />,
    subscription: <SubscriptionTab focusCode={focusCode} />,
    settings: <SettingsTab />,
    messages: <MessagesTab />,
    exports: <ExportsTab />,
    integrations: <IntegrationsTab />,
  };

  return (
    <Stack gap="lg" data-testid="owner-dashboard">
      <div className={classes.noPrint}>
        <SummaryCards />
      </div>
      <div className={classes.noPrint}>
        <ExpirationRibbon
          status={subscription.data}
          onRenew={() => {
            setTab('subscription');
            setFocusCode((count) => count + 1);
          }}
        />
      </div>
      <ExpiringSoon className={classes.noPrint} onOpen={() => setTab('liability')} />
      <SignalsPanel className={classes.noPrint} />
      <DashboardTabs
        tabs={OWNER_TABS}
        value={tab}
        onChange={setTab}
        label={t('tabs.label')}
        title={(name) => t(`tabs.${name}`)}
        icons={ICONS}
        panels={panels}
        testIdPrefix="owner-tab"
        listClassName={classes.noPrint}
      />
    </Stack>
  );
}
