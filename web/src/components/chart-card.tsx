import { Card, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** A titled card around a chart. The chart's own layout stays left-to-right; callers turn its
 * axes for Arabic with `chartAxes`. */
export function ChartCard({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Card withBorder radius="md" padding="lg" data-testid={testId}>
      <Title order={2} fz="md" mb="md">
        {title}
      </Title>
      <div dir="ltr">{children}</div>
    </Card>
  );
}

/** In Arabic time runs right to left: the newest on the left, the values' axis on the right. */
export function chartAxes(rtl: boolean) {
  return {
    xAxisProps: { reversed: rtl },
    yAxis: (props: object) => ({ ...props, orientation: rtl ? ('right' as const) : ('left' as const) }),
  };
}
