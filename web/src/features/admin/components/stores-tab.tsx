import { Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ScrollTable } from '@/components/scroll-table';
import { useFormat } from '@/lib/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RowAction } from '@/components/row-action';
import { useConfirmation } from '@/components/use-confirmation';
import { useEditor } from '@/components/use-editor';
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
  const editor = useEditor<AdminStore>();
  const deleting = useConfirmation<AdminStore>();
  const remove = useDeleteStore();
  const save = useSaveStore();

  return (
    <Stack>
      <Group justify="flex-end">
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => editor.open(null)}
          data-testid="add-store"
        >
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
                          <RowAction
                            icon={IconEdit}
                            tooltip={t('edit')}
                            label={t('stores.editNamed', { name: store.name })}
                            onClick={() => editor.open(store)}
                          />
                          <RowAction
                            icon={IconTrash}
                            color="red"
                            tooltip={t('delete')}
                            label={t('stores.deleteNamed', { name: store.name })}
                            onClick={() => deleting.ask(store)}
                          />
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
        opened={editor.opened}
        store={editor.item}
        onClose={editor.close}
        save={save.mutateAsync}
        text={(key) => t(key)}
        submitLabel={editor.item ? t('save') : t('stores.create')}
        owner={{ required: t('stores.ownerRequired'), render: (input) => <StoreOwnerSelect {...input} /> }}
      />
      <ConfirmDialog
        {...deleting.dialog}
        message={deleting.asked ? t('stores.confirmDelete', { name: deleting.asked.name }) : ''}
        confirmLabel={t('delete')}
        danger
        busy={remove.isPending}
        onConfirm={() =>
          deleting.asked &&
          deleting.settle(
            remove.mutateAsync(deleting.asked.id),
            t('stores.deleted'),
            t('stores.deleteFailed'),
          )
        }
      />
    </Stack>
  );
}
