import { ActionIcon, Button, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '@/components/scroll-table';
import { messageOf } from '@/lib/api/errors';
import { useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { QueryState } from '@/components/query-state';
import { StoreModal } from '@/components/store-modal';
import { useDeleteStore } from '../api/delete-store';
import { useSaveStore } from '../api/save-store';
import { useStores } from '../api/list-stores';
import type { AdminStore } from '../types';
import { StoreOwnerSelect } from './store-owner-select';

export function StoresTab() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const stores = useStores();
  const [editing, setEditing] = useState<AdminStore | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const [deleting, setDeleting] = useState<AdminStore | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const remove = useDeleteStore();
  const save = useSaveStore();

  function open(store: AdminStore | null) {
    setEditing(store);
    setModalOpen(true);
  }

  return (
    <Stack>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} />} onClick={() => open(null)} data-testid="add-store">
          {t('stores.add')}
        </Button>
      </Group>
      <QueryState query={stores}>
        {(list) =>
          list.length === 0 ? (
            <Text c="dimmed" ta="center" py="lg">
              {t('stores.empty')}
            </Text>
          ) : (
            <ScrollTable minWidth={820}>
              <Table striped highlightOnHover verticalSpacing="sm" data-testid="stores-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('stores.name')}</Table.Th>
                    <Table.Th>{t('stores.owner')}</Table.Th>
                    <Table.Th>{t('stores.address')}</Table.Th>
                    <Table.Th ta="end">{t('stores.customers')}</Table.Th>
                    <Table.Th ta="end">{t('stores.points')}</Table.Th>
                    <Table.Th ta="end">{t('stores.salesToday')}</Table.Th>
                    <Table.Th>{t('actions')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((store) => (
                    <Table.Tr key={store.id} data-testid="store-row">
                      <Table.Td fw={500}>{store.name}</Table.Td>
                      <Table.Td>{store.owner.name}</Table.Td>
                      <Table.Td>{store.address || '—'}</Table.Td>
                      <Table.Td ta="end">{format.number(store.customers)}</Table.Td>
                      <Table.Td ta="end">{format.points(store.points)}</Table.Td>
                      <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                        {format.lyd(store.sales_today)}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={4} wrap="nowrap">
                          <Tooltip label={t('edit')}>
                            <ActionIcon
                              variant="subtle"
                              aria-label={t('stores.editNamed', { name: store.name })}
                              onClick={() => open(store)}
                            >
                              <IconEdit size={18} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label={t('delete')}>
                            <ActionIcon
                              variant="subtle"
                              color="red"
                              aria-label={t('stores.deleteNamed', { name: store.name })}
                              onClick={() => {
                                setDeleteError(null);
                                setDeleting(store);
                              }}
                            >
                              <IconTrash size={18} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
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
        opened={modalOpen}
        store={editing}
        onClose={() => setModalOpen(false)}
        save={save.mutateAsync}
        text={(key) => t(key)}
        submitLabel={editing ? t('save') : t('stores.create')}
        owner={{ required: t('stores.ownerRequired'), render: (input) => <StoreOwnerSelect {...input} /> }}
      />
      <ConfirmDialog
        opened={deleting !== null}
        message={deleting ? t('stores.confirmDelete', { name: deleting.name }) : ''}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        error={deleteError}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              showToast(t('stores.deleted'));
              setDeleting(null);
            },
            onError: (error) => setDeleteError(messageOf(error, t('stores.deleteFailed'))),
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
