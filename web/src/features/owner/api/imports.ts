import { api } from '@/lib/api/client';
import { unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type ImportReport = components['schemas']['ImportReportDto'];
export type ImportLine = components['schemas']['ImportLineDto'];

/**
 * POST /imports/customers with the file as it is (`text/csv`): a dry run tells every row's
 * outcome; without it the new rows are added. Without the client's usual 15 s limit: a file of
 * 100,000 customers takes longer than that to send from a phone.
 */
export async function importCustomers(storeId: number, file: Blob, dryRun: boolean): Promise<ImportReport> {
  const data = await unwrap(
    api.POST('/api/v1/imports/customers', {
      params: { query: { store_id: storeId, dry_run: dryRun } },
      // The file goes as it is; the contract types the body as text.
      body: file as unknown as string,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': 'text/csv' },
      fetch: (input: Request) => globalThis.fetch(input),
    }),
  );
  return data.data;
}
