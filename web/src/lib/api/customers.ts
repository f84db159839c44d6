import { queryOptions } from '@tanstack/react-query';
import { api } from './client';
import { unwrap } from './errors';
import { customerKeys } from './query-keys';
import type { CustomerDetail } from './types';

/** GET /customers/{id}: the customer, statistics computed on the server and the next points to expire. */
export async function getCustomerDetail(id: number): Promise<CustomerDetail> {
  const body = await unwrap(
    api.GET('/api/v1/customers/{id}', {
      params: { path: { id } },
    }),
  );
  return {
    customer: body.data,
    statistics: body.statistics,
    nextExpiry: body.next_expiry ?? null,
    stamps: body.stamps,
    tier: body.tier ?? null,
  };
}

/** Used by the customer pages and by the POS forms that open with a customer chosen. */
export function customerDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: customerKeys.detail(id),
    queryFn: () => getCustomerDetail(id),
    enabled: Number.isSafeInteger(id) && id > 0,
  });
}

/** A route's `:id` or `?customer_id=` as a customer id, or null when it is not one. */
export function parseCustomerId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 ? id : null;
}
