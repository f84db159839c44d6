import { Button, Card, Group, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
import { Notice } from '@/components/notice';
import { QueryState } from '@/components/query-state';
import { bounds } from '@/lib/api/bounds';
import { normalizeDigits, useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { useDataRetention, useSaveDataRetention } from '../api/data-retention';
import type { DataRetention, DataRetentionRequest } from '../types';

/** The bounds the server checks (the contract's), shown in each field's hint. */
const MONTHS = bounds.DataRetentionRequest.activity_log_months;
const DAYS = bounds.DataRetentionRequest.webhook_delivery_days;
/** A short number: a narrow box, the label and hint keep the dialog's width. */
const NARROW = { wrapper: { maxInlineSize: 240 } };

/**
 * How long the records that are not the books are kept: the saved times, changed in a dialog
 * that says what a shorter time does. The bounds are the server's: its messages show under the
 * fields.
 */
export function DataRetentionSection() {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const retention = useDataRetention();
  const [editing, setEditing] = useState(false);
  return (
    <Card withBorder radius="md" padding="lg" maw={560} data-testid="retention-settings">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('retention.title')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="retention-explain">
          {t('retention.explain')}
        </Text>
        <QueryState query={retention}>
          {(kept) => (
            <Stack gap="sm">
              <Table data-testid="retention-table" verticalSpacing="xs">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">{t('retention.records')}</Table.Th>
                    <Table.Th scope="col">{t('retention.keptFor')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Th scope="row" fw={500}>
                      {t('retention.activity')}
                    </Table.Th>
                    <Table.Td data-testid="retention-activity">
                      {t('retention.months', {
                        count: kept.activity_log_months,
                        months: format.number(kept.activity_log_months),
                      })}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Th scope="row" fw={500}>
                      {t('retention.deliveries')}
                    </Table.Th>
                    <Table.Td data-testid="retention-deliveries">
                      {t('retention.days', {
                        count: kept.webhook_delivery_days,
                        days: format.number(kept.webhook_delivery_days),
                      })}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
              <Group gap="sm">
                <Button variant="light" onClick={() => setEditing(true)} data-testid="retention-edit">
                  {t('retention.edit')}
                </Button>
              </Group>
              <FormModal opened={editing} onClose={() => setEditing(false)} title={t('retention.title')}>
                <RetentionForm retention={kept} onDone={() => setEditing(false)} />
              </FormModal>
            </Stack>
          )}
        </QueryState>
      </Stack>
    </Card>
  );
}

type Values = { activity_log_months: string; webhook_delivery_days: string };

/** A whole number goes as a number; anything else as typed, for the server to refuse in its words. */
function countOf(typed: string): number {
  const plain = normalizeDigits(typed).trim();
  return (/^\d+$/.test(plain) ? Number(plain) : plain) as number;
}

function bodyOf(values: Values): DataRetentionRequest {
  return {
    activity_log_months: countOf(values.activity_log_months),
    webhook_delivery_days: countOf(values.webhook_delivery_days),
  };
}

/** Both times, sent together as typed (Eastern Arabic digits read as Latin); nothing clamped. */
function RetentionForm({ retention, onDone }: { retention: DataRetention; onDone: () => void }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const save = useSaveDataRetention();
  const form = useApiForm<Values, DataRetention>({
    initialValues: {
      activity_log_months: String(retention.activity_log_months),
      webhook_delivery_days: String(retention.webhook_delivery_days),
    },
    validate: (values) => ({
      activity_log_months:
        normalizeDigits(values.activity_log_months).trim() === '' ? t('retention.required') : undefined,
      webhook_delivery_days:
        normalizeDigits(values.webhook_delivery_days).trim() === '' ? t('retention.required') : undefined,
    }),
    submit: (values) => save.mutateAsync(bodyOf(values)),
    onSuccess: () => {
      showToast(t('retention.saved'));
      onDone();
    },
    failure: t('retention.saveFailed'),
  });

  return (
    <ApiForm form={form} testId="retention-form">
      <TextInput
        label={t('retention.activityField')}
        description={t('retention.monthsRange', {
          count: MONTHS.maximum,
          min: format.number(MONTHS.minimum),
          max: format.number(MONTHS.maximum),
        })}
        {...form.getInputProps('activity_log_months')}
        inputMode="numeric"
        dir="ltr"
        name="activity_log_months"
        autoComplete="off"
        data-autofocus
        styles={NARROW}
      />
      <TextInput
        label={t('retention.deliveriesField')}
        description={t('retention.daysRange', {
          count: DAYS.maximum,
          min: format.number(DAYS.minimum),
          max: format.number(DAYS.maximum),
        })}
        {...form.getInputProps('webhook_delivery_days')}
        inputMode="numeric"
        dir="ltr"
        name="webhook_delivery_days"
        autoComplete="off"
        styles={NARROW}
      />
      <Notice color="orange" icon={IconAlertTriangle} data-testid="retention-warning">
        {t('retention.warning')}
      </Notice>
      <FormActions onCancel={onDone} submitLabel={t('save')} pendingLabel={t('saving')} />
    </ApiForm>
  );
}
