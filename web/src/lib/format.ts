import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@/lib/i18n';

/** Locale used with Intl: Libyan conventions for both languages. */
export function intlLocale(language: Language): string {
  return language === 'ar' ? 'ar-LY' : 'en-LY';
}

/** A decimal string as sent by the API ("12.500") or a number. */
export type Amount = string | number;

function toIntlValue(amount: Amount): number | `${number}` {
  return typeof amount === 'number' ? amount : (amount.trim() as `${number}`);
}

/** LYD has three decimals (1 LYD = 1000 dirhams). Decimal strings are formatted exactly. */
export function formatLyd(amount: Amount, language: Language): string {
  return new Intl.NumberFormat(intlLocale(language), {
    style: 'currency',
    currency: 'LYD',
    minimumFractionDigits: 3,
    maximumFractionDigits: 3,
  }).format(toIntlValue(amount));
}

export function formatNumber(value: number, language: Language, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(intlLocale(language), options).format(value);
}

export function formatPoints(points: number, language: Language): string {
  return formatNumber(points, language, { maximumFractionDigits: 0 });
}

function toDate(value: string | Date): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

export function formatDate(value: string | Date, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(toDate(value));
}

export function formatDateTime(value: string | Date, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(toDate(value));
}

/** First letters of the first two words of a name ("Sara Ali Omar" -> "SA"). */
export function initialsOf(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/u)
    .filter(Boolean)
    .map((word) => Array.from(word)[0] ?? '');
  return letters.slice(0, 2).join('').toLocaleUpperCase();
}

/** Formatters bound to the current language; re-render on language change. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language: Language = isLanguage(i18n.language) ? i18n.language : 'ar';
  return {
    language,
    lyd: (amount: Amount) => formatLyd(amount, language),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    points: (points: number) => formatPoints(points, language),
    date: (value: string | Date) => formatDate(value, language),
    dateTime: (value: string | Date) => formatDateTime(value, language),
  };
}
