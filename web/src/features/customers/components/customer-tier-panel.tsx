import { Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconHourglassLow } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/notice';
import { TierBadge } from '@/components/tier-badge';
import type { CustomerTier } from '@/lib/api/types';
import { bounds } from '@/lib/api/bounds';
import { useFormat } from '@/lib/format';

/** The spend's window, as the server counts it (the contract's fact). */
const WINDOW_MONTHS = bounds.TierRequest.min_spend['x-spend-window-months'];

/**
 * The customer's tier as the server holds it: the level's name in the reader's language, what it
 * multiplies, the spend of the last 12 months, how much more reaches the next level (the
 * server's `remaining`) and, while
 * the spend is below the level, the last day the customer keeps it.
 */
export function CustomerTierPanel({ tier }: { tier: CustomerTier }) {
  const { t } = useTranslation();
  const format = useFormat();
  const nameOf = (level: { name_en: string; name_ar: string }) =>
    format.language === 'ar' ? level.name_ar : level.name_en;
  const name = nameOf(tier);
  const next = tier.next ?? null;
  return (
    <Card padding="lg" shadow="xs" data-testid="customer-tier">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={2} fz="lg">
            {t('customers.tier.title')}
          </Title>
          <TierBadge tier={tier} testId="tier-badge" />
        </Group>
        <Text size="sm" c="dimmed">
          {t('customers.tier.multiplierExplain')}
        </Text>
        <Text size="sm" data-testid="tier-spend">
          {t('customers.tier.spend', {
            amount: format.lyd(tier.spend),
            months: format.number(WINDOW_MONTHS),
          })}
        </Text>
        <Text size="sm" fw={500} data-testid="tier-next">
          {next
            ? t('customers.tier.next', { amount: format.lyd(next.remaining), name: nameOf(next) })
            : t('customers.tier.top')}
        </Text>
        {tier.grace_until && (
          <Notice color="yellow" icon={IconHourglassLow} data-testid="tier-grace">
            <Text size="sm" fw={500}>
              {t('customers.tier.grace', { name, date: format.date(tier.grace_until) })}
            </Text>
            <Text size="sm">
              {t('customers.tier.graceExplain', { months: format.number(WINDOW_MONTHS) })}
            </Text>
          </Notice>
        )}
      </Stack>
    </Card>
  );
}
