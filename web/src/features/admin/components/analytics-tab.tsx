import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RecordTable } from '@/components/record-table';
import { TimeChart } from '@/components/time-chart';
import { TitledCard } from '@/components/titled-card';
import { useFormat } from '@/lib/format';
import { QueryState } from '@/components/query-state';
import { useAdminAnalytics } from '../api/get-analytics';
import type { DayFigures } from '../types';

/** The last 30 days from the server, one point per day, and the top stores by revenue. */
export function AnalyticsTab() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const analytics = useAdminAnalytics();
  const rows = (days: DayFigures[]) =>
    days.map((day) => ({
      day: format.dayMonth(day.day),
      invoices: day.invoices,
      revenue: Number(day.revenue),
      issued: day.points_issued,
      redeemed: day.points_redeemed,
    }));
  const number = (value: number) => format.number(value);

  return (
    <QueryState query={analytics}>
      {(data) => {
        const series = rows(data.days);
        const daily = (h: number) => ({ h, data: series, dataKey: 'day' });
        return (
          <Stack gap="lg" data-testid="analytics">
            <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
              <TimeChart
                title={t('analytics.invoices')}
                testId="chart-invoices"
                kind="bar"
                {...daily(240)}
                series={[{ name: 'invoices', label: t('analytics.invoicesSeries'), color: 'indigo.6' }]}
                valueFormatter={number}
                valueAxis={{ allowDecimals: false }}
              />
              <TimeChart
                title={t('analytics.revenue')}
                testId="chart-revenue"
                kind="area"
                {...daily(240)}
                series={[{ name: 'revenue', label: t('analytics.revenueSeries'), color: 'teal.6' }]}
                valueFormatter={(value) => format.lyd(value)}
                valueAxis={{ width: 90 }}
              />
            </SimpleGrid>
            <TimeChart
              title={t('analytics.points')}
              testId="chart-points"
              kind="line"
              {...daily(260)}
              series={[
                { name: 'issued', label: t('analytics.pointsIssued'), color: 'yellow.6' },
                { name: 'redeemed', label: t('analytics.pointsRedeemed'), color: 'grape.6' },
              ]}
              valueFormatter={number}
              valueAxis={{ allowDecimals: false }}
              withLegend
            />
            <TitledCard title={t('analytics.topStores')} testId="top-stores">
              <RecordTable
                rows={data.top_stores.map((row, index) => ({ ...row, id: row.store.id, rank: index + 1 }))}
                minWidth={560}
                striped
                verticalSpacing="sm"
                empty={<Text c="dimmed">{t('analytics.noSales')}</Text>}
                columns={[
                  { header: '#', cell: (row) => format.number(row.rank) },
                  { header: t('analytics.store'), td: { fw: 500 }, cell: (row) => row.store.name },
                  { header: t('analytics.owner'), cell: (row) => row.owner.name },
                  {
                    header: t('analytics.invoicesSeries'),
                    align: 'end',
                    cell: (row) => format.number(row.invoices),
                  },
                  {
                    header: t('analytics.revenueSeries'),
                    align: 'end',
                    td: { style: { whiteSpace: 'nowrap' } },
                    cell: (row) => format.lyd(row.revenue),
                  },
                ]}
              />
              <Text size="xs" c="dimmed" mt="sm">
                {t('analytics.period')}
              </Text>
            </TitledCard>
          </Stack>
        );
      }}
    </QueryState>
  );
}
