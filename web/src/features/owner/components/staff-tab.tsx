import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash, IconUserCheck, IconUserOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyCard } from '@/components/empty-card';
import { QueryTable } from '@/components/record-table';
import { isolate } from '@/lib/format';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RowAction } from '@/components/row-action';
import { useConfirmation } from '@/components/use-confirmation';
import { useEditor } from '@/components/use-editor';
import { useStaff } from '../api/dashboard-queries';
import { useSetStaffActive } from '../api/staff-mutations';
import { useMayAddStaffAndRewards } from '../api/subscription';
import type { StaffUser } from '../types';
import { AddHeader } from './add-header';
import { DeleteStaffDialog } from './delete-staff-dialog';
import { StaffModal } from './staff-modal';

type Pending = { action: 'activate' | 'deactivate'; user: StaffUser };

export function StaffTab() {
  const { t } = useTranslation('owner');
  const staff = useStaff();
  const setActive = useSetStaffActive();
  const editor = useEditor<StaffUser>();
  const confirmation = useConfirmation<Pending>('as-toast');
  const pending = confirmation.asked;
  const mayGrow = useMayAddStaffAndRewards();
  const [toDelete, setToDelete] = useState<StaffUser | null>(null);

  function confirm() {
    if (!pending) return;
    const { action, user } = pending;
    confirmation.settle(
      setActive.mutateAsync({ id: user.id, active: action === 'activate' }),
      action === 'activate' ? t('staff.activated') : t('staff.deactivated'),
      t('staff.toggleFailed'),
    );
  }

  const confirmText = pending
    ? {
        activate: t('staff.confirmActivate', { name: isolate(pending.user.name) }),
        deactivate: t('staff.confirmDeactivate', { name: isolate(pending.user.name) }),
      }[pending.action]
    : '';

  return (
    <Stack data-testid="owner-staff">
      <AddHeader
        title={t('staff.title')}
        addLabel={t('staff.add')}
        onAdd={() => editor.open(null)}
        blocked={mayGrow ? null : t('staff.noPlan')}
        reasonId="staff-no-plan"
      />
      <QueryTable
        query={staff}
        minWidth={640}
        striped
        highlightOnHover
        withTableBorder
        rowTestId="staff-row"
        empty={<EmptyCard>{t('staff.empty')}</EmptyCard>}
        columns={[
          { header: t('staff.name'), td: { fw: 600 }, cell: (user) => user.name },
          { header: t('staff.email'), cell: (user) => <span dir="ltr">{user.email}</span> },
          {
            header: t('staff.storeColumn'),
            cell: (user) =>
              user.store?.name ?? (
                <Text span c="dimmed">
                  {t('staff.noStore')}
                </Text>
              ),
          },
          {
            header: t('staff.status'),
            cell: (user) => (
              <Badge color={user.is_active ? 'green' : 'gray'} variant="light">
                {user.is_active ? t('active') : t('inactive')}
              </Badge>
            ),
          },
          {
            header: t('staff.actions'),
            cell: (user) => (
              <Group gap={4} wrap="nowrap" aria-label={t('staff.actionsFor', { name: user.name })}>
                <RowAction
                  icon={IconPencil}
                  label={`${t('edit')}: ${user.name}`}
                  onClick={() => editor.open(user)}
                />
                <RowAction
                  icon={user.is_active ? IconUserOff : IconUserCheck}
                  color={user.is_active ? 'orange' : 'green'}
                  label={`${user.is_active ? t('staff.deactivate') : t('staff.activate')}: ${user.name}`}
                  disabled={!user.is_active && !mayGrow}
                  aria-describedby={!user.is_active && !mayGrow ? 'staff-no-plan' : undefined}
                  onClick={() =>
                    confirmation.ask({ action: user.is_active ? 'deactivate' : 'activate', user })
                  }
                />
                <RowAction
                  icon={IconTrash}
                  color="red"
                  label={`${t('staff.delete')}: ${user.name}`}
                  onClick={() => setToDelete(user)}
                />
              </Group>
            ),
          },
        ]}
      />
      <StaffModal {...editor.modal} user={editor.item} />
      <DeleteStaffDialog user={toDelete} onClose={() => setToDelete(null)} />
      <ConfirmDialog
        {...confirmation.dialog}
        message={confirmText}
        confirmLabel={pending ? t(`staff.${pending.action}`) : ''}
        danger={pending?.action !== 'activate'}
        busy={setActive.isPending}
        onConfirm={confirm}
      />
    </Stack>
  );
}
