import { Button, Group, Modal, NumberInput, Select, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormError } from '@/components/form/form-error';
import { splitError } from '@/lib/api/form-errors';
import { normalizeDigits } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { useSaveReward } from '../api/rewards';
import { amountStep, REWARD_BOUNDS, validateReward, type RewardFormValues } from '../reward-rules';
import type { OwnerReward, RewardType } from '../types';

const TYPES: RewardType[] = ['prize', 'discount', 'cash'];
type Field = 'name' | 'type' | 'description' | 'points_required' | 'amount';
const FIELD_OF: Partial<Record<keyof RewardFormValues, Field>> = {
  name: 'name',
  description: 'description',
  pointsRequired: 'points_required',
  amount: 'amount',
};

interface RewardModalProps {
  opened: boolean;
  reward: OwnerReward | null;
  onClose: () => void;
}

export function RewardModal({ opened, reward, onClose }: RewardModalProps) {
  const { t } = useTranslation('owner');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={reward ? t('rewards.editTitle') : t('rewards.addTitle')}
      closeButtonProps={{ 'aria-label': t('close') }}
    >
      {opened && <RewardForm key={reward?.id ?? 'new'} reward={reward} onDone={onClose} />}
    </Modal>
  );
}

function initialValues(reward: OwnerReward | null): RewardFormValues {
  return {
    name: reward?.name ?? '',
    type: reward?.type ?? '',
    description: reward?.description ?? '',
    pointsRequired: reward ? String(reward.points_required) : '',
    amount: reward ? String(Number(reward.amount)) : '0',
    isActive: reward?.is_active ?? true,
  };
}

export function RewardForm({ reward, onDone }: { reward: OwnerReward | null; onDone: () => void }) {
  const { t } = useTranslation('owner');
  const save = useSaveReward();
  const [values, setValues] = useState<RewardFormValues>(() => initialValues(reward));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const set = <K extends keyof RewardFormValues>(key: K, value: RewardFormValues[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // A message goes as soon as what is typed is right (a new one waits for leaving the field
    // or Save): the form must not shrink under the pointer on its way to Save, or the click
    // lands beside the button. A new type can also make the amount right or wrong.
    const fields: Field[] =
      key === 'type' ? ['type', 'amount'] : [FIELD_OF[key]].filter((f): f is Field => !!f);
    const found: Partial<Record<Field, unknown>> = validateReward(next);
    setErrors((current) => {
      const cleared = { ...current };
      for (const field of fields) if (cleared[field] && !found[field]) cleared[field] = undefined;
      return cleared;
    });
  };
  /** On leaving a number field: its message now, not only on Enter or Save. */
  const checkField = (field: 'points_required' | 'amount') => {
    const key = validateReward(values)[field];
    setErrors((current) => ({
      ...current,
      [field]: key ? t(key, { max: REWARD_BOUNDS.discountMax }) : undefined,
    }));
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const found = validateReward(values);
    const translated: Partial<Record<Field, string>> = {};
    for (const [field, key] of Object.entries(found))
      translated[field as Field] = t(key, { max: REWARD_BOUNDS.discountMax });
    setErrors(translated);
    if (Object.keys(found).length > 0) return;
    const body = {
      name: values.name.trim(),
      type: values.type,
      description: values.description.trim() || null,
      points_required: Number(normalizeDigits(values.pointsRequired)),
      amount: normalizeDigits(values.amount).trim(),
      is_active: values.isActive,
    };
    save.mutate(
      { id: reward?.id, body },
      {
        onSuccess: () => {
          showToast(reward ? t('rewards.updated') : t('rewards.created'));
          onDone();
        },
        onError: (error) => {
          const fields: Field[] = ['name', 'type', 'description', 'points_required', 'amount'];
          const shown = splitError(
            error,
            fields,
            reward ? t('rewards.updateFailed') : t('rewards.createFailed'),
          );
          setErrors(shown.fields);
          setFailure(shown.alert);
        },
      },
    );
  }

  const isDiscount = values.type === 'discount';
  return (
    <form onSubmit={submit} noValidate data-testid="reward-form">
      <Stack>
        <FormError message={failure} />
        <TextInput
          label={t('rewards.name')}
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          maxLength={REWARD_BOUNDS.nameMax}
          required
          data-autofocus
        />
        <Select
          label={t('rewards.type')}
          data={TYPES.map((type) => ({ value: type, label: t(`rewards.types.${type}`) }))}
          value={values.type || null}
          onChange={(value) => set('type', (value as RewardType | null) ?? '')}
          error={errors.type}
          required
          allowDeselect={false}
          data-testid="reward-type"
        />
        <Textarea
          label={t('rewards.description')}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
          error={errors.description}
          maxLength={REWARD_BOUNDS.descriptionMax}
          rows={2}
        />
        <NumberInput
          label={t('rewards.pointsRequired')}
          value={values.pointsRequired}
          onChange={(value) => set('pointsRequired', String(value))}
          onBlur={() => checkField('points_required')}
          error={errors.points_required}
          min={REWARD_BOUNDS.pointsMin}
          step={1}
          allowDecimal={false}
          // Never change what was typed: 0 shows its message instead of becoming 1.
          clampBehavior="none"
          required
        />
        <NumberInput
          label={isDiscount ? t('rewards.amountDiscount') : t('rewards.amountLyd')}
          value={values.amount}
          onChange={(value) => set('amount', String(value))}
          onBlur={() => checkField('amount')}
          error={errors.amount}
          min={0}
          max={isDiscount ? REWARD_BOUNDS.discountMax : undefined}
          step={amountStep(values.type)}
          decimalScale={isDiscount ? 0 : 3}
          clampBehavior="none"
        />
        <Switch
          label={t('rewards.isActive')}
          checked={values.isActive}
          onChange={(e) => set('isActive', e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={save.isPending}>
            {t('cancel')}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {save.isPending ? t('saving') : t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
