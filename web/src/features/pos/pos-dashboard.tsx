import { Group, Modal, SimpleGrid, Stack, Title } from '@mantine/core';
import {
  IconGift,
  IconHistory,
  IconReceipt2,
  IconUserOff,
  IconUsersGroup,
  type Icon,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CreateInvoiceForm } from './components/create-invoice-form';
import { OfflineStatus } from './components/offline-status';
import { PosTile } from './components/pos-tile';
import { RecentActivityPanel } from './components/recent-activity-panel';
import { RedeemRewardsForm } from './components/redeem-rewards-form';
import { SaleQueuePanel } from './components/sale-queue-panel';
import { TodayStats } from './components/today-stats';
import type { QueuedSale } from '@/lib/offline/sale-queue';
import { useSaleQueue } from './offline/use-sale-queue';

type Panel = 'createInvoice' | 'walkInSale' | 'redeemRewards' | 'customers' | 'recentActivity';

const TILES: readonly { panel: Panel; icon: Icon; color: string; size: string }[] = [
  { panel: 'createInvoice', icon: IconReceipt2, color: 'teal', size: 'lg' },
  { panel: 'walkInSale', icon: IconUserOff, color: 'cyan', size: 'lg' },
  { panel: 'redeemRewards', icon: IconGift, color: 'orange', size: 'xl' },
  { panel: 'customers', icon: IconUsersGroup, color: 'blue', size: 'xl' },
  { panel: 'recentActivity', icon: IconHistory, color: 'grape', size: 'lg' },
];

interface PosDashboardProps {
  /** Customer management, which lives in the customers feature; the app puts it here. */
  customersPanel: ReactNode;
}

/**
 * Spec section 2, POS dashboard: today's counts and the tiles that open modals (the spec's four,
 * and a sale without a customer, issue #38).
 */
export function PosDashboard({ customersPanel }: PosDashboardProps) {
  const { t } = useTranslation();
  // The panel stays set while the modal animates closed, so its content does not vanish first.
  const [panel, setPanel] = useState<Panel>('createInvoice');
  const [opened, setOpened] = useState(false);
  const close = () => setOpened(false);
  // A refused queued sale keyed again opens the invoice dialog with it.
  const [keyedAgain, setKeyedAgain] = useState<QueuedSale | null>(null);
  const current = TILES.find((tile) => tile.panel === panel);
  const queue = useSaleQueue();

  return (
    <Stack gap="xl" data-testid="pos-dashboard">
      <SaleQueuePanel
        queue={queue}
        onKeyAgain={(sale) => {
          setKeyedAgain(sale);
          setPanel('createInvoice');
          setOpened(true);
        }}
      />
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="xl">
            {t('pos.today.title')}
          </Title>
          <OfflineStatus />
        </Group>
        <TodayStats />
      </Stack>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }} spacing="lg">
        {TILES.map(({ panel: tilePanel, icon, color }) => (
          <PosTile
            key={tilePanel}
            icon={icon}
            color={color}
            title={t(`pos.tiles.${tilePanel}.title`)}
            description={t(`pos.tiles.${tilePanel}.description`)}
            onClick={() => {
              setPanel(tilePanel);
              setOpened(true);
            }}
            testId={`tile-${tilePanel}`}
          />
        ))}
      </SimpleGrid>

      {/* A stack, so a dialog opened from a panel (edit a customer) sits on top of it: Escape
          closes only the top one and focus stays in it. */}
      <Modal.Stack>
        <Modal
          stackId="pos-panel"
          opened={opened}
          onClose={() => {
            close();
            setKeyedAgain(null);
          }}
          title={t(`pos.tiles.${panel}.title`)}
          size={current?.size ?? 'lg'}
          closeButtonProps={{ 'aria-label': t('common.close') }}
          styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
          data-testid="pos-modal"
        >
          {/* The dialog stays open after a sale: the receipt is offered, the form is empty again. */}
          {panel === 'createInvoice' && <CreateInvoiceForm initialSale={keyedAgain} />}
          {panel === 'walkInSale' && <CreateInvoiceForm initialWalkIn />}
          {panel === 'redeemRewards' && <RedeemRewardsForm onRedeemed={close} />}
          {panel === 'customers' && customersPanel}
          {panel === 'recentActivity' && <RecentActivityPanel />}
        </Modal>
      </Modal.Stack>
    </Stack>
  );
}
