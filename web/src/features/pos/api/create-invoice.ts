import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import { customerKeys, posKeys } from '@/lib/api/query-keys';
import type { CreateInvoiceRequest, InvoiceCreated } from '@/lib/api/types';

/**
 * A sale without a customer (a walk-in, cash): no `customer_id`, and the answer's `claim_url` lets
 * the buyer claim the points.
 */
export type WalkInSaleRequest = Omit<CreateInvoiceRequest, 'customer_id' | 'walk_in'> & { walk_in: true };

/** What the till sends: a customer's sale or a walk-in one. */
export type SaleRequest = CreateInvoiceRequest | WalkInSaleRequest;

export const isWalkIn = (body: SaleRequest): body is WalkInSaleRequest => body.walk_in === true;

export interface CreateInvoiceInput {
  body: SaleRequest;
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
