import { describe, expect, it } from 'vitest';
import { formatLyd, formatNumber, initialsOf } from '@/lib/format';
import { roleLabelKey } from '@/lib/roles';

describe('formatLyd', () => {
  it('shows three decimals in English', () => {
    expect(formatLyd('12.5', 'en')).toMatch(/LYD\s?12\.500/);
    expect(formatLyd(1234.5, 'en')).toMatch(/1,234\.500/);
  });

  it('keeps a decimal string exact', () => {
    expect(formatLyd('90071992547409.125', 'en')).toContain('90,071,992,547,409.125');
  });

  it('uses Libyan Arabic conventions in Arabic', () => {
    const text = formatLyd('12.5', 'ar');
    expect(text).toContain('د.ل');
    expect(text.replace(/[^\d٠-٩]/g, '')).toMatch(/^(12500|١٢٥٠٠)$/);
  });
});

describe('formatNumber', () => {
  it('groups thousands', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
  });
});

describe('initialsOf', () => {
  it('takes the first letters of the first two words', () => {
    expect(initialsOf('Sara Ali Omar')).toBe('SA');
    expect(initialsOf('mohamed')).toBe('M');
    expect(initialsOf('  ali   ben  ')).toBe('AB');
    expect(initialsOf('سارة علي')).toBe('سع');
    expect(initialsOf('')).toBe('');
  });
});

describe('roleLabelKey', () => {
  it('drops underscores from the role', () => {
    expect(roleLabelKey('admin')).toBe('roles.admin');
    expect(roleLabelKey('store_owner')).toBe('roles.storeowner');
    expect(roleLabelKey('pos_user')).toBe('roles.posuser');
  });
});
