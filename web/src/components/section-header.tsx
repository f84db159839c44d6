import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A tab section's title, a line saying what it is for, and its main action beside them. */
export function SectionHeader({ title, intro, action }: { title: string; intro: string; action: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start">
      <Stack gap={4} maw={640}>
        <Title order={2} fz="h3">
          {title}
        </Title>
        <Text c="dimmed" size="sm">
          {intro}
        </Text>
      </Stack>
      {action}
    </Group>
  );
}
