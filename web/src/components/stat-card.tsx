import { Card, Group, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

export function StatCard({
  label,
  value,
  icon,
  color,
  testId,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  color: string;
  testId?: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <div>
          <Text c="dimmed" size="sm" fw={500}>
            {label}
          </Text>
          <Text component="div" fw={700} fz="xl" mt={4} data-testid={testId ? `${testId}-value` : undefined}>
            {value}
          </Text>
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
