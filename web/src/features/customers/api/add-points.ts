import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys } from '@/lib/api/query-keys';
import type { AddPointsRequest, Customer } from '@/lib/api/types';

export async function addPoints({ id, body }: { id: number; body: AddPointsRequest }): Promise<Customer> {
  const data = await unwrap(
    api.PUT('/api/v1/customers/{id}/points', {
      params: { path: { id } },
      body,
    }),
  );
  return data.data;
}

export function useAddPoints() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPoints,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
