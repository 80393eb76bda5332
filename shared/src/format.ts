import type { Lang } from './schemas';

const NBSP = '\u00a0';

/**
 * An integer sum in so'm as the shop shows it: uz "1 250 000 soʻm", ru "1 250 000 сум",
 * en "1,250,000 UZS". No fraction digits; the groups are joined by a no-break space in uz and ru.
 */
export function formatSum(amount: number, lang: Lang): string {
  const whole = Math.round(amount);
  const digits = String(Math.abs(whole));
  const sep = lang === 'en' ? ',' : NBSP;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, sep);
  const sign = whole < 0 ? '-' : '';
  switch (lang) {
    case 'uz':
      return `${sign}${grouped}${NBSP}soʻm`;
    case 'ru':
      return `${sign}${grouped}${NBSP}сум`;
    case 'en':
      return `${sign}${grouped}${NBSP}UZS`;
  }
}

/** Digits of an Uzbek phone number, always with the 998 country code: "90 123-45-67" → "998901234567". */
export function normalizePhone(input: string): string {
  const digits = input.replace(/\D/g, '');
  if (digits.length === 9) return `998${digits}`;
  return digits;
}

/**
 * True for an Uzbek mobile number in any common spelling ("+998 90 123-45-67", "(90) 123 45 67",
 * "901234567"): exactly what the API accepts, since it is the API's own rule (`@bozor/shared-runtime`,
 * runtime/uz-phone.js).
 */
export { isUzPhone } from '@bozor/shared-runtime/uz-phone';

/** "+998 90 123 45 67" for display; returns the input unchanged when it is not a full number. */
export function formatPhone(input: string): string {
  const d = normalizePhone(input);
  if (!/^998\d{9}$/.test(d)) return input;
  return `+998 ${d.slice(3, 5)} ${d.slice(5, 8)} ${d.slice(8, 10)} ${d.slice(10, 12)}`;
}

/** Locales whose month names read right (Uzbek is written by formatUz below). */
const DATE_LOCALES: Record<Exclude<Lang, 'uz'>, string> = { ru: 'ru-RU', en: 'en-GB' };

const DATE_STYLES = {
  /** "вт, 24 ноября", "Tue 24 November": a calendar day (YYYY-MM-DD, read as UTC). */
  day: { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' },
  /** "24 ноября 2026 г.", "24 November 2026". */
  date: { dateStyle: 'long' },
  /** "23 ноября 2026 г. в 14:05", "23 November 2026 at 14:05". */
  dateTime: { dateStyle: 'long', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type DateStyle = keyof typeof DATE_STYLES;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The page language's formatter for a style, made once: `toLocaleDateString(locale, options)` builds a new
 * one on every call (1.7 ms each in Node here), which a list of store days or orders paid during
 * hydration (docs/decisions.md "Where the main thread goes").
 */
function dateFormat(lang: string, style: DateStyle): Intl.DateTimeFormat {
  const locale = DATE_LOCALES[lang as keyof typeof DATE_LOCALES] ?? lang;
  const key = `${locale}|${style}`;
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, DATE_STYLES[style]);
    dateFormats.set(key, format);
  }
  return format;
}

const UZ_MONTHS = ['yanvar', 'fevral', 'mart', 'aprel', 'may', 'iyun', 'iyul', 'avgust', 'sentabr', 'oktabr', 'noyabr', 'dekabr'];
const UZ_WEEKDAYS = ['Yak', 'Dush', 'Sesh', 'Chor', 'Pay', 'Jum', 'Shan'];
const pad2 = (n: number) => String(n).padStart(2, '0');

/**
 * Uzbek as CLDR writes it ("Sesh, 24-noyabr", "24-noyabr, 2026", "24-noyabr, 2026, 09:05"), from our own
 * names: Chromium's trimmed ICU data says it knows `uz` yet has no Uzbek month names, and writes
 * "2026 M11 24". The day style is a calendar day (UTC); the others are the browser's local time, as Intl's.
 */
function formatUz(date: Date, style: DateStyle): string {
  if (style === 'day') return `${UZ_WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()}-${UZ_MONTHS[date.getUTCMonth()]}`;
  const day = `${date.getDate()}-${UZ_MONTHS[date.getMonth()]}, ${date.getFullYear()}`;
  return style === 'date' ? day : `${day}, ${pad2(date.getHours())}:${pad2(date.getMinutes())}`;
}

/** `date` in the page's language; a value that is no date is shown as it came. */
function formatIn(value: string, date: Date, lang: string, style: DateStyle): string {
  if (Number.isNaN(date.getTime())) return value;
  return lang === 'uz' ? formatUz(date, style) : dateFormat(lang, style).format(date);
}

/** A calendar day (YYYY-MM-DD) with its weekday, in UTC so the day never moves with the browser's time zone. */
export const formatDay = (day: string, lang: string): string => formatIn(day, new Date(`${day}T00:00:00Z`), lang, 'day');

/** A moment's date as the page's language writes it. */
export const formatDate = (iso: string, lang: string): string => formatIn(iso, new Date(iso), lang, 'date');

/** A moment's date and time as the page's language writes it. */
export const formatDateTime = (iso: string, lang: string): string => formatIn(iso, new Date(iso), lang, 'dateTime');

/** Whole days from `today` to `day` (both YYYY-MM-DD): 0 today, 1 tomorrow. */
export const daysFrom = (today: string, day: string): number => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
