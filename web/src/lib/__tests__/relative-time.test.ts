import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { formatRelativeTime, relativeTime } from '@/lib/relative-time';

const NOW = Date.parse('2025-03-10T12:00:00Z');
const ago = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

async function inLanguage(language: 'en' | 'ar') {
  await i18n.changeLanguage(language);
  return (value: string) => formatRelativeTime(value, i18n.t, NOW);
}

afterEach(async () => {
  await i18n.changeLanguage('ar');
});

describe('relativeTime', () => {
  it('uses the spec thresholds: 1 minute, 60 minutes, 24 hours', () => {
    expect(relativeTime(ago(59_999), NOW)).toEqual({ unit: 'now' });
    expect(relativeTime(ago(MIN), NOW)).toEqual({ unit: 'minutes', count: 1 });
    expect(relativeTime(ago(59 * MIN + 59_000), NOW)).toEqual({ unit: 'minutes', count: 59 });
    expect(relativeTime(ago(HOUR), NOW)).toEqual({ unit: 'hours', count: 1 });
    expect(relativeTime(ago(DAY - 1), NOW)).toEqual({ unit: 'hours', count: 23 });
    expect(relativeTime(ago(DAY), NOW)).toEqual({ unit: 'days', count: 1 });
    expect(relativeTime(ago(40 * DAY), NOW)).toEqual({ unit: 'days', count: 40 });
  });

  it('treats a time in the future as just now', () => {
    expect(relativeTime(new Date(NOW + 5 * MIN), NOW)).toEqual({ unit: 'now' });
  });
});

describe('formatRelativeTime', () => {
  it('speaks English', async () => {
    const format = await inLanguage('en');
    expect(format(ago(10_000))).toBe('Just now');
    expect(format(ago(MIN))).toBe('1 minute ago');
    expect(format(ago(5 * MIN))).toBe('5 minutes ago');
    expect(format(ago(2 * HOUR))).toBe('2 hours ago');
    expect(format(ago(3 * HOUR))).toBe('3 hours ago');
    expect(format(ago(DAY))).toBe('1 day ago');
    expect(format(ago(12 * DAY))).toBe('12 days ago');
  });

  it('speaks Arabic with its six plural forms', async () => {
    const format = await inLanguage('ar');
    expect(format(ago(10_000))).toBe('الآن');
    expect(format(ago(MIN))).toBe('منذ دقيقة');
    expect(format(ago(2 * MIN))).toBe('منذ دقيقتين');
    expect(format(ago(5 * MIN))).toBe('منذ 5 دقائق');
    expect(format(ago(11 * MIN))).toBe('منذ 11 دقيقة');
    expect(format(ago(HOUR))).toBe('منذ ساعة');
    expect(format(ago(2 * HOUR))).toBe('منذ ساعتين');
    expect(format(ago(3 * HOUR))).toBe('منذ 3 ساعات');
    expect(format(ago(23 * HOUR))).toBe('منذ 23 ساعة');
    expect(format(ago(2 * DAY))).toBe('منذ يومين');
    expect(format(ago(7 * DAY))).toBe('منذ 7 أيام');
    expect(format(ago(15 * DAY))).toBe('منذ 15 يومًا');
    expect(format(ago(100 * DAY))).toBe('منذ 100 يوم');
  });
});
