import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api/client';
import { toApiError, unwrap } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';
import { ownerKeys } from './owner-keys';

export type ImportReport = components['schemas']['ImportReportDto'];
export type ImportLine = components['schemas']['ImportLineDto'];
export type ImportFormat = components['schemas']['ImportFormatDto'];
export type ImportColumn = components['schemas']['ImportColumnDto'];

/** GET /imports/customers/format: the columns a file may have, the headings read for each, limits. */
export async function getImportFormat(): Promise<ImportFormat> {
  const data = await unwrap(api.GET('/api/v1/imports/customers/format'));
  return data.data;
}

export function useImportFormat() {
  return useQuery(
    queryOptions({ queryKey: ownerKeys.importFormat(), queryFn: getImportFormat, staleTime: Infinity }),
  );
}

/** GET /imports/customers/template: an empty file with the headings in the app's language. */
export async function downloadImportTemplate(): Promise<{ blob: Blob; filename: string }> {
  const { data, response, error } = await api.GET('/api/v1/imports/customers/template', { parseAs: 'blob' });
  if (!response.ok || !data) throw toApiError(response, error);
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'customers-template.csv';
  return { blob: data, filename };
}

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
