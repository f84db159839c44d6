import { useInterval } from '@mantine/hooks';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export type RelativeTime =
  | { unit: 'now' }
  | { unit: 'minutes'; count: number }
  | { unit: 'hours'; count: number }
  | { unit: 'days'; count: number };

/**
 * Spec thresholds: under 1 minute "just now", under 60 minutes in minutes, under 24 hours in
 * hours, otherwise in days (whole units, rounded down). A time in the future (a clock ahead of
 * ours) counts as just now.
 */
export function relativeTime(value: string | Date, now: Date | number = Date.now()): RelativeTime {
  const then = typeof value === 'string' ? Date.parse(value) : value.getTime();
  const elapsed = (typeof now === 'number' ? now : now.getTime()) - then;
  if (!Number.isFinite(elapsed) || elapsed < MINUTE) return { unit: 'now' };
  if (elapsed < HOUR) return { unit: 'minutes', count: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', count: Math.floor(elapsed / HOUR) };
  return { unit: 'days', count: Math.floor(elapsed / DAY) };
}

/** "Just now", "5 minutes ago", "منذ ساعتين"... with each language's plural forms. */
export function formatRelativeTime(
  value: string | Date,
  t: TFunction,
  now: Date | number = Date.now(),
): string {
  const relative = relativeTime(value, now);
  switch (relative.unit) {
    case 'now':
      return t('time.justNow');
    case 'minutes':
      return t('time.minutesAgo', { count: relative.count });
    case 'hours':
      return t('time.hoursAgo', { count: relative.count });
    case 'days':
      return t('time.daysAgo', { count: relative.count });
  }
}

/** A formatter that re-renders its component every minute, so "Just now" does not stay. */
export function useRelativeTime(): (value: string | Date) => string {
  const { t } = useTranslation();
  const [now, setNow] = useState(() => Date.now());
  useInterval(() => setNow(Date.now()), MINUTE, { autoInvoke: true });
  return (value) => formatRelativeTime(value, t, now);
}
