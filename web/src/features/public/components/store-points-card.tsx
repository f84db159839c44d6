import { Card, Divider, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingStore } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { ExpiryNotice } from '@/components/expiry-notice';
import { StampDots } from '@/components/stamp-dots';
import { TierBadge } from '@/components/tier-badge';
import { useFormat } from '@/lib/format';
import type { LookupStamps, StorePoints } from '../api/types';
import { RewardRow } from './reward-row';

/**
 * A store the number belongs to: its points there, the customer's tier there, its stamp card, and
 * that store's rewards.
 */
export function StorePointsCard({ entry, stamps }: { entry: StorePoints; stamps?: LookupStamps }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Card component="article" padding="lg" shadow="xs" data-testid="store-points">
      <Group justify="space-between" wrap="nowrap" align="center" gap="sm">
        <Group gap="sm" wrap="nowrap" style={{ minInlineSize: 0 }}>
          <ThemeIcon variant="light" radius="md" size="xl" aria-hidden>
            <IconBuildingStore size={22} />
          </ThemeIcon>
          <Title order={3} fz="lg" dir="auto" style={{ overflowWrap: 'anywhere' }} data-testid="store-name">
            {entry.store.name}
          </Title>
        </Group>
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="xs" c="dimmed">
            {t('public.checkPoints.storePoints')}
          </Text>
          <Text fz={28} fw={800} c="brand.8" lh={1.1} data-testid="store-points-value">
            {format.points(entry.points)}
          </Text>
        </Stack>
      </Group>
      {entry.tier && (
        // The customer's level at this store, under the points it multiplies.
        <Group justify="flex-end" gap="xs" mt={6} data-testid="store-tier">
          <Text size="xs" c="dimmed">
            {t('public.tier.title')}
          </Text>
          <TierBadge tier={entry.tier} size="md" testId="store-tier-badge" />
        </Group>
      )}
      {entry.points_value && (
        // Its own line under the points, so a long sentence never squeezes the store's name.
        <Text size="xs" c="dimmed" ta="end" mt={4} data-testid="store-points-money">
          {t('public.checkPoints.storePointsValue', { value: format.lyd(entry.points_value) })}
        </Text>
      )}
      {/* The store's next points to expire (within 30 days), under the points they are part of. */}
      <ExpiryNotice expiry={entry.next_expiry} justify="flex-end" mt="xs" />
      {stamps && (
        <>
          <Divider my="md" />
          <Text size="sm" fw={700} c="dimmed" mb="xs">
            {t('public.checkPoints.stamps')}
          </Text>
          <StampDots count={stamps.count} required={stamps.required} testId="public-stamps" />
        </>
      )}
      <Divider my="md" />
      <Text size="sm" fw={700} c="dimmed" mb="sm">
        {t('public.checkPoints.rewards')}
      </Text>
      {entry.rewards.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('public.checkPoints.noRewards')}
        </Text>
      ) : (
        <Stack component="ul" gap="md" m={0} p={0} style={{ listStyle: 'none' }}>
          {entry.rewards.map((reward, index) => (
            <RewardRow key={`${index}-${reward.name}`} reward={reward} storePoints={entry.points} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
