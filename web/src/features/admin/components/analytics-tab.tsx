import { Card, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TimeChart } from '@/components/chart-card';
import { ScrollTable } from '@/components/scroll-table';
import { intlLocale, useFormat } from '@/lib/format';
import { QueryState } from '@/components/query-state';
import { useAdminAnalytics } from '../api/get-analytics';
import type { DayFigures } from '../types';

/** The last 30 days from the server, one point per day, and the top stores by revenue. */
export function AnalyticsTab() {
  const { t } = useTranslation('admin');
  const format = useFormat();
  const analytics = useAdminAnalytics();
  const dayLabel = new Intl.DateTimeFormat(intlLocale(format.language), {
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  const rows = (days: DayFigures[]) =>
    days.map((day) => ({
      day: dayLabel.format(new Date(`${day.day}T00:00:00Z`)),
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
            <Card withBorder radius="md" padding="lg" data-testid="top-stores">
              <Title order={2} fz="md" mb="md">
                {t('analytics.topStores')}
              </Title>
              {data.top_stores.length === 0 ? (
                <Text c="dimmed">{t('analytics.noSales')}</Text>
              ) : (
                <ScrollTable minWidth={560}>
                  <Table striped verticalSpacing="sm">
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>#</Table.Th>
                        <Table.Th>{t('analytics.store')}</Table.Th>
                        <Table.Th>{t('analytics.owner')}</Table.Th>
                        <Table.Th ta="end">{t('analytics.invoicesSeries')}</Table.Th>
                        <Table.Th ta="end">{t('analytics.revenueSeries')}</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {data.top_stores.map((row, index) => (
                        <Table.Tr key={row.store.id}>
                          <Table.Td>{format.number(index + 1)}</Table.Td>
                          <Table.Td fw={500}>{row.store.name}</Table.Td>
                          <Table.Td>{row.owner.name}</Table.Td>
                          <Table.Td ta="end">{format.number(row.invoices)}</Table.Td>
                          <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                            {format.lyd(row.revenue)}
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </ScrollTable>
              )}
              <Text size="xs" c="dimmed" mt="sm">
                {t('analytics.period')}
              </Text>
            </Card>
          </Stack>
        );
      }}
    </QueryState>
  );
}
