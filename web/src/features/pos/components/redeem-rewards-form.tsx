import { Center, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconGift, IconInfoCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, isNetworkError, messageOf } from '@/lib/api/errors';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import type { Customer, RedemptionDone, Reward } from '@/lib/api/types';
import { useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { useRewards } from '../api/get-rewards';
import { usePointsMoneyTerms } from '../api/preview-redemption';
import { useRedeemPoints } from '../api/redeem-points';
import { useRedeemReward } from '../api/redeem-reward';
import { useOnline } from '../offline/use-offline-ready';
import { CustomerPicker } from './customer-picker';
import { OfflinePlaceholder } from './offline-placeholder';
import { PointsMoneyCard } from './points-money-card';
import { RewardCard } from './reward-card';
import { ErrorNotice, Notice } from '@/components/notice';

/** Spec section 9: the redemption success message stays 5 seconds. */
const SUCCESS_DURATION = 5_000;

interface RedeemRewardsFormProps {
  initialCustomer?: Customer | null;
  onRedeemed?: (result: RedemptionDone) => void;
}

export function RedeemRewardsForm({ initialCustomer = null, onRedeemed }: RedeemRewardsFormProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const rewards = useRewards();
  const online = useOnline();
  const redeem = useRedeemReward();
  const redeemPoints = useRedeemPoints();
  const idempotency = useIdempotencyKey();
  const [customer, setCustomer] = useState<Customer | null>(initialCustomer);
  const [error, setError] = useState<string | null>(null);
  const [pointsError, setPointsError] = useState<string | undefined>(undefined);
  const [redeemingId, setRedeemingId] = useState<number | null>(null);
  // Whether points are worth money here, and what this customer's are worth: the server's terms.
  const terms = usePointsMoneyTerms(customer?.id ?? null);
  const busy = redeemingId !== null || redeemPoints.isPending;

  function handleRedeemPoints(points: number) {
    setError(null);
    setPointsError(undefined);
    if (!customer) return;
    // As for rewards: the balance must be the server's, so never queued, refused at once offline.
    if (!navigator.onLine) {
      setError(t('pos.offline.redeemNeedsConnection'));
      return;
    }
    const body = { customer_id: customer.id, points };
    redeemPoints.mutate(
      { customerId: customer.id, points, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (result) => {
          idempotency.settle();
          showToast(
            t('pos.pointsMoney.success', {
              count: result.points_deducted,
              points: format.points(result.points_deducted),
              value: format.lyd(result.redemption.value ?? '0'),
            }),
            { title: t('pos.redeem.successTitle'), duration: SUCCESS_DURATION },
          );
          setCustomer({ ...customer, loyalty_points: result.customer_total_points });
          onRedeemed?.(result);
        },
        onError: (failure) => {
          // A refusal (the minimum, the balance changed meanwhile, no value any more) is final:
          // the next press is a new redemption.
          if (failure instanceof ApiError && (failure.status === 409 || failure.status === 422)) {
            idempotency.settle();
          }
          const field = failure instanceof ApiError ? failure.fieldError('points') : undefined;
          if (field) {
            setPointsError(field);
            return;
          }
          setError(
            isNetworkError(failure)
              ? t('pos.offline.redeemNeedsConnection')
              : messageOf(failure, t('pos.pointsMoney.failed')),
          );
        },
      },
    );
  }

  function handleRedeem(reward: Reward) {
    setError(null);
    if (!customer) {
      setError(t('pos.redeem.selectCustomer'));
      return;
    }
    if (reward.points_required > customer.loyalty_points) {
      setError(t('pos.redeem.insufficientMessage'));
      return;
    }
    // A redemption needs the server's balance: never queued, refused at once offline.
    if (!navigator.onLine) {
      setError(t('pos.offline.redeemNeedsConnection'));
      return;
    }
    const body = { customer_id: customer.id, reward_id: reward.id };
    setRedeemingId(reward.id);
    redeem.mutate(
      { customerId: customer.id, rewardId: reward.id, idempotencyKey: idempotency.keyFor(body) },
      {
        onSuccess: (result) => {
          idempotency.settle();
          showToast(
            t('pos.redeem.success', {
              count: result.points_deducted,
              points: format.points(result.points_deducted),
            }),
            { title: t('pos.redeem.successTitle'), duration: SUCCESS_DURATION },
          );
          setCustomer({ ...customer, loyalty_points: result.customer_total_points });
          onRedeemed?.(result);
        },
        onError: (failure) => {
          setError(
            isNetworkError(failure)
              ? t('pos.offline.redeemNeedsConnection')
              : messageOf(failure, t('pos.redeem.failed')),
          );
          // Someone else may have spent the points meanwhile: trust the server's balance next time.
          if (failure instanceof ApiError && failure.code === 'insufficient_points') idempotency.settle();
        },
        onSettled: () => setRedeemingId(null),
      },
    );
  }

  return (
    <Stack gap="md" data-testid="redeem-rewards-form">
      {error && (
        <ErrorNotice
          title={t('pos.redeem.errorTitle')}
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={() => setError(null)}
        >
          {error}
        </ErrorNotice>
      )}
      <CustomerPicker
        value={customer}
        onChange={(next) => {
          setCustomer(next);
          setError(null);
          setPointsError(undefined);
        }}
        pointsLabel="available"
        disabled={busy}
      />

      {customer && terms.data?.customer_id === customer.id && terms.data.point_value && (
        <PointsMoneyCard
          // A new balance is a new card: the typed points and their preview were about the old one.
          key={`${customer.id}-${customer.loyalty_points}`}
          terms={terms.data}
          redeeming={redeemPoints.isPending}
          disabled={busy}
          error={pointsError}
          onRedeem={handleRedeemPoints}
          onEdit={() => setPointsError(undefined)}
        />
      )}

      <Stack gap="sm">
        <Title order={2} fz="lg">
          {t('pos.redeem.chooseReward')}
        </Title>
        {!customer ? (
          <Notice color="blue" icon={IconInfoCircle}>
            {t('pos.redeem.selectCustomer')}
          </Notice>
        ) : !online && !rewards.data ? (
          <OfflinePlaceholder what="rewards" />
        ) : rewards.isPending ? (
          <Center py="lg">
            <Loader aria-label={t('app.loading')} />
          </Center>
        ) : rewards.isError ? (
          <Notice color="red" icon={IconAlertCircle}>
            {messageOf(rewards.error, t('pos.redeem.loadFailed'))}
          </Notice>
        ) : rewards.data.length === 0 ? (
          <Stack align="center" gap="xs" py="lg">
            <IconGift size={40} color="var(--mantine-color-gray-5)" aria-hidden />
            <Text c="dimmed">{t('pos.redeem.noRewards')}</Text>
          </Stack>
        ) : (
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
            {rewards.data.map((reward) => (
              <RewardCard
                key={reward.id}
                reward={reward}
                affordable={reward.points_required <= customer.loyalty_points}
                redeeming={redeemingId === reward.id}
                disabled={busy}
                onRedeem={() => handleRedeem(reward)}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
    </Stack>
  );
}
