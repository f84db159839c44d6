import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys } from '@/lib/api/query-keys';
import type { Customer, CustomerReplaceRequest, CustomerRequest } from '@/lib/api/types';

export async function createCustomer(body: CustomerRequest): Promise<Customer> {
  const data = await unwrap(api.POST('/api/v1/customers', { body }));
  return data.data;
}

export async function updateCustomer({
  id,
  body,
}: {
  id: number;
  body: CustomerReplaceRequest;
}): Promise<Customer> {
  const data = await unwrap(
    api.PUT('/api/v1/customers/{id}', {
      params: { path: { id } },
      body,
    }),
  );
  return data.data;
}

/** Creates (no id) or updates a customer; every customer list and page refreshes. */
export function useSaveCustomer() {
  const queryClient = useQueryClient();
  return useMutation({
    // The dialog always sends every field, so its body is a whole replacement (and a creation).
    mutationFn: ({ id, body }: { id: number | null; body: CustomerReplaceRequest & CustomerRequest }) =>
      id === null ? createCustomer(body) : updateCustomer({ id, body }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
