import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { paths } from '@/lib/api/schema';
import type { JsonBody } from '@/lib/api/types';

export type InvoiceReturned = JsonBody<
  paths['/api/v1/invoices/{id}/returns']['post']['responses'][201]
>['data'];
export type ReturnPreview = JsonBody<
  paths['/api/v1/invoices/{id}/returns/preview']['get']['responses'][200]
>['data'];

export interface ReturnInvoiceInput {
  id: number;
  amount: string;
  reason: string;
  /** One key per return the cashier means: a retry of it takes nothing more. */
  idempotencyKey: string;
}

export async function returnInvoice({ id, amount, reason, idempotencyKey }: ReturnInvoiceInput) {
  const data = await unwrap(
    api.POST('/api/v1/invoices/{id}/returns', {
      params: { path: { id }, header: { 'Idempotency-Key': idempotencyKey } },
      body: { amount, reason },
    }),
  );
  return data.data;
}

/** Goods brought back against an invoice. A return moves a balance, the day's figures and every list: all reload. */
export function useReturnInvoice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: returnInvoice,
    onSuccess: () => {
      void queryClient.invalidateQueries();
    },
  });
}

/** What a return of `amount` would take back, from the server's own rule (one home). */
export async function previewReturn(id: number, amount: string): Promise<ReturnPreview> {
  const data = await unwrap(
    api.GET('/api/v1/invoices/{id}/returns/preview', {
      params: { path: { id }, query: { amount } },
    }),
  );
  return data.data;
}

export function returnPreviewQueryOptions(id: number, amount: string | null) {
  return queryOptions({
    queryKey: ['invoices', id, 'return-preview', amount ?? ''] as const,
    queryFn: () => previewReturn(id, amount ?? ''),
    enabled: amount !== null,
    retry: false,
  });
}

export function useReturnPreview(id: number, amount: string | null) {
  return useQuery(returnPreviewQueryOptions(id, amount));
}
