import { Button, Card, Group, Stack, TextInput, Title } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form-error';
import { splitError } from '@/lib/api/form-errors';
import { normalizeDigits } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { QueryState } from '@/components/query-state';
import { useLoyaltyConfig, useSaveLoyaltyConfig } from '../api/settings';
import type { LoyaltyConfig, LoyaltyConfigRequest } from '../types';

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

const FIELDS = [
  'cost_per_point',
  'min_purchase',
  'max_invoice_total',
  'confirm_above',
  'cashier_daily_points',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const LABELS = {
  cost_per_point: { label: 'settings.costPerPoint', hint: 'settings.costPerPointHint' },
  min_purchase: { label: 'settings.minPurchase', hint: 'settings.minPurchaseHint' },
  max_invoice_total: { label: 'settings.maxInvoiceTotal', hint: 'settings.maxInvoiceTotalHint' },
  confirm_above: { label: 'settings.confirmAbove', hint: 'settings.confirmAboveHint' },
  cashier_daily_points: { label: 'settings.cashierDailyPoints', hint: 'settings.cashierDailyPointsHint' },
} as const satisfies Record<Field, { label: string; hint: string }>;

function valuesOf(config: LoyaltyConfig): Values {
  return {
    cost_per_point: plain(config.cost_per_point),
    min_purchase: config.min_purchase,
    max_invoice_total: config.max_invoice_total,
    confirm_above: config.confirm_above,
    cashier_daily_points: String(config.cashier_daily_points),
  };
}

/**
 * The owner's loyalty settings. What is typed is sent as typed (Eastern Arabic digits read as
 * Latin), only the fields that changed; the server checks them and its messages show under the
 * fields. Nothing is clamped or rounded here.
 */
function SettingsForm({ config }: { config: LoyaltyConfig }) {
  const { t } = useTranslation('owner');
  const save = useSaveLoyaltyConfig();
  const [values, setValues] = useState<Values>(() => valuesOf(config));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    setErrors({});
    const saved = valuesOf(config);
    const body: LoyaltyConfigRequest = {};
    for (const field of FIELDS) {
      const typed = normalizeDigits(values[field]).trim();
      if (typed === normalizeDigits(saved[field]).trim()) continue;
      if (field === 'cashier_daily_points') {
        // A whole number goes as a number; anything else is sent as typed for the server to refuse.
        body.cashier_daily_points = (/^\d+$/.test(typed) ? Number(typed) : typed) as number;
      } else {
        body[field] = typed;
      }
    }
    save.mutate(body, {
      onSuccess: (next) => {
        setValues(valuesOf(next));
        showToast(t('settings.saved'));
      },
      onError: (error) => {
        const shown = splitError(error, FIELDS, t('settings.failed'));
        setErrors(shown.fields);
        setFailure(shown.alert);
      },
    });
  }

  return (
    <Card withBorder radius="md" padding="lg" maw={560}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <FormError message={failure} />
          {FIELDS.map((field) => (
            <TextInput
              key={field}
              label={t(LABELS[field].label)}
              description={t(LABELS[field].hint)}
              value={values[field]}
              onChange={(event) => {
                const value = event.currentTarget.value;
                setValues((current) => ({ ...current, [field]: value }));
                setErrors((current) => ({ ...current, [field]: undefined }));
              }}
              inputMode={field === 'cashier_daily_points' ? 'numeric' : 'decimal'}
              dir="ltr"
              error={errors[field]}
              name={field}
              autoComplete="off"
            />
          ))}
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
