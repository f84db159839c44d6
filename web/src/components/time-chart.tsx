import { AreaChart, BarChart, LineChart } from '@mantine/charts';
import type { MantineColor } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TitledCard } from './titled-card';

/** In Arabic time runs right to left: the newest on the left, the values' axis on the right. */
function chartAxes(rtl: boolean) {
  return {
    xAxisProps: { reversed: rtl },
    yAxis: (props: object) => ({ ...props, orientation: rtl ? ('right' as const) : ('left' as const) }),
  };
}

interface TimeChartProps {
  title: string;
  testId: string;
  /** Bars, or a smooth area or line. */
  kind: 'bar' | 'area' | 'line';
  h: number;
  /** One entry a day or a month, oldest first. */
  data: Record<string, unknown>[];
  /** The entries' key that names the day or month. */
  dataKey: string;
  series: { name: string; label: string; color: MantineColor }[];
  valueFormatter: (value: number) => string;
  /** The values' axis (whole numbers only, its width). */
  valueAxis: { allowDecimals?: boolean; width?: number };
  withLegend?: boolean;
}

/** Figures over time in a titled card, time running with the page's direction. */
export function TimeChart({ title, testId, kind, valueAxis, ...chart }: TimeChartProps) {
  const { i18n } = useTranslation();
  const { xAxisProps, yAxis } = chartAxes(i18n.dir() === 'rtl');
  const props = { ...chart, xAxisProps, yAxisProps: yAxis(valueAxis), tickLine: 'y' as const };
  return (
    // The chart's own layout stays left-to-right; its axes are turned for Arabic.
    <TitledCard title={title} testId={testId}>
      <div dir="ltr">
        {kind === 'bar' ? (
          <BarChart {...props} />
        ) : kind === 'area' ? (
          <AreaChart {...props} curveType="monotone" />
        ) : (
          <LineChart {...props} curveType="monotone" />
        )}
      </div>
    </TitledCard>
  );
}
