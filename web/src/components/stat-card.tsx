import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useFormat } from '@/lib/format';

type Format = ReturnType<typeof useFormat>;

export function StatCard({
  label,
  value,
  icon,
  color,
  testId,
  hint,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  color: string;
  testId?: string;
  /** A line under the figure (what it is worth, who it concerns). */
  hint?: ReactNode;
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
          {hint && (
            <Text size="sm" c="dimmed" mt={2} data-testid={testId ? `${testId}-hint` : undefined}>
              {hint}
            </Text>
          )}
        </div>
        <ThemeIcon size={44} radius="md" variant="light" color={color}>
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}

/** One figure of `StatCards`: its colour and icon, and how it is read from the data. */
export interface Stat<T> {
  color: string;
  icon: Icon;
  value: (data: T, format: Format) => string;
}

interface StatCardsProps<T, Name extends string> {
  /** The figures' data: undefined while it loads. */
  data: T | undefined;
  isError: boolean;
  /** In their order, by name: each one's label and test id come from its name. */
  stats: Record<Name, Stat<T>>;
  label: (name: Name) => string;
  testId?: (name: Name) => string;
}

/** A row of live figures: a skeleton while they load, a dash when they could not be loaded. */
export function StatCards<T, Name extends string>({
  data,
  isError,
  stats,
  label,
  testId,
}: StatCardsProps<T, Name>) {
  const format = useFormat();
  const names = Object.keys(stats) as Name[];
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md">
      {names.map((name) => {
        const { color, icon: Glyph, value } = stats[name];
        return (
          <StatCard
            key={name}
            testId={testId?.(name)}
            label={label(name)}
            color={color}
            icon={<Glyph size={24} />}
            value={data ? value(data, format) : isError ? '—' : <Skeleton height={28} width={80} />}
          />
        );
      })}
    </SimpleGrid>
  );
}
