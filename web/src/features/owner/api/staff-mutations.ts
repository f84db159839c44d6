import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { StaffRequest, StaffUser } from '../types';
import { ownerKeys } from './owner-keys';

export interface SaveStaffInput {
  id?: number;
  body: StaffRequest;
}

export async function saveStaff({ id, body }: SaveStaffInput): Promise<StaffUser> {
  const data = await (id
    ? unwrap(api.PUT('/api/v1/store-owner/pos-users/{id}', { params: { path: { id } }, body }))
    : unwrap(api.POST('/api/v1/store-owner/pos-users', { body })));
  return data.data;
}

export async function deleteStaff(id: number): Promise<void> {
  await unwrap(api.DELETE('/api/v1/store-owner/pos-users/{id}', { params: { path: { id } } }));
}

/** Lets a POS user sign in or stops it (its sessions end): a merge patch naming only `is_active`. */
export async function setStaffActive({ id, active }: { id: number; active: boolean }): Promise<StaffUser> {
  const data = await unwrap(
    api.PATCH('/api/v1/store-owner/pos-users/{id}', {
      params: { path: { id } },
      body: { is_active: active },
      headers: { 'Content-Type': 'application/merge-patch+json' },
    }),
  );
  return data.data;
}

function useStaffMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ownerKeys.staff() }),
  });
}

export const useSaveStaff = () => useStaffMutation(saveStaff);
export const useDeleteStaff = () => useStaffMutation(deleteStaff);
export const useSetStaffActive = () => useStaffMutation(setStaffActive);
