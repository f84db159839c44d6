import { ActionIcon, Button, Group, Stack, Table, Text, Title } from '@mantine/core';
import { IconBuildingStore, IconPencil, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyCard } from '@/components/empty-card';
import { ScrollTable } from '@/components/scroll-table';
import { useFormat } from '@/lib/format';
import { QueryState } from '@/components/query-state';
import { StoreModal } from '@/components/store-modal';
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
  const [modal, setModal] = useState<{ store: Store | null } | null>(null);
  // The server says how many stores the plan still allows: at 0 the button says why it is off.
  const full = status.data !== undefined && status.data.remaining_store_slots === 0;
  const fullReason = !status.data?.has_active_subscription ? t('stores.noPlan') : t('stores.limitReached');

  return (
    <Stack data-testid="owner-stores">
      <Group justify="space-between">
        <Title order={2} fz="h3">
          {t('stores.title')}
        </Title>
        <Stack gap={4} align="flex-end">
          <Button
            leftSection={<IconPlus size={18} />}
            onClick={() => setModal({ store: null })}
            disabled={full}
            aria-describedby={full ? 'add-store-reason' : undefined}
          >
            {t('stores.add')}
          </Button>
          {full && (
            <Text size="sm" c="dimmed" id="add-store-reason" data-testid="add-store-reason">
              {fullReason}
            </Text>
          )}
        </Stack>
      </Group>
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
                        <ActionIcon
                          variant="subtle"
                          aria-label={`${t('stores.editStore')}: ${store.name}`}
                          onClick={() => setModal({ store })}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
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
        opened={modal !== null}
        store={modal?.store ?? null}
        onClose={() => setModal(null)}
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
