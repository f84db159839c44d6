import { SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { IconCoins, IconInfoCircle, IconReceiptRefund, IconStar } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { TimeChart } from '@/components/time-chart';
import { TitledCard } from '@/components/titled-card';
import { QueryState } from '@/components/query-state';
import { ScrollTable } from '@/components/scroll-table';
import { StatCard } from '@/components/stat-card';
import { isolate, useFormat } from '@/lib/format';
import { useLiability } from '../api/liability';
import { Notice } from '@/components/notice';
import { ExpiringPoints, monthWindow } from './expiring-points';

/**
 * What the owner owes its customers in points (issue #19): the points they hold and, where
 * points have a value, what that is in LYD, in all and per store; and the points earned and
 * redeemed in each of the last months. Every figure is the server's.
 */
export function LiabilityTab() {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const liability = useLiability();

  return (
    <QueryState query={liability}>
      {(data) => {
        const valued = data.point_value !== null && data.point_value !== undefined;
        const months = data.months.map((m) => ({
          month: format.month(m.month),
          earned: m.earned,
          redeemed: m.redeemed,
          expired: m.expired,
        }));
        return (
          <Stack gap="lg" data-testid="liability">
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
              <StatCard
                testId="liability-points"
                label={t('liability.outstandingPoints')}
                color="yellow"
                icon={<IconStar size={24} />}
                value={format.points(data.outstanding_points)}
              />
              <StatCard
                testId="liability-value"
                label={t('liability.outstandingValue')}
                color="green"
                icon={<IconCoins size={24} />}
                value={data.outstanding_value ? format.lyd(data.outstanding_value) : t('dash')}
              />
            </SimpleGrid>
            {valued ? (
              <Text size="sm" c="dimmed" data-testid="liability-rate">
                {t('liability.rate', { value: format.lyd(data.point_value ?? '0') })}
              </Text>
            ) : (
              <Notice color="blue" icon={IconInfoCircle} data-testid="liability-no-value">
                {t('liability.noValue')}
              </Notice>
            )}
            {data.points_owed > 0 && (
              <Notice color="orange" icon={IconReceiptRefund} data-testid="liability-owed">
                {t('liability.owed', { points: format.points(data.points_owed), count: data.points_owed })}
              </Notice>
            )}

            <ExpiringPoints data={data} />

            <TitledCard title={t('liability.perStore')} testId="liability-stores">
              <ScrollTable minWidth={420}>
                <Table striped verticalSpacing="sm">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('liability.store')}</Table.Th>
                      <Table.Th ta="end">{t('liability.points')}</Table.Th>
                      {valued && <Table.Th ta="end">{t('liability.value')}</Table.Th>}
                      <Table.Th ta="end">{t('liability.expiringMonth')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.stores.map((row) => (
                      <Table.Tr key={row.store.id}>
                        <Table.Td fw={500}>{isolate(row.store.name)}</Table.Td>
                        <Table.Td ta="end">{format.points(row.points)}</Table.Td>
                        {valued && (
                          <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                            {row.value ? format.lyd(row.value) : t('dash')}
                          </Table.Td>
                        )}
                        <Table.Td ta="end">{format.points(monthWindow(row.expiring)?.points ?? 0)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            </TitledCard>

            <TimeChart
              title={t('liability.perMonth')}
              testId="liability-chart"
              kind="bar"
              h={260}
              data={months}
              dataKey="month"
              series={[
                { name: 'earned', label: t('liability.earned'), color: 'yellow.7' },
                { name: 'redeemed', label: t('liability.redeemed'), color: 'grape.7' },
                { name: 'expired', label: t('liability.expired'), color: 'gray.6' },
              ]}
              valueFormatter={(value) => format.points(value)}
              valueAxis={{ allowDecimals: false, width: 70 }}
              withLegend
            />
            <Text size="xs" c="dimmed">
              {t('liability.period')}
            </Text>
          </Stack>
        );
      }}
    </QueryState>
  );
}
