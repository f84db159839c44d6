import { describe, expect, it } from 'vitest';
import { amountStep, validateReward, type RewardFormValues } from '../reward-rules';

const valid: RewardFormValues = {
  name: 'Free coffee',
  type: 'prize',
  description: '',
  pointsRequired: '50',
  amount: '0',
  isActive: true,
};

describe('reward form rules', () => {
  it('accepts a valid reward', () => {
    expect(validateReward(valid)).toEqual({});
  });

  it('requires a name and a type', () => {
    expect(validateReward({ ...valid, name: '   ', type: '' })).toEqual({
      name: 'rewards.nameRequired',
      type: 'rewards.typeRequired',
    });
  });

  it.each(['0', '-5', '', 'abc', '1.5'])('refuses %j points', (points) => {
    expect(validateReward({ ...valid, pointsRequired: points }).points_required).toBe(
      'rewards.pointsPositive',
    );
  });

  it('reads Arabic-Indic digits', () => {
    expect(validateReward({ ...valid, pointsRequired: '١٢٠' })).toEqual({});
  });

  it.each([
    ['0', undefined],
    ['100', undefined],
    ['55', undefined],
    ['-1', 'rewards.discountRange'],
    ['101', 'rewards.discountRange'],
    ['', 'rewards.discountRange'],
  ])('discount of %j -> %s', (amount, error) => {
    expect(validateReward({ ...valid, type: 'discount', amount }).amount).toBe(error);
  });

  it.each([
    ['cash', '0', undefined],
    ['cash', '12.5', undefined],
    ['cash', '250', undefined],
    ['cash', '-0.01', 'rewards.amountNonNegative'],
    ['prize', '-3', 'rewards.amountNonNegative'],
  ] as const)('%s amount of %j -> %s', (type, amount, error) => {
    expect(validateReward({ ...valid, type, amount }).amount).toBe(error);
  });

  it('steps discounts by 1 and money by 0.01', () => {
    expect(amountStep('discount')).toBe(1);
    expect(amountStep('cash')).toBe(0.01);
    expect(amountStep('prize')).toBe(0.01);
  });
});
