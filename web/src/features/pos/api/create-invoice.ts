import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys, posKeys } from '@/lib/api/query-keys';
import type { CreateInvoiceRequest, InvoiceCreated } from '@/lib/api/types';

export interface CreateInvoiceInput {
  body: CreateInvoiceRequest;
  /** The same key for every retry of one submission (see useIdempotencyKey). */
  idempotencyKey: string;
}

export async function createInvoice({ body, idempotencyKey }: CreateInvoiceInput): Promise<InvoiceCreated> {
  const data = await unwrap(
    api.POST('/api/v1/invoices', {
      params: { header: { 'Idempotency-Key': idempotencyKey } },
      body,
    }),
  );
  return data.data;
}

/** Creates an invoice; today's counts, the activity and the customer's figures change with it. */
export function useCreateInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createInvoice,
    // Not awaited: the form answers at once, the lists catch up in the background.
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: posKeys.today() });
      void queryClient.invalidateQueries({ queryKey: posKeys.activity() });
      void queryClient.invalidateQueries({ queryKey: customerKeys.all });
    },
  });
}
