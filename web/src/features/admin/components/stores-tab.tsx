import { Button, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/components/record-table';
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
        {(list) => (
          <RecordTable
            rows={list}
            minWidth={820}
            striped
            highlightOnHover
            verticalSpacing="sm"
            data-testid="stores-table"
            rowTestId="store-row"
            empty={
              <Text c="dimmed" ta="center" py="lg">
                {t('stores.empty')}
              </Text>
            }
            columns={[
              { header: t('stores.name'), td: { fw: 500 }, cell: (store) => store.name },
              { header: t('stores.owner'), cell: (store) => store.owner.name },
              { header: t('stores.address'), cell: (store) => store.address || '—' },
              {
                header: t('stores.customers'),
                align: 'end',
                cell: (store) => format.number(store.customers),
              },
              { header: t('stores.points'), align: 'end', cell: (store) => format.points(store.points) },
              {
                header: t('stores.salesToday'),
                align: 'end',
                td: { style: { whiteSpace: 'nowrap' } },
                cell: (store) => format.lyd(store.sales_today),
              },
              {
                header: t('actions'),
                cell: (store) => (
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
                ),
              },
            ]}
          />
        )}
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
