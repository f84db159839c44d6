import { Group, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '@/components/record-table';
import { useFormat } from '@/lib/format';
import { ConfirmRecordAction } from '@/components/confirm-dialog';
import { EditDeleteActions } from '@/components/row-action';
import { useConfirmation } from '@/components/use-confirmation';
import { useEditor } from '@/components/use-editor';
import { StoreModal } from '@/components/store-modal';
import { useDeleteStore } from '../api/delete-store';
import { useSaveStore } from '../api/save-store';
import { useStores } from '../api/list-stores';
import type { AdminStore } from '../types';
import { ADMIN_TABLE, AddButton } from './admin-table';
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
        <AddButton onClick={() => editor.open(null)} testId="add-store">
          {t('stores.add')}
        </AddButton>
      </Group>
      <QueryTable
        query={stores}
        {...ADMIN_TABLE}
        minWidth={820}
        data-testid="stores-table"
        rowTestId="store-row"
        empty={t('stores.empty')}
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
              <EditDeleteActions
                editLabel={t('stores.editNamed', { name: store.name })}
                deleteLabel={t('stores.deleteNamed', { name: store.name })}
                onEdit={() => editor.open(store)}
                onDelete={() => deleting.ask(store)}
                tooltips={{ edit: t('edit'), delete: t('delete') }}
              />
            ),
          },
        ]}
      />
      <StoreModal
        {...editor.modal}
        store={editor.item}
        save={save.mutateAsync}
        text={(key) => t(key)}
        submitLabel={editor.item ? t('save') : t('stores.create')}
        owner={{ required: t('stores.ownerRequired'), render: (input) => <StoreOwnerSelect {...input} /> }}
      />
      <ConfirmRecordAction
        confirmation={deleting}
        message={(store) => t('stores.confirmDelete', { name: store.name })}
        confirmLabel={t('delete')}
        action={remove}
        success={t('stores.deleted')}
        failure={t('stores.deleteFailed')}
      />
    </Stack>
  );
}
