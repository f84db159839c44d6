import { ApiError, messageOf } from './errors';

/**
 * How a failed save is shown (spec section 8): the first server message of each field under that
 * field; when no field has one, the server's message (or the spec's fallback) in the form's alert.
 */
export function splitError<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  fallback: string,
): { fields: Partial<Record<Field, string>>; alert: string | null } {
  const found: Partial<Record<Field, string>> = {};
  if (error instanceof ApiError) {
    for (const field of fields) {
      const message = error.fieldError(field);
      if (message) found[field] = message;
    }
  }
  if (Object.keys(found).length > 0) return { fields: found, alert: null };
  return { fields: {}, alert: messageOf(error, fallback) };
}
