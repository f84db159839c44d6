import { Card, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** What a list says when it has nothing yet, with the list's own icon if it has one. */
export function EmptyCard({ icon, children }: { icon?: ReactNode; children: ReactNode }) {
  return (
    <Card withBorder py="xl">
      {icon ? (
        <Stack align="center" gap="xs">
          {icon}
          <Text c="dimmed">{children}</Text>
        </Stack>
      ) : (
        <Text c="dimmed" ta="center">
          {children}
        </Text>
      )}
    </Card>
  );
}
