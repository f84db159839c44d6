import { Alert, Button, Card, Group, NumberInput, Stack, Title } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, messageOf } from '@/lib/api/errors';
import { normalizeDigits } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { useLoyaltyConfig, useSaveLoyaltyConfig } from '../api/settings';
import type { LoyaltyConfig } from '../types';
import { QueryState } from './query-state';

export function SettingsTab() {
  const { t } = useTranslation('owner');
  const config = useLoyaltyConfig();
  return (
    <Stack data-testid="owner-settings">
      <Title order={2} fz="h3">
        {t('settings.title')}
      </Title>
      <QueryState query={config}>{(data) => <SettingsForm config={data} />}</QueryState>
    </Stack>
  );
}

/** Drops the trailing zeros of a decimal string ("1.500" -> "1.5") for the input. */
function plain(value: string): string {
  const number = Number(value);
  return Number.isFinite(number) ? String(number) : value;
}

function SettingsForm({ config }: { config: LoyaltyConfig }) {
  const { t } = useTranslation('owner');
  const save = useSaveLoyaltyConfig();
  const [rate, setRate] = useState(plain(config.cost_per_point));
  const [minPurchase, setMinPurchase] = useState(plain(config.min_purchase));
  const [errors, setErrors] = useState<{ cost_per_point?: string; min_purchase?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const rateText = normalizeDigits(rate).trim();
    const minText = normalizeDigits(minPurchase).trim() || '0';
    const next: typeof errors = {};
    if (!(Number(rateText) >= 0.1)) next.cost_per_point = t('settings.costMin');
    if (!(Number(minText) >= 0)) next.min_purchase = t('settings.minPurchaseMin');
    setErrors(next);
    if (Object.keys(next).length > 0) return;
    save.mutate(
      { cost_per_point: rateText, min_purchase: minText },
      {
        onSuccess: () => showToast(t('settings.saved')),
        onError: (error) => {
          if (
            error instanceof ApiError &&
            (error.fieldError('cost_per_point') || error.fieldError('min_purchase'))
          ) {
            setErrors({
              cost_per_point: error.fieldError('cost_per_point'),
              min_purchase: error.fieldError('min_purchase'),
            });
            return;
          }
          setFailure(messageOf(error, t('settings.failed')));
        },
      },
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" maw={560}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {failure && (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} role="alert">
              {failure}
            </Alert>
          )}
          <NumberInput
            label={t('settings.costPerPoint')}
            description={t('settings.costPerPointHint')}
            value={rate}
            onChange={(value) => setRate(String(value))}
            min={0.1}
            step={0.1}
            decimalScale={3}
            error={errors.cost_per_point}
            name="cost_per_point"
          />
          <NumberInput
            label={t('settings.minPurchase')}
            description={t('settings.minPurchaseHint')}
            value={minPurchase}
            onChange={(value) => setMinPurchase(String(value))}
            min={0}
            step={0.5}
            decimalScale={3}
            error={errors.min_purchase}
            name="min_purchase"
          />
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              {save.isPending ? t('saving') : t('save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
