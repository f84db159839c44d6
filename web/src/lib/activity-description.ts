import type { TFunction } from 'i18next';
import { isolate } from '@/lib/format';
import type { components } from '@/lib/api/schema';
import { describeSignal, signalFactsOf } from '@/lib/signal-description';

type ActivityEntry = components['schemas']['ActivityEntryDto'];

export interface DescriptionFormat {
  lyd: (amount: string) => string;
  points: (points: number) => string;
}

/**
 * The sentence of an entry of the owner's or the admin's activity feed, from its kind (one the OpenAPI document lists) and facts,
 * in the current language; a kind this build does not know yet reads as the generic sentence.
 */
export function describeActivity(
  entry: Pick<ActivityEntry, 'kind' | 'details'>,
  t: TFunction,
  format: DescriptionFormat,
): string {
  const details = entry.details;
  const points = Number(details.points ?? '0');
  const values = {
    customer: isolate(details.customer ?? '-'),
    reward: isolate(details.reward ?? '-'),
    total: details.total ? format.lyd(details.total) : '-',
    amount: details.amount ? format.lyd(details.amount) : '-',
    points: Number.isFinite(points) ? format.points(points) : (details.points ?? '0'),
  };
  // Points used as money: a redemption with the LYD they were worth in place of a reward.
  if (entry.kind === 'redemption_created' && details.value && !details.reward) {
    return t('activity.redemptionAsMoney', {
      ...values,
      value: format.lyd(details.value),
      count: Number.isFinite(points) ? points : 0,
    });
  }
  // Customers imported from a file: how many, and the points they brought.
  if (entry.kind === 'customers_imported') {
    const count = Number(details.count ?? '0');
    return t('activity.customersImported', { ...values, count: Number.isFinite(count) ? count : 0 });
  }
  // Points of a store's customers reached their expiry (the daily run): how many customers, and
  // the points; counted by customers, as the import is.
  if (entry.kind === 'points_expired' || entry.kind === 'birthday_points') {
    const customers = Number(details.customers ?? '0');
    const count = Number.isFinite(customers) ? customers : 0;
    const key = entry.kind === 'points_expired' ? 'activity.pointsExpired' : 'activity.birthdayPoints';
    return t(key, { ...values, customers: format.points(count), count });
  }
  // A pattern at the counter crossed one of the owner's thresholds: the sentence of the owner's
  // signals panel, without the day (the entry has its own time).
  if (entry.kind === 'signal_raised') {
    const facts = signalFactsOf(details);
    const sentence = facts ? describeSignal(facts, t, format) : null;
    if (sentence) return sentence;
  }
  return t(`activity.kinds.${entry.kind}`, { ...values, defaultValue: t('activity.kinds.unknown') });
}

/**
 * Who an entry made by no person and no API key is from: the customer (a sign-up by the store's
 * link, the only change a customer makes) or the product itself (points expiring, a signal
 * raised).
 */
export function actorlessSource(entry: Pick<ActivityEntry, 'kind'>): 'self' | 'automatic' {
  return entry.kind === 'customer_created' ? 'self' : 'automatic';
}

/** The extra facts (invoice number, reason, source), or '' when there are none. */
export function activityInfo(entry: Pick<ActivityEntry, 'details'>, t: TFunction): string {
  const { invoice_number: number, reason, source } = entry.details;
  const parts: string[] = [];
  if (number) parts.push(t('activity.info.invoiceNumber', { number }));
  if (reason) parts.push(t('activity.info.reason', { reason }));
  if (source === 'qr') parts.push(t('activity.info.sourceQr'));
  else if (source) parts.push(t('activity.info.source', { source }));
  return parts.join(' · ');
}
