import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
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

/** One figure of a `StatGrid`: how to read it from the loaded data. */
export interface Stat<T> {
  testId: string;
  label: string;
  color: string;
  icon: ReactNode;
  value: (data: T) => string;
}

/** A row of live figures: a skeleton while they load, a dash when they could not be loaded. */
export function StatGrid<T>({
  data,
  isError,
  stats,
}: {
  data: T | undefined;
  isError: boolean;
  stats: Stat<T>[];
}) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {stats.map((stat) => (
        <StatCard
          key={stat.testId}
          testId={stat.testId}
          label={stat.label}
          color={stat.color}
          icon={stat.icon}
          value={data ? stat.value(data) : isError ? '—' : <Skeleton height={28} width={80} />}
        />
      ))}
    </SimpleGrid>
  );
}
