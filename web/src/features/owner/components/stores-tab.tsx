import { Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconBuildingStore, IconPencil, IconRosette } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyCard } from '@/components/empty-card';
import { QueryTable } from '@/components/record-table';
import { isolate, useFormat } from '@/lib/format';
import { Notice } from '@/components/notice';
import { ConfirmRecordAction } from '@/components/confirm-dialog';
import { EditDeleteActions } from '@/components/row-action';
import { useConfirmation } from '@/components/use-confirmation';
import { StoreModal } from '@/components/store-modal';
import { useEditor } from '@/components/use-editor';
import { AddHeader } from './add-header';
import { StampCardModal } from './stamp-card-modal';
import { useOwnerStores } from '../api/dashboard-queries';
import { useDeleteStore, useSaveStore } from '../api/store-mutations';
import { useSubscriptionStatus } from '../api/subscription';
import type { Store, SubscriptionStatus } from '../types';

export function StoresTab() {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const stores = useOwnerStores();
  const status = useSubscriptionStatus();
  const save = useSaveStore();
  const editor = useEditor<Store>();
  const deleting = useConfirmation<Store>();
  const remove = useDeleteStore();
  const [stampStore, setStampStore] = useState<Store | null>(null);
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
      <OverLimit status={status.data} />
      <QueryTable
        query={stores}
        minWidth={640}
        striped
        highlightOnHover
        withTableBorder
        empty={
          <EmptyCard icon={<IconBuildingStore size={40} color="var(--mantine-color-gray-5)" aria-hidden />}>
            {t('stores.empty')}
          </EmptyCard>
        }
        columns={[
          { header: t('stores.name'), td: { fw: 600 }, cell: (store) => store.name },
          { header: t('stores.address'), cell: (store) => store.address || t('dash') },
          { header: t('stores.customers'), cell: (store) => format.number(store.customers) },
          { header: t('stores.points'), cell: (store) => format.points(store.points) },
          { header: t('stores.salesToday'), cell: (store) => format.lyd(store.sales_today) },
          { header: t('stores.createdAt'), cell: (store) => format.date(store.created_at) },
          {
            header: t('stampCard.column'),
            cell: (store) => (
              <Button
                size="xs"
                variant="light"
                leftSection={<IconRosette size={16} aria-hidden />}
                aria-label={`${t('stampCard.open')}: ${store.name}`}
                onClick={() => setStampStore(store)}
                data-testid="stamp-card-button"
              >
                {t('stampCard.open')}
              </Button>
            ),
          },
          {
            header: t('stores.actions'),
            cell: (store) => (
              <EditDeleteActions
                editIcon={IconPencil}
                editLabel={`${t('stores.editStore')}: ${store.name}`}
                deleteLabel={`${t('stores.deleteStore')}: ${store.name}`}
                onEdit={() => editor.open(store)}
                onDelete={() => deleting.ask(store)}
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
      <StampCardModal store={stampStore} onClose={() => setStampStore(null)} />
      <ConfirmRecordAction
        confirmation={deleting}
        message={(store) => t('stores.confirmDelete', { name: store.name })}
        confirmLabel={t('stores.delete')}
        action={remove}
        success={t('stores.deleted')}
        failure={t('stores.deleteFailed')}
      />
    </Stack>
  );
}

/**
 * After a smaller plan (issue #35, item 2): how many stores are beyond its limit, now or once the
 * queued plan starts, with the server's figures. Those stores keep selling; only adding waits.
 */
function OverLimit({ status }: { status: SubscriptionStatus | undefined }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  if (!status) return null;
  const now = status.stores_over_limit > 0 && status.active_subscription;
  const next = status.stores_over_next_limit > 0 && status.next_subscription;
  if (!now && !next) return null;
  return (
    <Notice color="orange" icon={IconAlertTriangle} data-testid="stores-tab-over-limit">
      {now && (
        <Text size="sm">
          {t('stores.overLimit', {
            count: status.stores_over_limit,
            n: format.number(status.stores_over_limit),
            plan: isolate(now.package.name),
            limit: format.number(now.package.store_limit),
            stores: format.number(status.current_store_count),
          })}
        </Text>
      )}
      {next && (
        <Text size="sm">
          {t('stores.overNextLimit', {
            count: status.stores_over_next_limit,
            n: format.number(status.stores_over_next_limit),
            plan: isolate(next.package.name),
            limit: format.number(next.package.store_limit),
            stores: format.number(status.current_store_count),
            date: format.date(next.starts_at),
          })}
        </Text>
      )}
    </Notice>
  );
}
