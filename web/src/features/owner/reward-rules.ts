import { bounds } from '@/lib/api/bounds';
import { normalizeDigits } from '@/lib/format';
import type { RewardType } from './types';

/** The server's bounds (the OpenAPI document): a reward's points and a discount's percent. */
export const REWARD_BOUNDS = {
  pointsMin: bounds.RewardRequest.points_required.minimum,
  discountMax: bounds.RewardRequest.amount['x-discount-maximum'],
  nameMax: bounds.RewardRequest.name.maxLength,
  descriptionMax: bounds.RewardRequest.description.maxLength,
} as const;

export interface RewardFormValues {
  name: string;
  type: RewardType | '';
  description: string;
  pointsRequired: string;
  amount: string;
  isActive: boolean;
}

/** Translation keys (namespace `owner`) of the reward form's messages. */
export type RewardErrorKey =
  | 'rewards.nameRequired'
  | 'rewards.typeRequired'
  | 'rewards.pointsPositive'
  | 'rewards.discountRange'
  | 'rewards.amountNonNegative';

export type RewardErrors = Partial<Record<'name' | 'type' | 'points_required' | 'amount', RewardErrorKey>>;

function toNumber(text: string): number {
  const trimmed = normalizeDigits(text).trim();
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** Spec section 5's reward rules; the keys are the request's field names. */
export function validateReward(values: RewardFormValues): RewardErrors {
  const errors: RewardErrors = {};
  if (!values.name.trim()) errors.name = 'rewards.nameRequired';
  if (!values.type) errors.type = 'rewards.typeRequired';
  const points = toNumber(values.pointsRequired);
  if (!Number.isFinite(points) || points < REWARD_BOUNDS.pointsMin || !Number.isInteger(points)) {
    errors.points_required = 'rewards.pointsPositive';
  }
  const amount = toNumber(values.amount);
  if (values.type === 'discount') {
    if (!Number.isFinite(amount) || amount < 0 || amount > REWARD_BOUNDS.discountMax)
      errors.amount = 'rewards.discountRange';
  } else if (values.type) {
    if (!Number.isFinite(amount) || amount < 0) errors.amount = 'rewards.amountNonNegative';
  }
  return errors;
}

/** The step the amount field moves by: whole percents for discounts, dirhams-ish for money. */
export function amountStep(type: RewardType | ''): number {
  return type === 'discount' ? 1 : 0.01;
}
