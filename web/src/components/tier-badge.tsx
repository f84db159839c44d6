import { Badge, Group, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isolateLtr, useFormat } from '@/lib/format';

/** What a tier badge needs: the level's names and its multiplier, as the server sent them. */
export interface TierBadgeLevel {
  name_en: string;
  name_ar: string;
  multiplier: string;
}

/** A level's name in the reader's language. */
export function tierName(level: { name_en: string; name_ar: string }, language: string): string {
  return language === 'ar' ? level.name_ar : level.name_en;
}

/**
 * A tier as two badges: the level's name in the reader's language and what it multiplies
 * ("Gold ×1.5"), the multiplier a left-to-right island in Arabic too.
 */
export function TierBadge({
  tier,
  size = 'lg',
  testId = 'tier',
}: {
  tier: TierBadgeLevel;
  size?: MantineSize;
  testId?: string;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const name = tierName(tier, format.language);
  return (
    <Group gap="xs" data-testid={testId}>
      <Badge size={size} radius="md" tt="none" variant="filled" color="grape.8" data-testid="tier-name">
        <bdi>{name}</bdi>
      </Badge>
      <Badge size={size} radius="md" tt="none" variant="light" color="grape" data-testid="tier-multiplier">
        {isolateLtr(
          t('customers.tier.times', {
            value: format.number(Number(tier.multiplier), { minimumFractionDigits: 1 }),
          }),
        )}
      </Badge>
    </Group>
  );
}
