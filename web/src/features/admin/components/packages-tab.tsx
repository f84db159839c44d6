import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconEdit, IconToggleLeft, IconToggleRight, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { QueryTable } from '@/components/record-table';
import { useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RowAction } from '@/components/row-action';
import { useConfirmation } from '@/components/use-confirmation';
import { useEditor } from '@/components/use-editor';
import { useDeletePackage } from '../api/delete-package';
import { useTogglePackage } from '../api/toggle-package';
import { usePackages } from '../api/list-packages';
import type { Package } from '../types';
import { ADMIN_TABLE, AddButton } from './admin-table';
import { PackageModal } from './package-modal';

type Pending = { pkg: Package; action: 'delete' | 'toggle' };

export function PackagesTab() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const packages = usePackages();
  const editor = useEditor<Package>();
  const confirmation = useConfirmation<Pending>();
  const pending = confirmation.asked;
  const toggle = useTogglePackage();
  const remove = useDeletePackage();

  function confirm() {
    if (!pending) return;
    const { pkg, action } = pending;
    if (action === 'delete') {
      confirmation.settle(remove.mutateAsync(pkg.id), t('packages.deleted'), t('packages.deleteFailed'));
    } else {
      confirmation.settle(
        toggle.mutateAsync(pkg.id),
        (saved) => showToast(saved.data.is_active ? t('packages.enabled') : t('packages.disabled')),
        t('packages.toggleFailed'),
      );
    }
  }

  return (
    <Stack>
      <Group justify="flex-end">
        <AddButton onClick={() => editor.open(null)} testId="add-package">
          {t('packages.add')}
        </AddButton>
      </Group>
      <QueryTable
        query={packages}
        {...ADMIN_TABLE}
        minWidth={860}
        data-testid="packages-table"
        rowTestId="package-row"
        empty={t('packages.empty')}
        columns={[
          { header: t('packages.name'), td: { fw: 500 }, cell: (pkg) => pkg.name },
          {
            header: t('packages.description'),
            td: { maw: 280 },
            cell: (pkg) => (
              <Text size="sm" lineClamp={2}>
                {pkg.description || '—'}
              </Text>
            ),
          },
          {
            header: t('packages.price'),
            align: 'end',
            td: { style: { whiteSpace: 'nowrap' } },
            cell: (pkg) => format.lyd(pkg.price),
          },
          {
            header: t('packages.storeLimit'),
            align: 'end',
            cell: (pkg) =>
              t('packages.storesCount', {
                count: pkg.store_limit,
                value: format.number(pkg.store_limit),
              }),
          },
          {
            header: t('packages.duration'),
            td: { style: { whiteSpace: 'nowrap' } },
            cell: (pkg) =>
              t('months', { count: pkg.duration_months, value: format.number(pkg.duration_months) }),
          },
          {
            header: t('packages.status'),
            cell: (pkg) => (
              <Badge color={pkg.is_active ? 'green' : 'gray'} variant="light">
                {pkg.is_active ? t('active') : t('inactive')}
              </Badge>
            ),
          },
          {
            header: t('actions'),
            cell: (pkg) => (
              <Group gap={4} wrap="nowrap">
                <RowAction
                  icon={IconEdit}
                  tooltip={t('edit')}
                  label={t('packages.editNamed', { name: pkg.name })}
                  onClick={() => editor.open(pkg)}
                />
                <RowAction
                  icon={pkg.is_active ? IconToggleRight : IconToggleLeft}
                  color={pkg.is_active ? 'orange' : 'green'}
                  tooltip={pkg.is_active ? t('packages.disable') : t('packages.enable')}
                  label={t(pkg.is_active ? 'packages.disableNamed' : 'packages.enableNamed', {
                    name: pkg.name,
                  })}
                  onClick={() => confirmation.ask({ pkg, action: 'toggle' })}
                />
                <RowAction
                  icon={IconTrash}
                  color="red"
                  tooltip={t('delete')}
                  label={t('packages.deleteNamed', { name: pkg.name })}
                  onClick={() => confirmation.ask({ pkg, action: 'delete' })}
                />
              </Group>
            ),
          },
        ]}
      />
      <PackageModal {...editor.modal} pkg={editor.item} />
      <ConfirmDialog
        {...confirmation.dialog}
        message={
          pending
            ? pending.action === 'delete'
              ? t('confirmDeleteNamed', { name: pending.pkg.name })
              : pending.pkg.is_active
                ? t('packages.confirmDisable', { name: pending.pkg.name })
                : t('packages.confirmEnable', { name: pending.pkg.name })
            : ''
        }
        confirmLabel={
          pending?.action === 'delete'
            ? t('delete')
            : pending?.pkg.is_active
              ? t('packages.disable')
              : t('packages.enable')
        }
        danger={pending?.action === 'delete' || pending?.pkg.is_active}
        busy={remove.isPending || toggle.isPending}
        onConfirm={confirm}
      />
    </Stack>
  );
}
