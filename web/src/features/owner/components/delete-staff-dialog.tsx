import { useTranslation } from 'react-i18next';
import { DeactivateInsteadDialog } from '@/components/deactivate-instead-dialog';
import { isolate } from '@/lib/format';
import { useDeleteStaff, useSetStaffActive } from '../api/staff-mutations';
import type { StaffUser } from '../types';

interface DeleteStaffDialogProps {
  user: StaffUser | null;
  onClose: () => void;
}

/** Deleting a POS user: "Deactivate instead" first, the delete that cannot be undone after. */
export function DeleteStaffDialog({ user, onClose }: DeleteStaffDialogProps) {
  const { t } = useTranslation('owner');
  const remove = useDeleteStaff();
  const setActive = useSetStaffActive();
  const name = user ? isolate(user.name) : '';
  return (
    <DeactivateInsteadDialog
      person={user}
      onClose={onClose}
      deactivate={() => (user ? setActive.mutateAsync({ id: user.id, active: false }) : Promise.resolve())}
      remove={() => (user ? remove.mutateAsync(user.id) : Promise.resolve())}
      texts={{
        title: t('staff.deleteTitle'),
        deactivateFirst: t('staff.deactivateFirst', { name }),
        alreadyInactive: t('staff.alreadyInactive', { name }),
        deleteQuestion: `${t('staff.deleteOnlyWithout')} ${t('staff.confirmDelete', { name })}`,
        deactivateInstead: t('staff.deactivateInstead'),
        delete: t('staff.delete'),
        deactivated: t('staff.deactivated'),
        deleted: t('staff.deleted'),
        deactivateFailed: t('staff.toggleFailed'),
        deleteFailed: t('staff.deleteFailed'),
      }}
    />
  );
}
