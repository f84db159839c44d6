import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { CardBatchRequest } from '../types';
import { adminKeys } from './admin-keys';
import { useAdminMutation } from './use-admin-mutation';

/** Makes a batch of redemption cards for one package. */
export function createCardBatch(body: CardBatchRequest) {
  return unwrap(api.POST('/api/v1/admin/redemption-cards/batch', { body })).then((answer) => answer.data);
}

export const useCreateCardBatch = () => useAdminMutation(createCardBatch, [adminKeys.cards()]);
