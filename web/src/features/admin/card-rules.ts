import type { CardRequest, RedemptionCard } from './types';

/** Redeemed cards are history: they can be neither edited nor deleted (spec section 4). */
export function canChangeCard(card: Pick<RedemptionCard, 'status'>): boolean {
  return card.status !== 'redeemed';
}

const TRIPOLI_DAY = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Africa/Tripoli',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** A card's expiry as the `YYYY-MM-DD` Tripoli day the server reads back (valid through that day). */
export function expiryDay(expiresAt: string | null | undefined): string {
  if (!expiresAt) return '';
  const date = new Date(expiresAt);
  return Number.isNaN(date.getTime()) ? '' : TRIPOLI_DAY.format(date);
}

export interface CardFormValues {
  packageId: string;
  code: string;
  expiresAt: string;
  notes: string;
}

/** Spec section 5: an empty code is left out (the server generates one); empty expiry and notes are null. */
export function cardRequest(values: CardFormValues): CardRequest {
  const code = values.code.trim();
  return {
    package_id: Number(values.packageId),
    ...(code ? { code } : {}),
    expires_at: values.expiresAt || null,
    notes: values.notes.trim() || null,
  };
}
