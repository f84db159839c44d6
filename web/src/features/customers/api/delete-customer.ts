import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys } from '@/lib/api/query-keys';

export async function deleteCustomer(id: number): Promise<void> {
  await unwrap(api.DELETE('/api/v1/customers/{id}', { params: { path: { id } } }));
}

/** Hides a customer (its history is kept); the lists are reloaded. */
export function useDeleteCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCustomer,
    onSuccess: (_, id) => {
      queryClient.removeQueries({ queryKey: customerKeys.detail(id) });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
