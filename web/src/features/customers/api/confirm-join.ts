import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys } from '@/lib/api/query-keys';
import type { Customer } from '@/lib/api/types';

export async function confirmJoin(id: number): Promise<Customer> {
  const data = await unwrap(
    api.POST('/api/v1/customers/{id}/confirm-join', {
      params: { path: { id } },
    }),
  );
  return data.data;
}

/** The cashier has checked the name at the counter: the "not confirmed" mark goes everywhere. */
export function useConfirmJoin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: confirmJoin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: customerKeys.all }),
  });
}
