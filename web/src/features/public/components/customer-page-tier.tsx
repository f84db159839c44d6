import { Group, Stack, Text, Title } from '@mantine/core';
import { IconHourglassLow } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/notice';
import { TierBadge } from '@/components/tier-badge';
import { bounds } from '@/lib/api/bounds';
import { useFormat } from '@/lib/format';
import type { CustomerPage } from '../api/types';

type PageTier = NonNullable<CustomerPage['stores'][number]['tier']>;

/** The spend's window, as the server counts it (the contract's fact). */
const WINDOW_MONTHS = bounds.TierRequest.min_spend['x-spend-window-months'];

/**
 * The customer's tier at one store, as the server holds it: the level's name and multiplier, the
 * spend of the spend window, what more reaches the next level (the server's `remaining`) and,
 * during a grace, the last day the level is kept.
 */
export function CustomerPageTier({ tier }: { tier: PageTier }) {
  const { t } = useTranslation();
  const format = useFormat();
  const nameOf = (level: { name_en: string; name_ar: string }) =>
    format.language === 'ar' ? level.name_ar : level.name_en;
  const next = tier.next ?? null;
  return (
    <Stack gap={6} data-testid="customer-page-tier">
      <Group justify="space-between" gap="xs">
        <Title order={3} fz="sm" c="dimmed">
          {t('public.tier.title')}
        </Title>
        <TierBadge tier={tier} size="md" />
      </Group>
      <Text size="sm" c="dimmed">
        {t('public.tier.multiplierExplain')}
      </Text>
      <Text size="sm" data-testid="tier-spend">
        {t('customers.tier.spend', { amount: format.lyd(tier.spend), months: format.number(WINDOW_MONTHS) })}
      </Text>
      <Text size="sm" fw={500} data-testid="tier-next">
        {next
          ? t('customers.tier.next', { amount: format.lyd(next.remaining), name: nameOf(next) })
          : t('customers.tier.top')}
      </Text>
      {tier.grace_until && (
        <Notice color="yellow" icon={IconHourglassLow} p="xs" data-testid="tier-grace">
          <Text size="sm" fw={500}>
            {t('public.tier.grace', { name: nameOf(tier), date: format.date(tier.grace_until) })}
          </Text>
          <Text size="sm">{t('public.tier.graceExplain', { months: format.number(WINDOW_MONTHS) })}</Text>
        </Notice>
      )}
    </Stack>
  );
}
