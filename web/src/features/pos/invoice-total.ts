import { normalizeDigits } from '@/lib/format';

export type TotalProblem = 'required' | 'invalid';

/**
 * The total as the API wants it (a decimal string, at most three places), from what the
 * cashier typed in either script; or why it is not one. Its bounds (the minimum and the
 * owner's maximum) are the server's: the preview and the sale answer them.
 */
export function parseInvoiceTotal(input: string): { value: string } | { problem: TotalProblem } {
  // A comma is refused rather than guessed: it is the decimal mark in ar-LY but a thousands
  // separator in English, and "25,5" must never become 255 LYD.
  const text = normalizeDigits(input).trim();
  if (text === '') return { problem: 'required' };
  if (!/^\d+(\.\d{0,3})?$/.test(text) && !/^\.\d{1,3}$/.test(text)) return { problem: 'invalid' };
  const [whole = '', fraction = ''] = text.split('.');
  return { value: `${whole.replace(/^0+(?=\d)/, '') || '0'}.${fraction.padEnd(3, '0')}` };
}
