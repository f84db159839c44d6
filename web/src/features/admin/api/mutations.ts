import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type {
  AssignPackageRequest,
  CardBatchRequest,
  CardRequest,
  PackageRequest,
  StoreRequest,
  UserRequest,
} from '../types';
import { adminKeys } from './admin-keys';

/** A mutation that refreshes the given lists (and the overview's figures) when it succeeds. */
function useAdminMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>, keys: QueryKey[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => {
      for (const queryKey of [...keys, adminKeys.overview()])
        void queryClient.invalidateQueries({ queryKey });
    },
  });
}

export function useSaveUser() {
  return useAdminMutation(
    ({ id, body }: { id?: number; body: UserRequest }) =>
      unwrap(
        id
          ? api.PUT('/api/v1/users/{id}', { params: { path: { id } }, body })
          : api.POST('/api/v1/users', { body }),
      ),
    [adminKeys.users(), adminKeys.storeOwners(), adminKeys.storeOwnerOptions()],
  );
}

export function useSetUserActive() {
  return useAdminMutation(
    ({ id, active }: { id: number; active: boolean }) =>
      unwrap(
        active
          ? api.POST('/api/v1/users/{id}/activate', { params: { path: { id } } })
          : api.POST('/api/v1/users/{id}/deactivate', { params: { path: { id } } }),
      ),
    [adminKeys.users(), adminKeys.storeOwners()],
  );
}

export function useDeleteUser() {
  return useAdminMutation(
    (id: number) => unwrap(api.DELETE('/api/v1/users/{id}', { params: { path: { id } } })),
    [adminKeys.users(), adminKeys.storeOwners(), adminKeys.storeOwnerOptions()],
  );
}

export function useSaveStore() {
  return useAdminMutation(
    ({ id, body }: { id?: number; body: StoreRequest }) =>
      unwrap(
        id
          ? api.PUT('/api/v1/stores/{id}', { params: { path: { id } }, body })
          : api.POST('/api/v1/stores', { body }),
      ),
    [adminKeys.stores(), adminKeys.storeOwners()],
  );
}

export function useDeleteStore() {
  return useAdminMutation(
    (id: number) => unwrap(api.DELETE('/api/v1/stores/{id}', { params: { path: { id } } })),
    [adminKeys.stores(), adminKeys.storeOwners()],
  );
}

export function useSavePackage() {
  return useAdminMutation(
    ({ id, body }: { id?: number; body: PackageRequest }) =>
      unwrap(
        id
          ? api.PUT('/api/v1/packages/{id}', { params: { path: { id } }, body })
          : api.POST('/api/v1/packages', { body }),
      ),
    [adminKeys.packages(), adminKeys.storeOwners(), adminKeys.cards()],
  );
}

export function useTogglePackage() {
  return useAdminMutation(
    (id: number) => unwrap(api.POST('/api/v1/packages/{id}/toggle', { params: { path: { id } } })),
    [adminKeys.packages()],
  );
}

export function useDeletePackage() {
  return useAdminMutation(
    (id: number) => unwrap(api.DELETE('/api/v1/packages/{id}', { params: { path: { id } } })),
    [adminKeys.packages()],
  );
}

export function useAssignPackage() {
  return useAdminMutation(
    (body: AssignPackageRequest) => unwrap(api.POST('/api/v1/admin/subscriptions/assign', { body })),
    [adminKeys.storeOwners()],
  );
}

/** What an assignment would do for the owner, before anything changes. */
export function usePreviewAssignment() {
  return useMutation({
    mutationFn: async (body: AssignPackageRequest) =>
      (await unwrap(api.POST('/api/v1/admin/subscriptions/preview', { body }))).data,
  });
}

export function useSaveCard() {
  return useAdminMutation(
    ({ id, body }: { id?: number; body: CardRequest }) =>
      unwrap(
        id
          ? api.PUT('/api/v1/admin/redemption-cards/{id}', { params: { path: { id } }, body })
          : api.POST('/api/v1/admin/redemption-cards', { body }),
      ),
    [adminKeys.cards()],
  );
}

export function useDeleteCard() {
  return useAdminMutation(
    (id: number) => unwrap(api.DELETE('/api/v1/admin/redemption-cards/{id}', { params: { path: { id } } })),
    [adminKeys.cards()],
  );
}

export function useCreateCardBatch() {
  return useAdminMutation(
    (body: CardBatchRequest) =>
      unwrap(api.POST('/api/v1/admin/redemption-cards/batch', { body })).then((answer) => answer.data),
    [adminKeys.cards()],
  );
}
