import type { Customer } from '@/lib/api/types';
import { normalizeDigits } from '@/lib/format';

/**
 * Arabic as a person types it, folded so that spellings that mean the same name match: the alef
 * forms (أ إ آ ٱ) as ا, hamza on waw and ya (ؤ ئ) as و ي, alef maqsura (ى) as ي, ta marbuta (ة)
 * as ه, without diacritics (harakat, dagger alef) or tatweel; Latin letters in lower case and
 * Arabic-Indic digits as ASCII ones.
 */
export function foldForSearch(text: string): string {
  return normalizeDigits(text)
    .normalize('NFC')
    .replace(/[\u064B-\u065F\u0670\u0640]/g, '')
    .replace(/[\u0622\u0623\u0625\u0671]/g, '\u0627')
    .replace(/\u0624/g, '\u0648')
    .replace(/[\u0626\u0649]/g, '\u064A')
    .replace(/\u0629/g, '\u0647')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The customers of this device (recently served) that match what was typed, by name or email
 * (folded as above) or by phone digits (a local "0912..." matches the stored "+218912...").
 */
export function matchCustomers(customers: Customer[], query: string): Customer[] {
  const needle = foldForSearch(query);
  if (!needle) return [];
  const digits = needle.replace(/\D/g, '').replace(/^0+/, '');
  return customers.filter(
    (customer) =>
      [customer.name, customer.email ?? ''].some((field) => foldForSearch(field).includes(needle)) ||
      (digits.length >= 2 && (customer.phone ?? '').includes(digits)),
  );
}
