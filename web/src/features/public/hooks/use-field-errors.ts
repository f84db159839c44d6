import { useCallback, useState } from 'react';
import { ApiError } from '@/lib/api/errors';

type Errors<Field extends string> = Partial<Record<Field, string>>;

/**
 * Errors under a form's fields: the form's own checks first, then the server's 422 messages.
 * A field's error goes away as soon as the field is edited, until the next submission.
 */
export function useFieldErrors<Field extends string>() {
  const [local, setLocal] = useState<Errors<Field>>({});
  const [edited, setEdited] = useState<ReadonlySet<Field>>(() => new Set());

  /** Starts a submission with the form's own checks; true when it may be sent. */
  const begin = useCallback((checks: Errors<Field>): boolean => {
    setLocal(checks);
    setEdited(new Set());
    return Object.values(checks).every((message) => !message);
  }, []);

  const edit = useCallback((field: Field) => {
    setEdited((previous) => (previous.has(field) ? previous : new Set(previous).add(field)));
  }, []);

  const errorFor = (field: Field, serverError: unknown): string | undefined => {
    if (edited.has(field)) return undefined;
    if (local[field]) return local[field];
    return serverError instanceof ApiError ? serverError.fieldError(field) : undefined;
  };

  return { begin, edit, errorFor };
}
