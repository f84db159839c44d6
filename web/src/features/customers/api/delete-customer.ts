import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toApiError } from '@/lib/api/errors';
import { customerKeys } from '@/lib/api/query-keys';

export async function deleteCustomer(id: number): Promise<void> {
  const { error, response } = await api.DELETE('/api/v1/customers/{id}', { params: { path: { id } } });
  if (!response.ok) throw toApiError(response, error);
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
