import type { TFunction } from 'i18next';
import { isolate } from '@/lib/format';
import type { AdminActivity } from './types';

const KNOWN_KINDS = [
  'invoice_created',
  'invoice_voided',
  'redemption_created',
  'customer_created',
  'customer_updated',
  'customer_deleted',
  'points_added',
] as const;
type KnownKind = (typeof KNOWN_KINDS)[number];

function isKnownKind(kind: string): kind is KnownKind {
  return (KNOWN_KINDS as readonly string[]).includes(kind);
}

export interface DescriptionFormat {
  lyd: (amount: string) => string;
  points: (points: number) => string;
}

/** The sentence of an activity entry, from its kind and facts, in the current language. */
export function describeActivity(
  entry: Pick<AdminActivity, 'kind' | 'details'>,
  t: TFunction<'admin'>,
  format: DescriptionFormat,
): string {
  if (!isKnownKind(entry.kind)) return t('activity.kinds.unknown');
  const details = entry.details;
  const points = Number(details.points ?? '0');
  return t(`activity.kinds.${entry.kind}`, {
    customer: isolate(details.customer ?? '-'),
    reward: isolate(details.reward ?? '-'),
    total: details.total ? format.lyd(details.total) : '-',
    points: Number.isFinite(points) ? format.points(points) : (details.points ?? '0'),
  });
}
