import { Stack, Table } from '@mantine/core';
import { IconBuildingStore, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyCard } from '@/components/empty-card';
import { ScrollTable } from '@/components/scroll-table';
import { useFormat } from '@/lib/format';
import { QueryState } from '@/components/query-state';
import { RowAction } from '@/components/row-action';
import { StoreModal } from '@/components/store-modal';
import { useEditor } from '@/components/use-editor';
import { AddHeader } from './add-header';
import { useOwnerStores } from '../api/dashboard-queries';
import { useSaveStore } from '../api/store-mutations';
import { useSubscriptionStatus } from '../api/subscription';
import type { Store } from '../types';

export function StoresTab() {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const stores = useOwnerStores();
  const status = useSubscriptionStatus();
  const save = useSaveStore();
  const editor = useEditor<Store>();
  // The server says how many stores the plan still allows: at 0 the button says why it is off.
  const full = status.data !== undefined && status.data.remaining_store_slots === 0;
  const fullReason = !status.data?.has_active_subscription ? t('stores.noPlan') : t('stores.limitReached');

  return (
    <Stack data-testid="owner-stores">
      <AddHeader
        title={t('stores.title')}
        addLabel={t('stores.add')}
        onAdd={() => editor.open(null)}
        blocked={full ? fullReason : null}
        reasonId="add-store-reason"
      />
      <QueryState query={stores}>
        {(list) =>
          list.length === 0 ? (
            <EmptyCard icon={<IconBuildingStore size={40} color="var(--mantine-color-gray-5)" aria-hidden />}>
              {t('stores.empty')}
            </EmptyCard>
          ) : (
            <ScrollTable minWidth={640}>
              <Table striped highlightOnHover withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('stores.name')}</Table.Th>
                    <Table.Th>{t('stores.address')}</Table.Th>
                    <Table.Th>{t('stores.customers')}</Table.Th>
                    <Table.Th>{t('stores.points')}</Table.Th>
                    <Table.Th>{t('stores.salesToday')}</Table.Th>
                    <Table.Th>{t('stores.createdAt')}</Table.Th>
                    <Table.Th>{t('stores.actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((store) => (
                    <Table.Tr key={store.id}>
                      <Table.Td fw={600}>{store.name}</Table.Td>
                      <Table.Td>{store.address || t('dash')}</Table.Td>
                      <Table.Td>{format.number(store.customers)}</Table.Td>
                      <Table.Td>{format.points(store.points)}</Table.Td>
                      <Table.Td>{format.lyd(store.sales_today)}</Table.Td>
                      <Table.Td>{format.date(store.created_at)}</Table.Td>
                      <Table.Td>
                        <RowAction
                          icon={IconPencil}
                          label={`${t('stores.editStore')}: ${store.name}`}
                          onClick={() => editor.open(store)}
                        />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )
        }
      </QueryState>
      <StoreModal
        opened={editor.opened}
        store={editor.item}
        onClose={editor.close}
        save={save.mutateAsync}
        text={(key) => t(key)}
        submitLabel={t('save')}
        pendingLabel={t('saving')}
        failureTitle={(code) =>
          code === 'store_limit_reached'
            ? t('stores.limitTitle')
            : code === 'no_active_plan'
              ? t('stores.noPlanTitle')
              : undefined
        }
        errorTestId="store-error"
      />
    </Stack>
  );
}
