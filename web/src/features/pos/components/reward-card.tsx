import { Badge, Button, Card, Group, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCash, IconDiscount, IconGift, IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { Reward } from '@/lib/api/types';
import { useFormat } from '@/lib/format';

const TYPE_ICONS = { prize: IconGift, discount: IconDiscount, cash: IconCash } as const;

interface RewardCardProps {
  reward: Reward;
  /** The customer has at least the points it needs. */
  affordable: boolean;
  /** This reward is being redeemed now. */
  redeeming: boolean;
  /** Another redemption is in progress. */
  disabled: boolean;
  onRedeem: () => void;
}

export function RewardCard({ reward, affordable, redeeming, disabled, onRedeem }: RewardCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const TypeIcon = TYPE_ICONS[reward.type];

  const label = redeeming
    ? t('pos.redeem.redeeming')
    : affordable
      ? t('pos.redeem.redeemNow')
      : t('pos.redeem.insufficient');

  return (
    <Card padding="md" data-testid="reward-card" bg={affordable ? undefined : 'gray.0'}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
          <Group gap="sm" wrap="nowrap" align="flex-start" miw={0}>
            <ThemeIcon
              variant="light"
              color={affordable ? 'brand' : 'gray'}
              size="lg"
              radius="md"
              aria-hidden
            >
              <TypeIcon size={20} />
            </ThemeIcon>
            <Stack gap={2} miw={0}>
              <Text fw={700}>
                <bdi>{reward.name}</bdi>
              </Text>
              {reward.description && (
                <Text size="sm" c="dimmed">
                  <bdi>{reward.description}</bdi>
                </Text>
              )}
            </Stack>
          </Group>
          <Badge
            tt="none"
            variant="light"
            color={affordable ? 'brand' : 'gray'}
            size="lg"
            style={{ flexShrink: 0 }}
          >
            {t('common.pointsShort', {
              count: reward.points_required,
              points: format.points(reward.points_required),
            })}
          </Badge>
        </Group>
        <Button
          fullWidth
          onClick={onRedeem}
          disabled={!affordable || disabled}
          color={affordable ? 'brand' : 'gray'}
          variant={affordable ? 'filled' : 'light'}
          leftSection={
            redeeming ? (
              <Loader size={16} color="gray" aria-hidden />
            ) : affordable ? (
              <IconGift size={18} aria-hidden />
            ) : (
              <IconLock size={18} aria-hidden />
            )
          }
          aria-busy={redeeming}
          data-redeeming={redeeming || undefined}
        >
          {label}
        </Button>
      </Stack>
    </Card>
  );
}
