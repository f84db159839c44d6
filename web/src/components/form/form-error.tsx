import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

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
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertCircle size={20} />}
      title={title}
      role="alert"
      data-testid={testId}
    >
      {message}
    </Alert>
  );
}
