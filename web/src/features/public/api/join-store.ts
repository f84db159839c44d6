import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { JoinedStore, JoinStoreRequest } from './types';

/**
 * POST /public/stores/{token}/join: 409 `already_joined` when the phone is already a member,
 * 404 when the link was revoked after the page loaded.
 */
export async function joinStore(token: string, body: JoinStoreRequest): Promise<JoinedStore> {
  const data = await unwrap(
    api.POST('/api/v1/public/stores/{token}/join', {
      params: { path: { token } },
      body,
    }),
  );
  return data.data.store;
}

export function useJoinStore(token: string) {
  return useMutation({ mutationFn: (body: JoinStoreRequest) => joinStore(token, body) });
}
