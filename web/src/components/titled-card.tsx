import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A dashboard's card with a title above what it holds (a chart, a table). */
export function TitledCard({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      {children}
    </Card>
  );
}
