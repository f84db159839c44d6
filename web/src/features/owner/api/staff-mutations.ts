import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toApiError } from '@/lib/api/errors';
import type { StaffRequest, StaffUser } from '../types';
import { ownerKeys } from './owner-keys';

export interface SaveStaffInput {
  id?: number;
  body: StaffRequest;
}

export async function saveStaff({ id, body }: SaveStaffInput): Promise<StaffUser> {
  const { data, error, response } = id
    ? await api.PUT('/api/v1/store-owner/pos-users/{id}', { params: { path: { id } }, body })
    : await api.POST('/api/v1/store-owner/pos-users', { body });
  if (!data) throw toApiError(response, error);
  return data.data;
}

export async function deleteStaff(id: number): Promise<void> {
  const { error, response } = await api.DELETE('/api/v1/store-owner/pos-users/{id}', {
    params: { path: { id } },
  });
  if (!response.ok) throw toApiError(response, error);
}

export async function setStaffActive({ id, active }: { id: number; active: boolean }): Promise<StaffUser> {
  const options = { params: { path: { id } } };
  const { data, error, response } = active
    ? await api.POST('/api/v1/store-owner/pos-users/{id}/activate', options)
    : await api.POST('/api/v1/store-owner/pos-users/{id}/deactivate', options);
  if (!data) throw toApiError(response, error);
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
