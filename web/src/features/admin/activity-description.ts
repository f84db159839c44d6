import type { TFunction } from 'i18next';
import { isolate } from '@/lib/format';
import type { AdminActivity } from './types';

export interface DescriptionFormat {
  lyd: (amount: string) => string;
  points: (points: number) => string;
}

/**
 * The sentence of an activity entry, from its kind (one the OpenAPI document lists) and facts,
 * in the current language; a kind this build does not know yet reads as the generic sentence.
 */
export function describeActivity(
  entry: Pick<AdminActivity, 'kind' | 'details'>,
  t: TFunction<'admin'>,
  format: DescriptionFormat,
): string {
  const details = entry.details;
  const points = Number(details.points ?? '0');
  return t(`activity.kinds.${entry.kind}`, {
    customer: isolate(details.customer ?? '-'),
    reward: isolate(details.reward ?? '-'),
    total: details.total ? format.lyd(details.total) : '-',
    points: Number.isFinite(points) ? format.points(points) : (details.points ?? '0'),
    defaultValue: t('activity.kinds.unknown'),
  });
}
