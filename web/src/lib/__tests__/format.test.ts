import { describe, expect, it, vi } from 'vitest';
import {
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatLyd,
  formatMonth,
  formatNumber,
  formatUsd,
  initialsOf,
} from '@/lib/format';
import { roleLabelKey } from '@/lib/roles';

describe('formatUsd', () => {
  it('shows the API’s six decimals as two to four, the same digits in both languages', () => {
    expect(formatUsd('0.350000', 'en')).toBe('USD 0.35');
    expect(formatUsd('0.022500', 'en')).toBe('USD 0.0225');
    expect(formatUsd('1250.000000', 'ar')).toBe('1,250.00 دولار');
    expect(formatUsd('0.000000', 'ar')).toBe('0.00 دولار');
  });
});

describe('formatLyd', () => {
  it('shows three decimals in English', () => {
    expect(formatLyd('12.5', 'en')).toMatch(/LYD\s?12\.500/);
    expect(formatLyd(1234.5, 'en')).toMatch(/1,234\.500/);
  });

  it('keeps a decimal string exact', () => {
    expect(formatLyd('90071992547409.125', 'en')).toContain('90,071,992,547,409.125');
  });

  it('reads the same in Arabic: Latin digits, a dot decimal, comma grouping', () => {
    expect(formatLyd('862.650', 'ar')).toBe('862.650 د.ل.');
    expect(formatLyd('1250.5', 'ar')).toBe('1,250.500 د.ل.');
    expect(formatLyd('0', 'ar')).toBe('0.000 د.ل.');
    expect(formatLyd('862.650', 'en')).toBe('LYD 862.650');
    expect(formatLyd(1000000, 'en')).toBe('LYD 1,000,000.000');
  });

  it('keeps the sign of a negative amount in front, in both directions', () => {
    expect(formatLyd('-5', 'ar')).toBe('\u2066-5.000\u2069 د.ل.');
    expect(formatLyd('-5', 'en')).toBe('LYD \u2066-5.000\u2069');
  });
});

describe('formatNumber', () => {
  it('groups thousands with a comma in both languages', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1250, 'ar')).toBe('1,250');
    expect(formatNumber(-5, 'ar')).toBe('\u2066-5\u2069');
  });
});

describe('formatDate', () => {
  it('shows a calendar day (YYYY-MM-DD) as that day in every time zone', () => {
    try {
      for (const zone of ['America/Los_Angeles', 'UTC', 'Africa/Tripoli', 'Pacific/Kiritimati']) {
        vi.stubEnv('TZ', zone);
        expect(formatDate('2027-01-01', 'en'), zone).toBe('Jan 1, 2027');
        expect(formatDate('2027-01-01', 'ar'), zone).toBe('\u206601/01/2027\u2069');
      }
      // An instant still shows the day it falls on where the device is.
      vi.stubEnv('TZ', 'America/Los_Angeles');
      expect(formatDate('2027-01-01T00:00:00Z', 'en')).toBe('Dec 31, 2026');
    } finally {
      vi.unstubAllEnvs();
    }
  });
});

describe('one date format per language', () => {
  it('writes Arabic dates day/month/year in Latin digits, one left-to-right island, no RLM', () => {
    const day = formatDate('2026-12-20', 'ar');
    expect(day).toBe('\u206620/12/2026\u2069');
    expect(day).not.toMatch(/[\u200f\u0660-\u0669]/);
    expect(formatDate('2026-11-27T10:00:00Z', 'ar', 'Africa/Tripoli')).toBe('\u206627/11/2026\u2069');
    expect(formatDayMonth('2026-12-20', 'ar')).toBe('\u206620/12\u2069');
  });

  it('writes English dates with the month by name', () => {
    expect(formatDate('2026-12-20', 'en')).toBe('Dec 20, 2026');
    expect(formatDayMonth('2026-12-20', 'en')).toBe('Dec 20');
    expect(formatMonth('2026-12', 'en')).toBe('Dec 2026');
  });

  it('puts the time after the same date, in the zone asked for', () => {
    const at = '2026-12-20T07:05:00Z';
    expect(formatDateTime(at, 'en', 'Africa/Tripoli')).toMatch(/^Dec 20, 2026, 9:05[\s\u202f]AM$/);
    expect(formatDateTime(at, 'ar', 'Africa/Tripoli')).toMatch(/^\u206620\/12\/2026\u2069، 9:05 ص$/);
    expect(formatMonth('2026-12', 'ar')).toBe('ديسمبر 2026');
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
