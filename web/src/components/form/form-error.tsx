import { ErrorNotice } from '../notice';

/** A form's alert for a failure that is not about one field; nothing when there is none. */
export function FormError({
  message,
  title,
  testId = 'form-error',
}: {
  message: string | null;
  title?: string;
  testId?: string;
}) {
  if (!message) return null;
  return (
    <ErrorNotice title={title} data-testid={testId}>
      {message}
    </ErrorNotice>
  );
}
