import type { TFunction } from 'i18next';
import { isolate } from '@/lib/format';
import type { ActivityEntry } from './types';

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
  entry: Pick<ActivityEntry, 'kind' | 'details'>,
  t: TFunction<'owner'>,
  format: DescriptionFormat,
): string {
  const details = entry.details;
  if (!isKnownKind(entry.kind)) return t('activity.kinds.unknown');
  const points = Number(details.points ?? '0');
  const values = {
    customer: isolate(details.customer ?? '-'),
    reward: isolate(details.reward ?? '-'),
    total: details.total ? format.lyd(details.total) : '-',
    points: Number.isFinite(points) ? format.points(points) : (details.points ?? '0'),
  };
  return t(`activity.kinds.${entry.kind}`, values);
}

/** The extra facts (invoice number, reason, source), or '' when there are none. */
export function activityInfo(entry: Pick<ActivityEntry, 'details'>, t: TFunction<'owner'>): string {
  const { invoice_number: number, reason, source } = entry.details;
  const parts: string[] = [];
  if (number) parts.push(t('activity.info.invoiceNumber', { number }));
  if (reason) parts.push(t('activity.info.reason', { reason }));
  if (source === 'qr') parts.push(t('activity.info.sourceQr'));
  else if (source) parts.push(t('activity.info.source', { source }));
  return parts.join(' · ');
}
