import {
  Button,
  Card,
  Fieldset,
  Group,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm } from '@/components/form/use-api-form';
import { QueryState } from '@/components/query-state';
import { useConfirmation } from '@/components/use-confirmation';
import { bounds } from '@/lib/api/bounds';
import { isolateLtr, normalizeDigits, useFormat } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { useLoyaltyTiers, useSaveLoyaltyTiers } from '../api/tiers';
import type { LoyaltyTier } from '../types';

/** How many levels the server takes (the contract's `maxItems`). */
const MAX_LEVELS = bounds.LoyaltyTiersRequest.tiers.maxItems;
const NAME_MAX = {
  name_en: bounds.TierRequest.name_en.maxLength,
  name_ar: bounds.TierRequest.name_ar.maxLength,
} as const;
/** The spend's window and a downgrade's grace, as the server counts them (the contract's facts). */
const WINDOW_MONTHS = bounds.TierRequest.min_spend['x-spend-window-months'];
const GRACE_DAYS = bounds.TierRequest.min_spend['x-downgrade-grace-days'];

/**
 * The owner's tiers: the ladder as saved, edited whole in a dialog (the PUT replaces it), and
 * removed after a question. The rules (how many levels, rising spends, the multiplier's range)
 * are the server's: its messages show under the row and field they are about.
 */
export function TiersSection() {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const tiers = useLoyaltyTiers();
  const save = useSaveLoyaltyTiers();
  const [editing, setEditing] = useState(false);
  const removing = useConfirmation<true>();
  return (
    <Card withBorder radius="md" padding="lg" maw={560} data-testid="tier-settings">
      <Stack gap="sm">
        <Title order={3} fz="md">
          {t('tiers.title')}
        </Title>
        <Text size="sm" c="dimmed" data-testid="tiers-explain">
          {t('tiers.explain', { months: format.number(WINDOW_MONTHS), days: format.number(GRACE_DAYS) })}
        </Text>
        <QueryState query={tiers}>
          {(ladder) => (
            <Stack gap="sm">
              {ladder.length === 0 ? (
                <Text size="sm" data-testid="tiers-none">
                  {t('tiers.none')}
                </Text>
              ) : (
                <TierLadder tiers={ladder} />
              )}
              <Group gap="sm">
                <Button variant="light" onClick={() => setEditing(true)} data-testid="tiers-edit">
                  {ladder.length === 0 ? t('tiers.setUp') : t('tiers.edit')}
                </Button>
                {ladder.length > 0 && (
                  <Button
                    variant="subtle"
                    color="red"
                    onClick={() => removing.ask(true)}
                    data-testid="tiers-remove-all"
                  >
                    {t('tiers.removeAll')}
                  </Button>
                )}
              </Group>
              <FormModal
                opened={editing}
                onClose={() => setEditing(false)}
                title={t('tiers.dialogTitle')}
                size="lg"
              >
                <TiersForm tiers={ladder} onDone={() => setEditing(false)} />
              </FormModal>
            </Stack>
          )}
        </QueryState>
      </Stack>
      <ConfirmDialog
        {...removing.dialog}
        message={t('tiers.removeAllConfirm')}
        confirmLabel={t('tiers.removeAll')}
        danger
        busy={save.isPending}
        onConfirm={() =>
          removing.settle(save.mutateAsync({ tiers: [] }), t('tiers.removed'), t('tiers.removeFailed'))
        }
      />
    </Card>
  );
}

/** The saved ladder: each level's name in the reader's language, where it starts, its multiplier. */
function TierLadder({ tiers }: { tiers: LoyaltyTier[] }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  return (
    <Table data-testid="tiers-ladder" verticalSpacing="xs">
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('tiers.level')}</Table.Th>
          <Table.Th scope="col">{t('tiers.from', { months: format.number(WINDOW_MONTHS) })}</Table.Th>
          <Table.Th scope="col">{t('tiers.multiplier')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {tiers.map((tier) => (
          <Table.Tr key={tier.level} data-testid="tier-row">
            <Table.Th scope="row" fw={600}>
              <bdi>{format.language === 'ar' ? tier.name_ar : tier.name_en}</bdi>
            </Table.Th>
            <Table.Td>{format.lyd(tier.min_spend)}</Table.Td>
            <Table.Td>
              {isolateLtr(
                t('tiers.times', {
                  value: format.number(Number(tier.multiplier), { minimumFractionDigits: 1 }),
                }),
              )}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

interface Row {
  /** Mantine's key for the row (never sent). */
  key: string;
  name_en: string;
  name_ar: string;
  min_spend: string;
  multiplier: string;
}

/** Drops the trailing zeros of a decimal string ("500.000" -> "500") for the input. */
function plain(value: string): string {
  const number = Number(value);
  return Number.isFinite(number) ? String(number) : value;
}

function emptyRow(): Row {
  return { key: randomId(), name_en: '', name_ar: '', min_spend: '', multiplier: '' };
}

function rowsOf(tiers: LoyaltyTier[]): Row[] {
  if (tiers.length === 0) return [emptyRow()];
  return tiers.map((tier) => ({
    key: randomId(),
    name_en: tier.name_en,
    name_ar: tier.name_ar,
    min_spend: plain(tier.min_spend),
    // "1.5" stays "1.5"; a whole multiplier keeps its ".0" so it reads as one.
    multiplier: Number.isInteger(Number(tier.multiplier))
      ? Number(tier.multiplier).toFixed(1)
      : tier.multiplier,
  }));
}

/**
 * The whole ladder as rows, lowest spend first. What is typed is sent as typed (Eastern Arabic
 * digits read as Latin); the server answers which field of which row is wrong.
 */
function TiersForm({ tiers, onDone }: { tiers: LoyaltyTier[]; onDone: () => void }) {
  const { t } = useTranslation('owner');
  const format = useFormat();
  const save = useSaveLoyaltyTiers();
  const form = useApiForm({
    initialValues: { tiers: rowsOf(tiers) },
    submit: (values) =>
      save.mutateAsync({
        tiers: values.tiers.map((row) => ({
          name_en: row.name_en,
          name_ar: row.name_ar,
          min_spend: normalizeDigits(row.min_spend.trim()),
          multiplier: normalizeDigits(row.multiplier.trim()),
        })),
      }),
    onSuccess: () => {
      showToast(t('tiers.saved'));
      onDone();
    },
    failure: t('tiers.saveFailed'),
  });
  const rows = form.values.tiers;
  const listError = form.errors.tiers;

  return (
    <ApiForm form={form} testId="tiers-form">
      <Stack gap={4}>
        <Text size="sm" c="dimmed">
          {t('tiers.formHint', { count: MAX_LEVELS, max: format.number(MAX_LEVELS) })}
        </Text>
        <Text size="sm" c="dimmed">
          {t('tiers.multiplierHint')}
        </Text>
      </Stack>
      {rows.map((row, index) => {
        const level = format.number(index + 1);
        return (
          <Fieldset
            key={row.key}
            legend={t('tiers.levelN', { level })}
            data-testid="tier-fields"
            variant="filled"
          >
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
              <TextInput
                label={t('tiers.nameEn')}
                maxLength={NAME_MAX.name_en}
                dir="ltr"
                autoComplete="off"
                {...form.getInputProps(`tiers.${index}.name_en`)}
                name={`tiers.${index}.name_en`}
              />
              <TextInput
                label={t('tiers.nameAr')}
                maxLength={NAME_MAX.name_ar}
                dir="rtl"
                lang="ar"
                autoComplete="off"
                {...form.getInputProps(`tiers.${index}.name_ar`)}
                name={`tiers.${index}.name_ar`}
              />
              <TextInput
                label={t('tiers.minSpend', { months: format.number(WINDOW_MONTHS) })}
                inputMode="decimal"
                dir="ltr"
                autoComplete="off"
                {...form.getInputProps(`tiers.${index}.min_spend`)}
                name={`tiers.${index}.min_spend`}
              />
              <TextInput
                label={t('tiers.multiplierField')}
                inputMode="decimal"
                dir="ltr"
                autoComplete="off"
                {...form.getInputProps(`tiers.${index}.multiplier`)}
                name={`tiers.${index}.multiplier`}
              />
            </SimpleGrid>
            {rows.length > 1 && (
              <Group justify="flex-end" mt="xs">
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => form.removeListItem('tiers', index)}
                  aria-label={t('tiers.removeLevelN', { level })}
                >
                  {t('tiers.removeLevel')}
                </Button>
              </Group>
            )}
          </Fieldset>
        );
      })}
      {typeof listError === 'string' && (
        <Text size="sm" c="red.8" role="alert" data-testid="tiers-error">
          {listError}
        </Text>
      )}
      <Group justify="flex-start">
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={rows.length >= MAX_LEVELS}
          onClick={() => form.insertListItem('tiers', emptyRow())}
          data-testid="tiers-add"
        >
          {t('tiers.addLevel')}
        </Button>
      </Group>
      <FormActions onCancel={onDone} submitLabel={t('save')} pendingLabel={t('saving')} />
    </ApiForm>
  );
}
