import { Text } from '@mantine/core';
import { IconHourglassLow } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Notice } from '@/components/notice';
import { tierName } from '@/components/tier-badge';
import type { CustomerTier } from '@/lib/api/types';
import { bounds } from '@/lib/api/bounds';
import { useFormat } from '@/lib/format';

/** The spend's window, as the server counts it (the contract's fact). */
const WINDOW_MONTHS = bounds.TierRequest.min_spend['x-spend-window-months'];

/**
 * What a tier means and where the customer stands, as the server holds it: what the multiplier
 * does, the spend of the window, what more reaches the next level (the server's `remaining`) or
 * the top, and, while the spend is below the level, the last day it is kept. Worded for the
 * staff at the till (`staff`) or for the customer reading their own page (`customer`).
 */
export function TierStanding({ tier, reader }: { tier: CustomerTier; reader: 'staff' | 'customer' }) {
  const { t } = useTranslation();
  const format = useFormat();
  const next = tier.next ?? null;
  const months = format.number(WINDOW_MONTHS);
  const staff = reader === 'staff';
  return (
    <>
      <Text size="sm" c="dimmed">
        {staff ? t('customers.tier.multiplierExplain') : t('public.tier.multiplierExplain')}
      </Text>
      <Text size="sm" data-testid="tier-spend">
        {t('customers.tier.spend', { amount: format.lyd(tier.spend), months })}
      </Text>
      <Text size="sm" fw={500} data-testid="tier-next">
        {next
          ? t('customers.tier.next', {
              amount: format.lyd(next.remaining),
              name: tierName(next, format.language),
            })
          : t('customers.tier.top')}
      </Text>
      {tier.grace_until && <Grace tier={tier} until={tier.grace_until} staff={staff} />}
    </>
  );
}

/** The grace of a downgrade: the last day the level is kept, and why. */
function Grace({ tier, until, staff }: { tier: CustomerTier; until: string; staff: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const months = format.number(WINDOW_MONTHS);
  const grace = { name: tierName(tier, format.language), date: format.date(until) };
  return (
    <Notice color="yellow" icon={IconHourglassLow} p={staff ? undefined : 'xs'} data-testid="tier-grace">
      <Text size="sm" fw={500}>
        {staff ? t('customers.tier.grace', grace) : t('public.tier.grace', grace)}
      </Text>
      <Text size="sm">
        {staff ? t('customers.tier.graceExplain', { months }) : t('public.tier.graceExplain', { months })}
      </Text>
    </Notice>
  );
}
