import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './use-admin-mutation';

/** Deletes a redemption card that was never redeemed. */
export function deleteCard(id: number) {
  return unwrap(api.DELETE('/api/v1/admin/redemption-cards/{id}', { params: { path: { id } } }));
}

export const useDeleteCard = () => useAdminMutation(deleteCard, [adminKeys.cards()]);
