import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRosetteDiscountCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { StampDots } from '@/components/stamp-dots';
import { messageOf } from '@/lib/api/errors';
import { useIdempotencyKey } from '@/lib/api/idempotency';
import type { StampCount } from '@/lib/api/types';
import { useFormat } from '@/lib/format';
import { usePermissions } from '@/lib/session/permissions';
import { showToast } from '@/lib/toasts';
import { useRedeemStamps, useStampHistory } from '../api/stamps';

/**
 * The customer's stamp card at the till: the count against the stamps the reward needs, a Redeem
 * button once the server says the card is full (`count >= required`, as it sends them), and
 * the latest stamps earned and redeemed.
 */
export function StampCardPanel({ customerId, stamps }: { customerId: number; stamps: StampCount }) {
  const { t } = useTranslation();
  const { can } = usePermissions();
  const redeem = useRedeemStamps();
  const { keyFor, settle } = useIdempotencyKey();
  const full = stamps.count >= stamps.required;
  const onRedeem = () => {
    const body = { customerId, storeId: stamps.store_id };
    redeem.mutate(
      { ...body, idempotencyKey: keyFor(body) },
      {
        onSuccess: () => {
          settle();
          showToast(t('customers.stamps.redeemed'));
        },
      },
    );
  };
  return (
    <Card padding="lg" shadow="xs" data-testid="stamp-card">
      <Title order={2} fz="lg" mb="sm">
        {t('customers.stamps.title')}
      </Title>
      <Stack gap="sm">
        <StampDots count={stamps.count} required={stamps.required} />
        {full ? (
          <Text size="sm" c="teal.9" fw={600}>
            {t('customers.stamps.full')}
          </Text>
        ) : (
          <Text size="sm" c="dimmed">
            {t('customers.stamps.toGo', { count: stamps.required - stamps.count })}
          </Text>
        )}
        {full && can('redeem_stamps') && (
          <Group>
            <Button
              color="teal"
              leftSection={<IconRosetteDiscountCheck size={18} aria-hidden />}
              loading={redeem.isPending}
              onClick={onRedeem}
              data-testid="redeem-stamps"
            >
              {t('customers.stamps.redeem')}
            </Button>
          </Group>
        )}
        {redeem.isError && (
          <Text size="sm" c="red.8" role="alert">
            {messageOf(redeem.error, t('customers.stamps.redeemFailed'))}
          </Text>
        )}
        <StampHistory customerId={customerId} />
      </Stack>
    </Card>
  );
}

function StampHistory({ customerId }: { customerId: number }) {
  const { t } = useTranslation();
  const format = useFormat();
  const history = useStampHistory(customerId);
  const events = history.data?.data ?? [];
  if (events.length === 0) return null;
  return (
    <Stack gap={4} data-testid="stamp-history">
      <Text size="sm" fw={700} c="dimmed">
        {t('customers.stamps.history')}
      </Text>
      <Stack component="ul" gap={4} m={0} p={0} style={{ listStyle: 'none' }}>
        {events.map((event) => (
          <Text component="li" size="sm" key={event.id} data-testid="stamp-event">
            {event.kind === 'redeemed'
              ? t('customers.stamps.eventRedeemed', { count: event.stamps, reward: event.reward_name ?? '' })
              : event.revoked_at
                ? t('customers.stamps.eventRevoked')
                : event.redeemed_by !== null && event.redeemed_by !== undefined
                  ? t('customers.stamps.eventUsed')
                  : t('customers.stamps.eventEarned')}{' '}
            <Text span c="dimmed" size="xs">
              {format.dateTime(event.created_at)}
            </Text>
          </Text>
        ))}
      </Stack>
    </Stack>
  );
}
