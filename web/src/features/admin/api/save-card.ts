import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { CardRequest } from '../types';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './use-admin-mutation';

/** Creates a redemption card (no id) or updates one. */
export function saveCard({ id, body }: { id?: number; body: CardRequest }) {
  return unwrap(
    id
      ? api.PUT('/api/v1/admin/redemption-cards/{id}', { params: { path: { id } }, body })
      : api.POST('/api/v1/admin/redemption-cards', { body }),
  );
}

export const useSaveCard = () => useAdminMutation(saveCard, [adminKeys.cards()]);
