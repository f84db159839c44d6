import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { Invoice } from '@/lib/api/types';

export async function voidInvoice({ id, reason }: { id: number; reason: string }): Promise<Invoice> {
  const data = await unwrap(
    api.POST('/api/v1/invoices/{id}/void', {
      params: { path: { id } },
      body: { reason },
    }),
  );
  return data.data;
}

/** Takes an invoice back. A void moves a balance, the day's figures and every list: all reload. */
export function useVoidInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidInvoice,
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}
