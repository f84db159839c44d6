import { Badge, Group, Stack, Text, ThemeIcon, Tooltip } from '@mantine/core';
import {
  IconCash,
  IconGift,
  IconPencil,
  IconPercentage,
  IconPlayerPause,
  IconPlayerPlay,
} from '@tabler/icons-react';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyCard } from '@/components/empty-card';
import { QueryTable } from '@/components/record-table';
import { isolate, useFormat } from '@/lib/format';
import { useOwnerRewards, useSetRewardActive } from '../api/rewards';
import { useMayAddStaffAndRewards } from '../api/subscription';
import type { OwnerReward, RewardType } from '../types';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { RowAction } from '@/components/row-action';
import { useConfirmation } from '@/components/use-confirmation';
import { useEditor } from '@/components/use-editor';
import { AddHeader } from './add-header';
import { RewardModal } from './reward-modal';

const TYPE_ICONS: Record<RewardType, ReactNode> = {
  prize: <IconGift size={18} />,
  discount: <IconPercentage size={18} />,
  cash: <IconCash size={18} />,
};
const TYPE_COLORS: Record<RewardType, string> = { prize: 'grape', discount: 'orange', cash: 'green' };

export function RewardsTab() {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const rewards = useOwnerRewards();
  const toggle = useSetRewardActive();
  const editor = useEditor<OwnerReward>();
  const confirmation = useConfirmation<OwnerReward>('as-toast');
  const confirming = confirmation.asked;
  const mayGrow = useMayAddStaffAndRewards();

  function amountOf(reward: OwnerReward): string {
    if (reward.type === 'discount') return `${format.number(Number(reward.amount))}%`;
    return format.lyd(reward.amount);
  }

  function flip(reward: OwnerReward) {
    const enable = !reward.is_active;
    confirmation.settle(
      toggle.mutateAsync({ id: reward.id, active: enable }),
      enable ? t('rewards.enabled') : t('rewards.disabled'),
      t('rewards.toggleFailed'),
    );
  }

  return (
    <Stack data-testid="owner-rewards">
      <AddHeader
        title={t('rewards.title')}
        addLabel={t('rewards.add')}
        onAdd={() => editor.open(null)}
        blocked={mayGrow ? null : t('rewards.noPlan')}
        reasonId="rewards-no-plan"
      />
      <QueryTable
        query={rewards}
        minWidth={760}
        striped
        highlightOnHover
        withTableBorder
        verticalSpacing="sm"
        rowTestId="reward-row"
        empty={<EmptyCard>{t('rewards.empty')}</EmptyCard>}
        columns={[
          {
            header: t('rewards.type'),
            cell: (reward) => (
              <Tooltip label={t(`rewards.types.${reward.type}`)}>
                <ThemeIcon
                  variant="light"
                  color={TYPE_COLORS[reward.type]}
                  role="img"
                  aria-label={t(`rewards.types.${reward.type}`)}
                >
                  {TYPE_ICONS[reward.type]}
                </ThemeIcon>
              </Tooltip>
            ),
          },
          {
            header: t('rewards.name'),
            td: { fw: 600 },
            // Its own direction: "خصم 10%" keeps its % in an English table.
            cell: (reward) => <bdi>{reward.name}</bdi>,
          },
          {
            header: t('rewards.description'),
            cell: (reward) => (
              <Text size="sm" c={reward.description ? undefined : 'dimmed'} lineClamp={2}>
                {reward.description ? <bdi>{reward.description}</bdi> : t('dash')}
              </Text>
            ),
          },
          {
            header: t('rewards.pointsRequired'),
            cell: (reward) => format.points(reward.points_required),
          },
          { header: t('rewards.amount'), cell: amountOf },
          { header: t('rewards.redemptions'), cell: (reward) => format.number(reward.redemptions_count) },
          {
            header: t('rewards.status'),
            cell: (reward) => (
              <Badge color={reward.is_active ? 'green' : 'gray'} variant="light">
                {reward.is_active ? t('active') : t('inactive')}
              </Badge>
            ),
          },
          {
            header: t('rewards.actions'),
            cell: (reward) => (
              <Group gap={4} wrap="nowrap">
                <RowAction
                  icon={IconPencil}
                  label={`${t('edit')}: ${reward.name}`}
                  onClick={() => editor.open(reward)}
                />
                <RowAction
                  icon={reward.is_active ? IconPlayerPause : IconPlayerPlay}
                  color={reward.is_active ? 'orange' : 'green'}
                  label={`${reward.is_active ? t('rewards.disable') : t('rewards.enable')}: ${reward.name}`}
                  disabled={!reward.is_active && !mayGrow}
                  aria-describedby={!reward.is_active && !mayGrow ? 'rewards-no-plan' : undefined}
                  onClick={() => confirmation.ask(reward)}
                />
              </Group>
            ),
          },
        ]}
      />
      <RewardModal {...editor.modal} reward={editor.item} />
      <ConfirmDialog
        {...confirmation.dialog}
        message={
          confirming
            ? t(confirming.is_active ? 'rewards.confirmDisable' : 'rewards.confirmEnable', {
                name: isolate(confirming.name),
              })
            : ''
        }
        confirmLabel={confirming?.is_active ? t('rewards.disable') : t('rewards.enable')}
        danger={confirming?.is_active}
        busy={toggle.isPending}
        onConfirm={() => confirming && flip(confirming)}
      />
    </Stack>
  );
}
