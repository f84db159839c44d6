import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CustomerStatistics } from '@/lib/api/types';
import { useFormat } from '@/lib/format';

/** Spec: Total Invoices, Total Spent (LYD), Rewards Redeemed, Avg. per Invoice ('0' with no invoices); the average in LYD with three decimals like every amount (issue #34, over the spec's two). */
export function LoyaltyStatistics({ statistics }: { statistics: CustomerStatistics }) {
  const { t } = useTranslation();
  const format = useFormat();
  const average =
    statistics.total_invoices === 0 ? format.number(0) : format.lyd(statistics.average_per_invoice);
  const rows = [
    ['totalInvoices', format.number(statistics.total_invoices)],
    ['totalSpent', format.lyd(statistics.total_spent)],
    ['rewardsRedeemed', format.number(statistics.rewards_redeemed)],
    ['averagePerInvoice', average],
  ] as const;

  return (
    <Card padding="lg" shadow="xs" data-testid="loyalty-statistics">
      <Title order={2} fz="lg" mb="md">
        {t('customers.detail.stats.title')}
      </Title>
      <SimpleGrid cols={2} spacing="md">
        {rows.map(([key, value]) => (
          <Stack key={key} gap={2} data-testid={`stat-${key}`}>
            <Text size="xs" c="dimmed" fw={500}>
              {t(`customers.detail.stats.${key}`)}
            </Text>
            <Text fw={700} fz="lg">
              {value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Card>
  );
}
