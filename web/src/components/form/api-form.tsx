import { Stack, type MantineSpacing } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormError } from './form-error';
import { FormPendingContext } from './form-state';
import type { ApiForm as ApiFormState } from './use-api-form';

interface ApiFormProps {
  form: Pick<ApiFormState<Record<string, never>>, 'failure' | 'pending' | 'handleSubmit'>;
  testId?: string;
  /** The test id of the form-level alert. */
  errorTestId?: string;
  gap?: MantineSpacing;
  children: ReactNode;
}

/**
 * The `<form>` of a `useApiForm`: the browser's own checks off (the form's and the server's
 * messages are shown instead), its failure above the fields, and the pending state for its
 * `FormActions`.
 */
export function ApiForm({ form, testId, errorTestId, gap, children }: ApiFormProps) {
  return (
    <FormPendingContext.Provider value={form.pending}>
      <form onSubmit={form.handleSubmit} noValidate data-testid={testId}>
        <Stack gap={gap}>
          <FormError
            message={form.failure?.message ?? null}
            title={form.failure?.title}
            testId={errorTestId}
          />
          {children}
        </Stack>
      </form>
    </FormPendingContext.Provider>
  );
}
