import { useTranslation } from 'react-i18next';
import { isLanguage, type Language } from '@/lib/i18n';

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

/**
 * US dollars, as the API sends an estimate or a price ("0.350000", six decimals): at least two
 * decimals, up to four (a WhatsApp message costs fractions of a cent), rounded for display only.
 * Arabic: "1,250.35 دولار"; English: "USD 1,250.35".
 */
export function formatUsd(amount: Amount, language: Language): string {
  const number = new Intl.NumberFormat(NUMBER_LOCALE, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  }).format(toIntlValue(amount));
  return language === 'ar' ? `${signed(number)} دولار` : `USD ${signed(number)}`;
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
 * The moment to format and the zone to read it in: a calendar day (`YYYY-MM-DD`) is that very
 * day (`new Date("2027-01-01")` is midnight UTC, which west of Greenwich is still 31 December,
 * so it is read from its parts and formatted in UTC); an instant is the day it falls on in
 * `timeZone`, the device's own unless one is given (a receipt is Tripoli's).
 */
function moment(value: string | Date, timeZone?: string): { at: Date; timeZone: string | undefined } {
  const day = typeof value === 'string' ? CALENDAR_DAY.exec(value) : null;
  if (day) {
    return { at: new Date(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3]))), timeZone: 'UTC' };
  }
  return { at: toDate(value), timeZone };
}

/** The day, month and year numbers of a moment, two-digit day and month ("07", "03", "2027"). */
function dayParts(at: Date, timeZone: string | undefined): { day: string; month: string; year: string } {
  const parts = new Intl.DateTimeFormat('en-US', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    timeZone,
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { day: part('day'), month: part('month'), year: part('year') };
}

/**
 * One date format per language, everywhere in the app (docs/web.md):
 * - Arabic: day/month/year in Latin digits, like every number here: "20/12/2026", kept left to
 *   right as one island (U+2066 ... U+2069). CLDR's ar-LY puts right-to-left marks between the
 *   parts, so the same day read "2026/12/20" in a right-to-left line and "20/12/2026" in a
 *   left-to-right one.
 * - English: "Dec 20, 2026" (the month by name, so 05/06 is never a question).
 */
export function formatDate(value: string | Date, language: Language, timeZone?: string): string {
  const { at, timeZone: zone } = moment(value, timeZone);
  if (language === 'ar') {
    const { day, month, year } = dayParts(at, zone);
    return isolateLtr(`${day}/${month}/${year}`);
  }
  return new Intl.DateTimeFormat('en-US', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: zone,
  }).format(at);
}

/** A date and its time: "20/12/2026، 9:00 ص" in Arabic, "Dec 20, 2026, 9:00 AM" in English. */
export function formatDateTime(value: string | Date, language: Language, timeZone?: string): string {
  const at = toDate(value);
  const time = new Intl.DateTimeFormat(language === 'ar' ? 'ar-LY' : 'en-US', {
    hour: 'numeric',
    minute: '2-digit',
    numberingSystem: 'latn',
    timeZone,
  }).format(at);
  return language === 'ar'
    ? `${formatDate(at, language, timeZone)}، ${time}`
    : `${formatDate(at, language, timeZone)}, ${time}`;
}

/** A day without its year, for a chart's axis: "20/12" in Arabic, "Dec 20" in English. */
export function formatDayMonth(value: string | Date, language: Language): string {
  const { at, timeZone } = moment(value);
  if (language === 'ar') {
    const { day, month } = dayParts(at, timeZone);
    return isolateLtr(`${day}/${month}`);
  }
  return new Intl.DateTimeFormat('en-US', { day: 'numeric', month: 'short', timeZone }).format(at);
}

/** A month ("2026-12" as the API sends one): "ديسمبر 2026" in Arabic, "Dec 2026" in English. */
export function formatMonth(month: string, language: Language): string {
  const at = new Date(`${month}-01T00:00:00Z`);
  return new Intl.DateTimeFormat(language === 'ar' ? 'ar-LY' : 'en-US', {
    month: language === 'ar' ? 'long' : 'short',
    year: 'numeric',
    numberingSystem: 'latn',
    timeZone: 'UTC',
  }).format(at);
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
    usd: (amount: Amount) => formatUsd(amount, language),
    number: (value: number, options?: Intl.NumberFormatOptions) => formatNumber(value, language, options),
    points: (points: number) => formatPoints(points, language),
    date: (value: string | Date, timeZone?: string) => formatDate(value, language, timeZone),
    dateTime: (value: string | Date, timeZone?: string) => formatDateTime(value, language, timeZone),
    dayMonth: (value: string | Date) => formatDayMonth(value, language),
    month: (month: string) => formatMonth(month, language),
    /** A birthday ("03-15"): "15/03" in Arabic, "Mar 15" in English. */
    birthday: (monthDay: string) => formatDayMonth(`2000-${monthDay}`, language),
    phone: formatPhone,
  };
}
