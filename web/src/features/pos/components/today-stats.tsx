import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon } from '@mantine/core';
import { IconCoins, IconGift, IconReceipt2, type Icon } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import { useTodayCounts } from '../api/get-today';
import { useOnline } from '../offline/use-offline-ready';

type StatKey = 'invoices' | 'pointsIssued' | 'redemptions';

const STATS: readonly {
  key: StatKey;
  field: 'invoices' | 'points_issued' | 'redemptions';
  icon: Icon;
  color: string;
}[] = [
  { key: 'invoices', field: 'invoices', icon: IconReceipt2, color: 'teal' },
  { key: 'pointsIssued', field: 'points_issued', icon: IconCoins, color: 'yellow' },
  { key: 'redemptions', field: 'redemptions', icon: IconGift, color: 'orange' },
];

/** Today's counts for the cashier's store (the spec loads them; we show them). */
export function TodayStats() {
  const { t } = useTranslation();
  const format = useFormat();
  const today = useTodayCounts();
  const online = useOnline();

  return (
    <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md" data-testid="today-stats">
      {STATS.map(({ key, field, icon: StatIcon, color }) => (
        <Card key={key} padding="lg" shadow="xs" data-testid={`today-${key}`}>
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Text size="sm" c="dimmed" fw={500}>
                {t(`pos.today.${key}`)}
              </Text>
              {today.data ? (
                <Text fz={30} fw={800} lh={1.2} data-testid={`today-${key}-value`}>
                  {format.number(today.data[field])}
                </Text>
              ) : !online ? (
                // No figures and no network: said in words, not a grey box.
                <Text fz="lg" fw={700} lh={1.2} mt={6} c="dimmed" data-testid={`today-${key}-offline`}>
                  {t('pos.today.offline')}
                </Text>
              ) : today.isError ? (
                <Text fz={30} fw={800} lh={1.2} c="dimmed">
                  —
                </Text>
              ) : (
                <Skeleton h={36} w={64} mt={2} />
              )}
            </div>
            <ThemeIcon variant="light" color={color} size={52} radius="xl" aria-hidden>
              <StatIcon size={28} />
            </ThemeIcon>
          </Group>
        </Card>
      ))}
    </SimpleGrid>
  );
}
