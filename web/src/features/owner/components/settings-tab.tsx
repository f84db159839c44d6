import { Card, Divider, Group, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { useApiForm } from '@/components/form/use-api-form';
import { bounds } from '@/lib/api/bounds';
import { normalizeDigits, useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { QueryState } from '@/components/query-state';
import { useLoyaltyConfig, useSaveLoyaltyConfig } from '../api/settings';
import type { LoyaltyConfig, LoyaltyConfigRequest } from '../types';
import { DataRetentionSection } from './data-retention-section';
import { TiersSection } from './tiers-section';

export function SettingsTab() {
  const { t } = useTranslation('owner');
  const config = useLoyaltyConfig();
  return (
    <Stack data-testid="owner-settings">
      <Title order={2} fz="h3">
        {t('settings.title')}
      </Title>
      <QueryState query={config}>{(data) => <SettingsForm config={data} />}</QueryState>
      <TiersSection />
      <DataRetentionSection />
    </Stack>
  );
}

/** Drops the trailing zeros of a decimal string ("1.500" -> "1.5") for the input. */
function plain(value: string): string {
  const number = Number(value);
  return Number.isFinite(number) ? String(number) : value;
}

/** The fields about earning points, then those about using them as money. */
const EARNING_FIELDS = [
  'cost_per_point',
  'min_purchase',
  'max_invoice_total',
  'confirm_above',
  'cashier_daily_points',
] as const;
const MONEY_FIELDS = ['point_value', 'min_redeem_points'] as const;
/** Points on a customer's birthday. */
const BIRTHDAY_FIELDS = ['birthday_points'] as const;
/** The owner's thresholds for fraud signals: whole numbers, shown only to the owner. */
const SIGNAL_FIELDS = ['signal_sales_per_customer', 'signal_void_percent', 'signal_manual_points'] as const;
const FIELDS = [...EARNING_FIELDS, ...MONEY_FIELDS, ...BIRTHDAY_FIELDS, ...SIGNAL_FIELDS] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
/** The months points last (a field of its own, shown when points expire). */
const EXPIRY_FIELD = 'points_expiry_months';
/** Points expire never, or a number of months after they are earned. */
type ExpiryMode = 'never' | 'after';
const EXPIRY_MONTHS = bounds.LoyaltyConfigRequest.points_expiry_months;
type SignalField = (typeof SIGNAL_FIELDS)[number];
type WholeNumberField = 'cashier_daily_points' | 'min_redeem_points' | 'birthday_points' | SignalField;
/** Counts (points, sales, a percent): sent as a number when a whole number is typed. */
function isWholeNumber(field: Field): field is WholeNumberField {
  return (
    field === 'cashier_daily_points' ||
    field === 'min_redeem_points' ||
    field === 'birthday_points' ||
    (SIGNAL_FIELDS as readonly Field[]).includes(field)
  );
}

const LABELS = {
  cost_per_point: { label: 'settings.costPerPoint', hint: 'settings.costPerPointHint' },
  min_purchase: { label: 'settings.minPurchase', hint: 'settings.minPurchaseHint' },
  max_invoice_total: { label: 'settings.maxInvoiceTotal', hint: 'settings.maxInvoiceTotalHint' },
  confirm_above: { label: 'settings.confirmAbove', hint: 'settings.confirmAboveHint' },
  cashier_daily_points: { label: 'settings.cashierDailyPoints', hint: 'settings.cashierDailyPointsHint' },
  point_value: { label: 'settings.pointValue', hint: 'settings.pointValueHint' },
  min_redeem_points: { label: 'settings.minRedeemPoints', hint: 'settings.minRedeemPointsHint' },
  birthday_points: { label: 'settings.birthdayPoints', hint: 'settings.birthdayPointsHint' },
  signal_sales_per_customer: { label: 'settings.signalSales', hint: 'settings.signalRangeHint' },
  signal_void_percent: { label: 'settings.signalVoidPercent', hint: 'settings.signalRangeHint' },
  signal_manual_points: { label: 'settings.signalManualPoints', hint: 'settings.signalRangeHint' },
} as const satisfies Record<Field, { label: string; hint: string }>;
/** The range the server accepts for each threshold, from the contract (shown in its hint). */
const RANGES: Partial<Record<Field, { minimum: number; maximum: number }>> = {
  birthday_points: bounds.LoyaltyConfigRequest.birthday_points,
  signal_sales_per_customer: bounds.LoyaltyConfigRequest.signal_sales_per_customer,
  signal_void_percent: bounds.LoyaltyConfigRequest.signal_void_percent,
  signal_manual_points: bounds.LoyaltyConfigRequest.signal_manual_points,
};

function valuesOf(config: LoyaltyConfig): Values {
  return {
    cost_per_point: plain(config.cost_per_point),
    min_purchase: config.min_purchase,
    max_invoice_total: config.max_invoice_total,
    confirm_above: config.confirm_above,
    cashier_daily_points: String(config.cashier_daily_points),
    // No value: points buy rewards only, and the field is empty.
    point_value: config.point_value ?? '',
    min_redeem_points: String(config.min_redeem_points),
    birthday_points: String(config.birthday_points),
    signal_sales_per_customer: String(config.signal_sales_per_customer),
    signal_void_percent: String(config.signal_void_percent),
    signal_manual_points: String(config.signal_manual_points),
  };
}

/** The saved months as the field shows them (empty when points never expire). */
function monthsOf(config: LoyaltyConfig): string {
  const months = config.points_expiry_months;
  return months === null || months === undefined ? '' : String(months);
}

type FormValues = Values & { expiry: ExpiryMode; [EXPIRY_FIELD]: string };

function formValuesOf(config: LoyaltyConfig): FormValues {
  const months = monthsOf(config);
  return { ...valuesOf(config), expiry: months === '' ? 'never' : 'after', [EXPIRY_FIELD]: months };
}

/** A whole number goes as a number; anything else as typed, for the server to refuse in its words. */
function countOf(typed: string): number {
  return (/^\d+$/.test(typed) ? Number(typed) : typed) as number;
}

/** Only what changed from the saved settings, as typed (Eastern Arabic digits read as Latin). */
function changesOf(config: LoyaltyConfig, values: FormValues): LoyaltyConfigRequest {
  const saved = valuesOf(config);
  const body: LoyaltyConfigRequest = {};
  for (const field of FIELDS) {
    const typed = normalizeDigits(values[field]).trim();
    if (typed === normalizeDigits(saved[field]).trim()) continue;
    if (isWholeNumber(field)) {
      body[field] = countOf(typed);
    } else if (field === 'point_value' && typed === '') {
      // Emptied: points stop being worth money (null turns it off; an empty string is no value).
      body.point_value = null;
    } else {
      body[field] = typed;
    }
  }
  // Never: null turns expiry off. After: the months (left out when unchanged).
  const savedMonths = monthsOf(config);
  const months = normalizeDigits(values[EXPIRY_FIELD]).trim();
  if (values.expiry === 'never') {
    if (savedMonths !== '') body.points_expiry_months = null;
  } else if (months !== savedMonths) {
    body.points_expiry_months = countOf(months);
  }
  return body;
}

/**
 * The owner's loyalty settings. What is typed is sent as typed (Eastern Arabic digits read as
 * Latin), only the fields that changed; the server checks them and its messages show under the
 * fields. Nothing is clamped or rounded here.
 */
function SettingsForm({ config }: { config: LoyaltyConfig }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const save = useSaveLoyaltyConfig();
  const form = useApiForm({
    initialValues: formValuesOf(config),
    validate: (values) => ({
      [EXPIRY_FIELD]:
        values.expiry === 'after' && normalizeDigits(values[EXPIRY_FIELD]).trim() === ''
          ? t('settings.expiryMonthsRequired')
          : undefined,
    }),
    submit: (values) => save.mutateAsync(changesOf(config, values)),
    onSuccess: (next) => {
      form.setValues(formValuesOf(next));
      showToast(t('settings.saved'));
    },
    failure: t('settings.failed'),
  });

  function input(field: Field) {
    const range = RANGES[field];
    return (
      <TextInput
        key={field}
        label={t(LABELS[field].label)}
        description={
          range
            ? t(LABELS[field].hint, { min: format.number(range.minimum), max: format.number(range.maximum) })
            : t(LABELS[field].hint)
        }
        {...form.getInputProps(field)}
        inputMode={isWholeNumber(field) ? 'numeric' : 'decimal'}
        dir="ltr"
        name={field}
        autoComplete="off"
      />
    );
  }

  return (
    <Card withBorder radius="md" padding="lg" maw={560}>
      <ApiForm form={form}>
        {EARNING_FIELDS.map(input)}
        <Divider mt="xs" />
        <Stack gap={4} data-testid="points-money-settings">
          <Title order={3} fz="md">
            {t('settings.pointsMoneyTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('settings.pointsMoneyIntro')}
          </Text>
        </Stack>
        {MONEY_FIELDS.map(input)}
        <Divider mt="xs" />
        <Stack gap="sm" data-testid="expiry-settings">
          <Title order={3} fz="md">
            {t('settings.expiryTitle')}
          </Title>
          <Radio.Group
            label={t('settings.expiryMode')}
            value={form.values.expiry}
            onChange={(value) => {
              form.setFieldValue('expiry', value === 'after' ? 'after' : 'never');
              form.clearFieldError(EXPIRY_FIELD);
            }}
            name="points_expiry"
          >
            <Group gap="lg" mt="xs">
              <Radio value="never" label={t('settings.expiryNever')} />
              <Radio value="after" label={t('settings.expiryAfter')} />
            </Group>
          </Radio.Group>
          {form.values.expiry === 'after' && (
            <TextInput
              label={t('settings.expiryMonths')}
              description={t('settings.expiryMonthsHint', {
                min: format.number(EXPIRY_MONTHS.minimum),
                max: format.number(EXPIRY_MONTHS.maximum),
              })}
              {...form.getInputProps(EXPIRY_FIELD)}
              inputMode="numeric"
              dir="ltr"
              name={EXPIRY_FIELD}
              autoComplete="off"
              // A short number: a narrow box, the label and hint keep the card's width.
              styles={{ wrapper: { maxInlineSize: 240 } }}
            />
          )}
          <Text size="sm" c="dimmed" data-testid="expiry-note">
            {t('settings.expiryNote')}
          </Text>
        </Stack>
        <Divider mt="xs" />
        <Stack gap="sm" data-testid="birthday-settings">
          <Title order={3} fz="md">
            {t('settings.birthdayTitle')}
          </Title>
          {BIRTHDAY_FIELDS.map(input)}
        </Stack>
        <Divider mt="xs" />
        <Stack gap="sm" data-testid="signal-settings">
          <Stack gap={4}>
            <Title order={3} fz="md">
              {t('settings.signalsTitle')}
            </Title>
            <Text size="sm" c="dimmed" data-testid="signals-note">
              {t('settings.signalsNote')}
            </Text>
          </Stack>
          {SIGNAL_FIELDS.map(input)}
        </Stack>
        <FormActions submitLabel={t('save')} pendingLabel={t('saving')} />
      </ApiForm>
    </Card>
  );
}
