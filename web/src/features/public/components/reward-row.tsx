import { Badge, Box, Group, Progress, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconGift } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format';
import type { ClaimableReward } from '../api/types';

interface RewardRowProps {
  reward: ClaimableReward;
  /** The customer's points in the reward's store. */
  storePoints: number;
}

/** One reward of a store: what it costs, and whether the customer can claim it now. */
export function RewardRow({ reward, storePoints }: RewardRowProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const missing = Math.max(reward.points_required - storePoints, 0);
  const progress =
    reward.points_required > 0 ? Math.min((storePoints / reward.points_required) * 100, 100) : 100;

  return (
    <Group
      component="li"
      wrap="nowrap"
      align="flex-start"
      gap="sm"
      data-testid="reward-row"
      data-claimable={reward.claimable}
    >
      <ThemeIcon variant="light" color={reward.claimable ? 'teal' : 'gray'} radius="xl" size="lg" aria-hidden>
        {reward.claimable ? <IconCheck size={18} /> : <IconGift size={18} />}
      </ThemeIcon>
      <Stack gap={6} style={{ flex: 1, minInlineSize: 0 }}>
        <Group justify="space-between" wrap="nowrap" gap="xs" align="baseline">
          {/* The merchant's own words, in either script: each takes its own direction. */}
          <Text fw={600} dir="auto" style={{ overflowWrap: 'anywhere' }}>
            {reward.name}
          </Text>
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
            {t('public.points', {
              count: reward.points_required,
              points: format.points(reward.points_required),
            })}
          </Text>
        </Group>
        {reward.claimable ? (
          <Box>
            <Badge
              color="teal"
              variant="light"
              size="lg"
              tt="none"
              leftSection={<IconCheck size={14} aria-hidden />}
            >
              {t('public.checkPoints.claimable')}
            </Badge>
          </Box>
        ) : (
          <>
            <Text size="sm" c="orange.9" fw={500}>
              {t('public.checkPoints.moreNeeded', { count: missing, points: format.points(missing) })}
            </Text>
            <Progress value={progress} size="sm" radius="xl" color="brand" aria-hidden />
          </>
        )}
      </Stack>
    </Group>
  );
}
