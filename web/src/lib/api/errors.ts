import type { ErrorBody, ErrorCode } from './types';

/** An API answer other than 2xx, carrying the server's `{message, code, errors}` body. */
export class ApiError extends Error {
  readonly status: number;
  /** One of the codes the OpenAPI document lists, so a comparison with a code that does not exist fails to compile. */
  readonly code: ErrorCode | null;
  /** Field name to its messages, for 422 answers. */
  readonly fieldErrors: Record<string, string[]>;
  /** The same field errors with their machine codes (`total_too_large`), whatever the language. */
  readonly details: NonNullable<ErrorBody['details']>;
  /** Whether the server sent its own message (so it can be shown as is). */
  readonly hasServerMessage: boolean;
  /** Seconds to wait from the `Retry-After` header (429, 503), or null when absent. */
  readonly retryAfterSeconds: number | null;

  constructor(status: number, body: Partial<ErrorBody> | undefined, retryAfterSeconds: number | null = null) {
    const message = typeof body?.message === 'string' ? body.message : '';
    super(message || `HTTP ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.code = typeof body?.code === 'string' ? (body.code as ErrorCode) : null;
    this.fieldErrors = body?.errors ?? {};
    this.details = Array.isArray(body?.details) ? body.details : [];
    this.hasServerMessage = message.length > 0;
    this.retryAfterSeconds = retryAfterSeconds;
  }

  /** The first message for a field, as the spec's forms show it. */
  fieldError(field: string): string | undefined {
    return this.fieldErrors[field]?.[0];
  }
}

function looksLikeErrorBody(value: unknown): value is Partial<ErrorBody> {
  return typeof value === 'object' && value !== null;
}

/** `Retry-After` in seconds; the HTTP-date form is not something this server sends. */
function retryAfterOf(response: Response): number | null {
  const value = response.headers.get('Retry-After')?.trim();
  if (!value || !/^\d{1,9}$/.test(value)) return null;
  return Number(value);
}

export function toApiError(response: Response, body: unknown): ApiError {
  return new ApiError(response.status, looksLikeErrorBody(body) ? body : undefined, retryAfterOf(response));
}

/**
 * The body of an openapi-fetch call, or the call's ApiError thrown: the one place a call's
 * failure becomes an error (a 204 has no body and resolves to undefined).
 */
export async function unwrap<T>(
  call: Promise<{ data?: T; error?: unknown; response: Response }>,
): Promise<T> {
  const { data, error, response } = await call;
  if (!response.ok) throw toApiError(response, error);
  return data as T;
}

/** The server's message when it sent one, otherwise the given fallback. */
export function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.hasServerMessage) return error.message;
  return fallback;
}

/**
 * Whether a call failed without an answer from the server: the network is down (fetch's
 * TypeError), or the server did not answer within the client's time limit. Such a call may or
 * may not have reached the server, so only a keyed retry (Idempotency-Key) is safe.
 */
export function isNetworkError(error: unknown): boolean {
  if (error instanceof ApiError) return false;
  if (error instanceof TypeError) return true;
  return error instanceof DOMException && (error.name === 'TimeoutError' || error.name === 'AbortError');
}

/** Whether the call ran out of time (as opposed to finding no network at all). */
export function isTimeout(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'TimeoutError';
}
