import { Button, Card, Group, Loader, Stack, Text, TextInput, ThemeIcon, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconCoins, IconDiscount } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '@/lib/api/errors';
import type { RedemptionPreview } from '@/lib/api/types';
import { normalizeDigits, useFormat } from '@/lib/format';
import { usePointsMoneyPreview } from '../api/preview-redemption';

interface PointsMoneyCardProps {
  /** The server's terms for this customer (a value is set: `point_value` is not null). */
  terms: RedemptionPreview;
  /** These points are being redeemed now. */
  redeeming: boolean;
  /** Another redemption is in progress. */
  disabled: boolean;
  /** The server's refusal of the last redemption, shown under the field. */
  error?: string;
  onRedeem: (points: number) => void;
  /** The cashier changed the points: an earlier refusal no longer applies. */
  onEdit: () => void;
}

/** What the cashier typed: nothing yet, a whole number of points, or something else. */
function parsePoints(input: string): number | null | 'invalid' {
  const text = normalizeDigits(input).trim();
  if (text === '') return null;
  return /^\d{1,15}$/.test(text) ? Number(text) : 'invalid';
}

/**
 * Points used as money (a discount on the sale). Everything it says about value comes from the
 * server: the balance's worth from the terms, and what the typed points give (or why not, in the
 * server's words) from the preview, asked again as the cashier types. The minimum and the
 * balance are the server's rule too: nothing is checked or computed here but "a whole number".
 */
export function PointsMoneyCard({
  terms,
  redeeming,
  disabled,
  error,
  onRedeem,
  onEdit,
}: PointsMoneyCardProps) {
  const { t } = useTranslation();
  const format = useFormat();
  const [typed, setTyped] = useState('');
  const parsed = parsePoints(typed);
  const points = typeof parsed === 'number' ? parsed : null;
  const [asked] = useDebouncedValue(points, 300);
  const preview = usePointsMoneyPreview(terms.customer_id, asked);
  const current = asked === points && points !== null;
  const previewError =
    current && preview.error instanceof ApiError
      ? (preview.error.fieldError('points') ?? messageOf(preview.error, t('pos.pointsMoney.failed')))
      : undefined;
  const answer = current && preview.data?.points === points ? preview.data : undefined;
  const fieldError = error ?? (parsed === 'invalid' ? t('pos.pointsMoney.wholeNumber') : previewError);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (points !== null && !disabled) onRedeem(points);
  }

  return (
    <Card withBorder padding="md" data-testid="points-money">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Group gap="sm" wrap="nowrap" align="flex-start" miw={0} style={{ flex: '1 1 16rem' }}>
              <ThemeIcon variant="light" color="teal" size="lg" radius="md" aria-hidden>
                <IconCoins size={20} />
              </ThemeIcon>
              <Stack gap={2} miw={0}>
                <Title order={2} fz="lg">
                  {t('pos.pointsMoney.title')}
                </Title>
                <Text size="sm" c="dimmed">
                  {t('pos.pointsMoney.rate', { value: format.lyd(terms.point_value ?? '0') })}
                  {' · '}
                  {t('pos.pointsMoney.minimum', {
                    count: terms.min_points,
                    points: format.points(terms.min_points),
                  })}
                </Text>
              </Stack>
            </Group>
            {terms.balance_value && (
              <Stack gap={0} align="flex-end" style={{ marginInlineStart: 'auto' }}>
                <Text size="xs" c="dimmed">
                  {t('pos.pointsMoney.worth')}
                </Text>
                <Text fw={800} fz="xl" c="teal.9" lh={1.2} data-testid="points-money-worth">
                  {format.lyd(terms.balance_value)}
                </Text>
              </Stack>
            )}
          </Group>
          <TextInput
            label={t('pos.pointsMoney.points')}
            description={t('pos.pointsMoney.pointsHint', { points: format.points(terms.balance) })}
            value={typed}
            onChange={(event) => {
              setTyped(event.currentTarget.value);
              onEdit();
            }}
            error={fieldError}
            inputMode="numeric"
            dir="ltr"
            name="points"
            autoComplete="off"
            disabled={disabled && !redeeming}
            readOnly={redeeming}
            rightSection={current && preview.isFetching ? <Loader size={14} aria-hidden /> : undefined}
          />
          <Group justify="space-between" align="center" gap="sm">
            <Text
              size="sm"
              fw={600}
              c="teal.9"
              aria-live="polite"
              data-testid="points-money-preview"
              style={{ flex: '1 1 12rem' }}
            >
              {answer && !fieldError && answer.value !== null && answer.value !== undefined
                ? t('pos.pointsMoney.preview', {
                    value: format.lyd(answer.value),
                    count: answer.balance_after ?? 0,
                    points: format.points(answer.balance_after ?? 0),
                  })
                : ''}
            </Text>
            <Button
              type="submit"
              color="teal"
              leftSection={
                redeeming ? (
                  <Loader size={16} color="gray" aria-hidden />
                ) : (
                  <IconDiscount size={18} aria-hidden />
                )
              }
              disabled={disabled || points === null || Boolean(previewError)}
              aria-busy={redeeming}
              style={{ marginInlineStart: 'auto' }}
            >
              {redeeming ? t('pos.redeem.redeeming') : t('pos.pointsMoney.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
