import type { TFunction } from 'i18next';
import { isolate } from '@/lib/format';
import type { components } from '@/lib/api/schema';

type SignalKind = components['schemas']['SignalKindDto'];
type Signal = components['schemas']['SignalDto'];

/** Each kind's sentence. */
const SENTENCES = {
  sales_per_customer: 'signals.salesPerCustomer',
  void_rate: 'signals.voidRate',
  manual_points: 'signals.manualPoints',
} as const satisfies Record<SignalKind, string>;

const KINDS = Object.keys(SENTENCES) as readonly SignalKind[];

function isSignalKind(value: unknown): value is SignalKind {
  return typeof value === 'string' && (KINDS as readonly string[]).includes(value);
}

/**
 * What a fraud signal's sentence is made of: the kind, that day's figure (sales to the customer,
 * voids by the cashier, points it added by hand), the cashier's sales that day for a void rate,
 * the owner's threshold, and whom it is about. The owner's panel has them from the signal, the
 * activity feed from its entry's details.
 */
export interface SignalFacts {
  kind: string;
  figure: number;
  threshold: number;
  outOf?: number | null;
  customer?: string | null;
  cashier?: string | null;
}

export interface SignalFormat {
  /** A whole number as the app writes it ("1,001"). */
  points: (value: number) => string;
}

/**
 * "5 sales to فاطمة الشريف on 24 Nov 2026 (more than 3)", "سالم الزوي voided 2 of 10 sales on …
 * (more than 10 %)", "سالم الزوي added 1,001 points by hand on … (more than 1,000)": a signal in
 * the reader's language, counted with each language's plural forms; without `date` (the feed,
 * whose entry has its own time) the day is left out. Null for a kind this build does not know.
 */
export function describeSignal(
  facts: SignalFacts,
  t: TFunction,
  format: SignalFormat,
  date?: string,
): string | null {
  if (!isSignalKind(facts.kind)) return null;
  const figure = format.points(facts.figure);
  const outOf = facts.outOf ?? 0;
  const what = t(SENTENCES[facts.kind], {
    // A void rate is counted in the cashier's sales that day; the others in their own figure.
    count: facts.kind === 'void_rate' ? outOf : facts.figure,
    figure,
    outOf: format.points(outOf),
    customer: isolate(facts.customer ?? '-'),
    cashier: isolate(facts.cashier ?? '-'),
  });
  const threshold = format.points(facts.threshold);
  const limit = facts.kind === 'void_rate' ? t('signals.percent', { value: threshold }) : threshold;
  return date ? t('signals.onDay', { what, date, limit }) : t('signals.anyDay', { what, limit });
}

/** A whole number from an activity entry's details (all strings), or null. */
function whole(value: string | undefined): number | null {
  if (value === undefined || !/^-?\d+$/.test(value.trim())) return null;
  return Number(value);
}

/**
 * The facts of a `signal_raised` feed entry (`{signal, figure, threshold, out_of?, customer? |
 * cashier?}`), or null when they are not all there.
 */
export function signalFactsOf(details: Record<string, string>): SignalFacts | null {
  const figure = whole(details.figure);
  const threshold = whole(details.threshold);
  if (!details.signal || figure === null || threshold === null) return null;
  return {
    kind: details.signal,
    figure,
    threshold,
    outOf: whole(details.out_of),
    customer: details.customer ?? null,
    cashier: details.cashier ?? null,
  };
}

/**
 * Where the sales behind a signal are: the customer's page (its invoices) for sales to one
 * customer; for a cashier, the Activity tab filtered to that cashier, that day and the group of
 * the entries that crossed (voided invoices, points added by hand).
 */
export function signalTarget(signal: Signal): string | null {
  if (signal.kind === 'sales_per_customer') {
    return signal.customer ? `/customer/${signal.customer.id}` : null;
  }
  if (!signal.cashier) return null;
  const params = new URLSearchParams({
    tab: 'activity',
    pos_user_id: String(signal.cashier.id),
    type: signal.kind === 'void_rate' ? 'invoice' : 'customer',
    from: signal.day,
    to: signal.day,
  });
  return `/dashboard?${params.toString()}`;
}
