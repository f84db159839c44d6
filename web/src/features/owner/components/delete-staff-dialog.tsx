import { Button, Divider, getDefaultZIndex, Group, Modal, Stack, Text } from '@mantine/core';
import { IconTrash, IconUserOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form/form-error';
import { messageOf } from '@/lib/api/errors';
import { isolate } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { useDeleteStaff, useSetStaffActive } from '../api/staff-mutations';
import type { StaffUser } from '../types';

interface DeleteStaffDialogProps {
  user: StaffUser | null;
  onClose: () => void;
}

/**
 * Deleting a POS user (issue #35): the server keeps anyone with sales, redemptions or points
 * changes (409 `user_has_history`) and nothing in the list says who has them, so the question
 * leads with what always works, deactivating, and only then offers the delete that cannot be
 * undone. A refusal is the server's own words, in the dialog, with "Deactivate instead" still there.
 */
export function DeleteStaffDialog({ user, onClose }: DeleteStaffDialogProps) {
  const { t } = useTranslation('owner');
  const common = useTranslation().t;
  const remove = useDeleteStaff();
  const setActive = useSetStaffActive();
  const busy = remove.isPending || setActive.isPending;
  const failure = remove.isError
    ? messageOf(remove.error, t('staff.deleteFailed'))
    : setActive.isError
      ? messageOf(setActive.error, t('staff.toggleFailed'))
      : null;

  function close() {
    remove.reset();
    setActive.reset();
    onClose();
  }

  function deactivate() {
    if (!user) return;
    setActive.mutate(
      { id: user.id, active: false },
      {
        onSuccess: () => {
          showToast(t('staff.deactivated'));
          close();
        },
      },
    );
  }

  function confirmDelete() {
    if (!user) return;
    setActive.reset();
    remove.mutate(user.id, {
      onSuccess: () => {
        showToast(t('staff.deleted'));
        close();
      },
    });
  }

  const name = user ? isolate(user.name) : '';
  return (
    <Modal
      opened={user !== null}
      onClose={close}
      title={t('staff.deleteTitle')}
      centered
      closeButtonProps={{ 'aria-label': common('common.close') }}
      styles={{ title: { fontWeight: 700 } }}
      zIndex={getDefaultZIndex('modal') + 1}
    >
      {user && (
        <Stack data-testid="delete-staff-dialog">
          {user.is_active ? (
            <>
              <Text>{t('staff.deactivateFirst', { name })}</Text>
              <Group justify="flex-end">
                <Button
                  leftSection={<IconUserOff size={18} aria-hidden />}
                  onClick={deactivate}
                  loading={setActive.isPending}
                  disabled={remove.isPending}
                  data-autofocus
                  data-testid="deactivate-instead"
                >
                  {t('staff.deactivateInstead')}
                </Button>
              </Group>
            </>
          ) : (
            <Text>{t('staff.alreadyInactive', { name })}</Text>
          )}
          <Divider />
          <Text>
            {t('staff.deleteOnlyWithout')} {t('staff.confirmDelete', { name })}
          </Text>
          <FormError message={failure} testId="confirm-error" />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={busy}>
              {common('common.goBack')}
            </Button>
            <Button
              color="red"
              variant="light"
              leftSection={<IconTrash size={18} aria-hidden />}
              onClick={confirmDelete}
              loading={remove.isPending}
              disabled={setActive.isPending}
              data-testid="confirm-delete"
            >
              {t('staff.delete')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
