import { Badge, Group, Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconSearch, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '@/components/ltr';
import { PagedQueryTable } from '@/components/record-table';
import { useCurrentUser } from '@/lib/session/current-user';
import { useDeleteUser } from '../api/delete-user';
import { useSetUserActive } from '../api/set-user-active';
import { useUsers } from '../api/list-users';
import type { AdminUser, UserRole } from '../types';
import { ADMIN_TABLE, AddButton } from './admin-table';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RowAction } from '@/components/row-action';
import { useConfirmation } from '@/components/use-confirmation';
import { useEditor } from '@/components/use-editor';
import { UserModal } from './user-modal';
import { DeactivateInsteadDialog } from '@/components/deactivate-instead-dialog';
import { isolate } from '@/lib/format';

const PER_PAGE = 10;
const ROLE_COLOR: Record<UserRole, string> = { admin: 'red', store_owner: 'indigo', pos_user: 'teal' };

type Pending = { user: AdminUser; action: 'activate' | 'deactivate' };

export function UsersTab() {
  const { t } = useTranslation('admin');
  const { data: me } = useCurrentUser();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const users = useUsers({ search: debounced || undefined, page, per_page: PER_PAGE });
  const editor = useEditor<AdminUser>();
  const confirmation = useConfirmation<Pending>();
  const pending = confirmation.asked;
  const setActive = useSetUserActive();
  const remove = useDeleteUser();
  const [toDelete, setToDelete] = useState<AdminUser | null>(null);

  function confirm() {
    if (!pending) return;
    const { user, action } = pending;
    const active = action === 'activate';
    confirmation.settle(
      setActive.mutateAsync({ id: user.id, active }),
      active ? t('users.activated') : t('users.deactivated'),
      t('users.statusFailed'),
    );
  }

  function actionsFor(user: AdminUser) {
    const self = user.id === me?.id;
    return (
      <Group gap={4} wrap="nowrap">
        <RowAction
          icon={IconEdit}
          tooltip={t('edit')}
          label={t('users.editNamed', { name: user.name })}
          onClick={() => editor.open(user)}
        />
        <RowAction
          icon={user.is_active ? IconPlayerPause : IconPlayerPlay}
          color={user.is_active ? 'orange' : 'green'}
          disabled={self}
          tooltip={
            self ? t('users.notYourself') : user.is_active ? t('users.deactivate') : t('users.activate')
          }
          label={t(user.is_active ? 'users.deactivateNamed' : 'users.activateNamed', { name: user.name })}
          onClick={() => confirmation.ask({ user, action: user.is_active ? 'deactivate' : 'activate' })}
        />
        <RowAction
          icon={IconTrash}
          color="red"
          disabled={self}
          tooltip={self ? t('users.notYourself') : t('delete')}
          label={t('users.deleteNamed', { name: user.name })}
          onClick={() => setToDelete(user)}
        />
      </Group>
    );
  }

  return (
    <Stack>
      <Group justify="space-between">
        <TextInput
          aria-label={t('users.search')}
          placeholder={t('users.search')}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
          data-testid="users-search"
        />
        <AddButton onClick={() => editor.open(null)} testId="add-user">
          {t('users.add')}
        </AddButton>
      </Group>
      <PagedQueryTable
        query={users}
        onPage={setPage}
        {...ADMIN_TABLE}
        minWidth={760}
        data-testid="users-table"
        rowTestId="user-row"
        empty={t('users.empty')}
        columns={[
          {
            header: t('users.name'),
            td: { fw: 500 },
            cell: (user) => (
              <>
                {user.name}
                {user.id === me?.id && (
                  <Text span size="xs" c="dimmed" ms={6}>
                    {t('users.you')}
                  </Text>
                )}
              </>
            ),
          },
          { header: t('users.email'), cell: (user) => <Ltr>{user.email}</Ltr> },
          {
            header: t('users.role'),
            cell: (user) => (
              <Badge color={ROLE_COLOR[user.role]} variant="light">
                {t(`roles.${user.role}`)}
              </Badge>
            ),
          },
          { header: t('users.store'), cell: (user) => user.store?.name ?? user.store_owner_name ?? '—' },
          {
            header: t('users.status'),
            cell: (user) => (
              <Badge color={user.is_active ? 'green' : 'gray'} variant="light">
                {user.is_active ? t('active') : t('inactive')}
              </Badge>
            ),
          },
          { header: t('actions'), cell: actionsFor },
        ]}
      />
      <UserModal {...editor.modal} user={editor.item} />
      <DeactivateInsteadDialog
        person={toDelete}
        onClose={() => setToDelete(null)}
        deactivate={() =>
          toDelete ? setActive.mutateAsync({ id: toDelete.id, active: false }) : Promise.resolve()
        }
        remove={() => (toDelete ? remove.mutateAsync(toDelete.id) : Promise.resolve())}
        texts={{
          title: t('users.deleteTitle'),
          deactivateFirst: t('users.deactivateFirst', { name: isolate(toDelete?.name ?? '') }),
          alreadyInactive: t('users.alreadyInactive', { name: isolate(toDelete?.name ?? '') }),
          deleteQuestion: `${t('users.deleteOnlyWithout')} ${t('users.confirmDelete', { name: isolate(toDelete?.name ?? '') })}`,
          deactivateInstead: t('users.deactivateInstead'),
          delete: t('delete'),
          deactivated: t('users.deactivated'),
          deleted: t('users.deleted'),
          deactivateFailed: t('users.statusFailed'),
          deleteFailed: t('users.deleteFailed'),
        }}
      />
      <ConfirmDialog
        {...confirmation.dialog}
        message={
          pending
            ? pending.action === 'activate'
              ? t('users.confirmActivate', { name: pending.user.name })
              : t('users.confirmDeactivate', { name: pending.user.name })
            : ''
        }
        confirmLabel={pending?.action === 'activate' ? t('users.activate') : t('users.deactivate')}
        danger={pending?.action !== 'activate'}
        busy={setActive.isPending}
        onConfirm={confirm}
      />
    </Stack>
  );
}
