import { api } from '@/lib/api/client';
import { toApiError } from '@/lib/api/errors';
import type { components } from '@/lib/api/schema';

export type ExportKind = components['schemas']['ExportKindParam'];

/** The kinds an owner exports, in the order the form offers them (checked against the contract). */
export const EXPORT_KINDS = [
  'invoices',
  'redemptions',
  'customers',
  'ledger',
] as const satisfies readonly ExportKind[];

/** The admin's: the platform's own records (not per store) first, then every store's. */
export const ADMIN_EXPORT_KINDS = [
  'users',
  'store_owners',
  'cards',
  ...EXPORT_KINDS,
] as const satisfies readonly ExportKind[];

export interface ExportRequest {
  kind: ExportKind;
  storeId: number | null;
  /** `YYYY-MM-DD` (Tripoli) or empty. */
  from: string;
  to: string;
}

export interface ExportProgress {
  /** Rows received so far (line ends after the column names; a reason typed over two lines
   * counts twice, so it is capped at the total). */
  rows: number;
  /** Rows the file will hold (`X-Export-Rows`), or null when the server did not say. */
  total: number | null;
}

export interface ExportFile {
  blob: Blob;
  filename: string;
  rows: number;
  total: number | null;
}

const NEWLINE = 10;

/**
 * GET /exports/{kind}: the file, read as it streams in (progress after each part), without the
 * client's usual 15 s limit: a long file keeps arriving for longer than that. `signal` cancels.
 */
export async function downloadExport(
  request: ExportRequest,
  onProgress: (progress: ExportProgress) => void,
  signal?: AbortSignal,
): Promise<ExportFile> {
  const query: { store_id?: number; from?: string; to?: string } = {};
  if (request.storeId !== null) query.store_id = request.storeId;
  if (request.from) query.from = request.from;
  if (request.to) query.to = request.to;
  const { response, error } = await api.GET('/api/v1/exports/{kind}', {
    params: { path: { kind: request.kind }, query },
    parseAs: 'stream',
    signal,
    // The request carries `signal`; only the usual time limit is left out.
    fetch: (input: Request) => globalThis.fetch(input),
  });
  if (!response.ok) {
    // With `parseAs: 'stream'` an error answer is left unread: read its JSON here.
    const body: unknown = error ?? (await response.json().catch(() => undefined));
    throw toApiError(response, body);
  }
  const header = Number(response.headers.get('X-Export-Rows'));
  const total = response.headers.has('X-Export-Rows') && Number.isFinite(header) ? header : null;
  const disposition = response.headers.get('Content-Disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? `${request.kind}.csv`;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let lineEnds = 0;
  const reader = response.body?.getReader();
  for (;;) {
    if (!reader) break;
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    for (const byte of value) if (byte === NEWLINE) lineEnds += 1;
    const rows = Math.max(0, lineEnds - 1);
    onProgress({ rows: total === null ? rows : Math.min(rows, total), total });
  }
  const rows = Math.max(0, lineEnds - 1);
  return { blob: new Blob(chunks, { type: 'text/csv;charset=utf-8' }), filename, rows, total };
}
