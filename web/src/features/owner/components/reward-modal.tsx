import { NumberInput, Select, Switch, Textarea, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ApiForm } from '@/components/form/api-form';
import { FormActions } from '@/components/form/form-actions';
import { FormModal } from '@/components/form/form-modal';
import { useApiForm, type FieldErrors } from '@/components/form/use-api-form';
import { normalizeDigits } from '@/lib/format';
import { showToast } from '@/lib/toasts';
import { useSaveReward } from '../api/rewards';
import {
  amountStep,
  REWARD_BOUNDS,
  validateReward,
  type RewardErrorKey,
  type RewardFormValues,
} from '../reward-rules';
import type { OwnerReward, RewardType } from '../types';

const TYPES: RewardType[] = ['prize', 'discount', 'cash'];

interface RewardModalProps {
  opened: boolean;
  reward: OwnerReward | null;
  onClose: () => void;
}

export function RewardModal({ opened, reward, onClose }: RewardModalProps) {
  const { t } = useTranslation('owner');
  return (
    <FormModal
      opened={opened}
      onClose={onClose}
      title={reward ? t('rewards.editTitle') : t('rewards.addTitle')}
    >
      <RewardForm key={reward?.id ?? 'new'} reward={reward} onDone={onClose} />
    </FormModal>
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
  /** The form's own messages, by field. */
  const check = (values: RewardFormValues): FieldErrors => {
    const found = validateReward(values);
    const say = (key: RewardErrorKey | undefined) => key && t(key, { max: REWARD_BOUNDS.discountMax });
    return {
      name: say(found.name),
      type: say(found.type),
      pointsRequired: say(found.points_required),
      amount: say(found.amount),
    };
  };
  const form = useApiForm({
    initialValues: initialValues(reward),
    serverFields: { points_required: 'pointsRequired' },
    validate: check,
    // A message goes as soon as what is typed is right (a new one waits for leaving the field
    // or Save): the form must not shrink under the pointer on its way to Save, or the click
    // lands beside the button. A new type can also make the amount right or wrong.
    clearErrorOnChange: false,
    onValuesChange: (values, previous) => {
      const changed = (Object.keys(values) as (keyof RewardFormValues)[]).filter(
        (key) => values[key] !== previous[key],
      );
      const found = check(values);
      for (const field of changed.includes('type') ? [...changed, 'amount'] : changed)
        if (!found[field]) form.clearFieldError(field);
    },
    /** On leaving a number field: its message now, not only on Enter or Save. */
    validateInputOnBlur: ['pointsRequired', 'amount'],
    submit: (values) =>
      save.mutateAsync({
        id: reward?.id,
        body: {
          name: values.name.trim(),
          type: values.type,
          description: values.description.trim() || null,
          points_required: Number(normalizeDigits(values.pointsRequired)),
          amount: normalizeDigits(values.amount).trim(),
          is_active: values.isActive,
        },
      }),
    onSuccess: () => {
      showToast(reward ? t('rewards.updated') : t('rewards.created'));
      onDone();
    },
    failure: reward ? t('rewards.updateFailed') : t('rewards.createFailed'),
  });
  const { values } = form;

  const isDiscount = values.type === 'discount';
  return (
    <ApiForm form={form} testId="reward-form">
      <TextInput
        label={t('rewards.name')}
        {...form.getInputProps('name')}
        maxLength={REWARD_BOUNDS.nameMax}
        required
        data-autofocus
      />
      <Select
        label={t('rewards.type')}
        data={TYPES.map((type) => ({ value: type, label: t(`rewards.types.${type}`) }))}
        {...form.getInputProps('type')}
        value={values.type || null}
        onChange={(value) => form.setFieldValue('type', (value as RewardType | null) ?? '')}
        required
        allowDeselect={false}
        data-testid="reward-type"
      />
      <Textarea
        label={t('rewards.description')}
        {...form.getInputProps('description')}
        maxLength={REWARD_BOUNDS.descriptionMax}
        rows={2}
      />
      <NumberInput
        label={t('rewards.pointsRequired')}
        {...form.getInputProps('pointsRequired')}
        onChange={(value) => form.setFieldValue('pointsRequired', String(value))}
        min={REWARD_BOUNDS.pointsMin}
        step={1}
        allowDecimal={false}
        // Never change what was typed: 0 shows its message instead of becoming 1.
        clampBehavior="none"
        required
      />
      <NumberInput
        label={isDiscount ? t('rewards.amountDiscount') : t('rewards.amountLyd')}
        {...form.getInputProps('amount')}
        onChange={(value) => form.setFieldValue('amount', String(value))}
        min={0}
        max={isDiscount ? REWARD_BOUNDS.discountMax : undefined}
        step={amountStep(values.type)}
        decimalScale={isDiscount ? 0 : 3}
        clampBehavior="none"
      />
      <Switch label={t('rewards.isActive')} {...form.getInputProps('isActive', { type: 'checkbox' })} />
      <FormActions onCancel={onDone} submitLabel={t('save')} pendingLabel={t('saving')} />
    </ApiForm>
  );
}
