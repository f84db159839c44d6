import { Paper, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';

/** A public page's form in its card: the browser's own checks off, the page's messages instead. */
export function PublicFormCard({
  onSubmit,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  children: ReactNode;
}) {
  return (
    <Paper
      component="form"
      onSubmit={onSubmit}
      noValidate
      p={{ base: 'md', sm: 'xl' }}
      shadow="sm"
      withBorder
    >
      <Stack gap="md">{children}</Stack>
    </Paper>
  );
}
