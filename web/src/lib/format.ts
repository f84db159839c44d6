import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@/lib/i18n';

/** Locale used with Intl for dates: Libyan conventions for both languages. */
export function intlLocale(language: Language): string {
  return language === 'ar' ? 'ar-LY' : 'en-LY';
}

/**
 * Numbers read one way in both languages: Latin digits, a dot for the decimal point and a comma
 * between thousands ("1,250.500"). CLDR's ar-LY writes 862.650 as "862,650", which a cashier
 * reads as eight hundred thousand: never used for numbers.
 */
const NUMBER_LOCALE = 'en-US';

/** A decimal string as sent by the API ("12.500") or a number. */
export type Amount = string | number;

function toIntlValue(amount: Amount): number | `${number}` {
  return typeof amount === 'number' ? amount : (amount.trim() as `${number}`);
}

/**
 * A signed number kept as one left-to-right island (U+2066 ... U+2069), so "-5" never shows as
 * "5-" in a right-to-left line.
 */
function signed(text: string): string {
  return text.startsWith('-') ? `\u2066${text}\u2069` : text;
}

/**
 * LYD has three decimals (1 LYD = 1000 dirhams). Decimal strings are formatted exactly.
 * `fractionDigits` rounds for display only (the spec's average per invoice has two).
 * Arabic: "1,250.500 د.ل."; English: "LYD 1,250.500".
 */
export function formatLyd(amount: Amount, language: Language, fractionDigits = 3): string {
  const number = new Intl.NumberFormat(NUMBER_LOCALE, {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(toIntlValue(amount));
  return language === 'ar' ? `${signed(number)} د.ل.` : `LYD ${signed(number)}`;
}

export function formatNumber(value: number, _language: Language, options?: Intl.NumberFormatOptions): string {
  return signed(new Intl.NumberFormat(NUMBER_LOCALE, options).format(value));
}

export function formatPoints(points: number, language: Language): string {
  return formatNumber(points, language, { maximumFractionDigits: 0 });
}

function toDate(value: string | Date): Date {
  return typeof value === 'string' ? new Date(value) : value;
}

/** A calendar day as the API sends one (`Format: date`, e.g. an expiry day): "2027-01-01". */
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * An instant (`date-time`) as the day it falls on here, or a calendar day (`YYYY-MM-DD`) as
 * that very day: `new Date("2027-01-01")` is midnight UTC, which west of Greenwich is still
 * 31 December, so a calendar day is read from its parts and formatted in UTC.
 */
export function formatDate(value: string | Date, language: Language): string {
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
  if (day) {
    const utc = new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
    return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(
      utc,
    );
  }
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium' }).format(toDate(value));
}

export function formatDateTime(value: string | Date, language: Language): string {
  return new Intl.DateTimeFormat(intlLocale(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(toDate(value));
}

/**
 * A stored E.164 phone for people: Libyan numbers grouped as they are read aloud
 * (+218 91 234 5678), anything else as stored.
 */
export function formatPhone(phone: string): string {
  const libyan = /^\+218(\d{2})(\d{3})(\d{4})$/.exec(phone);
  return libyan ? `+218 ${libyan[1]} ${libyan[2]} ${libyan[3]}` : phone;
}

const EASTERN_DIGITS = /[\u0660-\u0669\u06f0-\u06f9]/g;

/**
 * What a person typed, with Arabic-Indic digits turned into ASCII ones and the Arabic decimal
 * separator into a dot, so "١٢٫٥" reads as "12.5".
 */
export function normalizeDigits(text: string): string {
  return text
    .replace(EASTERN_DIGITS, (digit) => String((digit.codePointAt(0) ?? 0) & 0xf))
    .replace(/\u066b/g, '.')
    .replace(/\u066c/g, ',');
}

/**
 * Marks text as a left-to-right island inside a translated sentence (U+2066 ... U+2069), so a
 * signed number keeps its sign in front ("+18") while the sentence keeps its own order.
 */
export function isolateLtr(text: string): string {
  return `\u2066${text}\u2069`;
}

/**
 * People's and rewards' names put into a translated sentence: isolated (U+2068 ... U+2069) so an
 * Arabic name in an English sentence, or "خصم 10%" anywhere, keeps its own order.
 */
export function isolate(text: string): string {
  return `\u2068${text}\u2069`;
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
    lyd: (amount: Amount, fractionDigits?: number) => formatLyd(amount, language, fractionDigits),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    points: (points: number) => formatPoints(points, language),
    date: (value: string | Date) => formatDate(value, language),
    dateTime: (value: string | Date) => formatDateTime(value, language),
    phone: formatPhone,
  };
}
