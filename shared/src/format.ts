import type { Lang } from './schemas';

/**
 * An integer sum in so'm as the shop shows it: uz "1 250 000 soʻm", ru "1 250 000 сум",
 * en "1,250,000 UZS". No fraction digits; the groups are joined by a no-break space in uz and ru.
 * `formatCount`: a whole number with the language's digit groups: uz and ru "1 250 000" (no-break
 * spaces), en "1,250,000". Both are the API's too, for its texts (`@bozor/shared-runtime`, runtime/money.js).
 */
export { formatCount, formatSum } from '@bozor/shared-runtime/money';

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
  /** "23.11.2026, 14:05", "23/11/2026, 14:05": a row of a table. */
  shortDateTime: { dateStyle: 'short', timeStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type DateStyle = keyof typeof DATE_STYLES;

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** A formatter made once per key: `new Intl.DateTimeFormat` costs 1.7 ms per call in Node here. */
function cachedFormat(key: string, make: () => Intl.DateTimeFormat): Intl.DateTimeFormat {
  let format = dateFormats.get(key);
  if (!format) {
    format = make();
    dateFormats.set(key, format);
  }
  return format;
}

/**
 * The page language's formatter for a style (and time zone; the browser's own when none), made once:
 * `toLocaleDateString(locale, options)` builds a new one on every call, which a list of store days or
 * orders paid during hydration (docs/decisions.md "Where the main thread goes").
 */
function dateFormat(lang: string, style: DateStyle, timeZone: string | undefined): Intl.DateTimeFormat {
  const locale = DATE_LOCALES[lang as keyof typeof DATE_LOCALES] ?? lang;
  return cachedFormat(`${locale}|${style}|${timeZone ?? ''}`, () =>
    new Intl.DateTimeFormat(locale, timeZone ? { ...DATE_STYLES[style], timeZone } : DATE_STYLES[style]),
  );
}

const UZ_MONTHS = ['yanvar', 'fevral', 'mart', 'aprel', 'may', 'iyun', 'iyul', 'avgust', 'sentabr', 'oktabr', 'noyabr', 'dekabr'];
const UZ_WEEKDAYS = ['Yak', 'Dush', 'Sesh', 'Chor', 'Pay', 'Jum', 'Shan'];
const pad2 = (n: number) => String(n).padStart(2, '0');

interface Wall {
  year: number;
  /** 0–11, as Date's. */
  month: number;
  day: number;
  hour: number;
  minute: number;
}

/**
 * The wall clock of a moment in a time zone (the browser's own when none). Numeric parts only, from
 * en-GB's digits, which every ICU build has; the names are ours.
 */
function wallClock(date: Date, timeZone: string | undefined): Wall {
  if (!timeZone) return { year: date.getFullYear(), month: date.getMonth(), day: date.getDate(), hour: date.getHours(), minute: date.getMinutes() };
  const format = cachedFormat(`parts|${timeZone}`, () =>
    new Intl.DateTimeFormat('en-GB', { timeZone, year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', hourCycle: 'h23' }),
  );
  const parts = format.formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month') - 1, day: part('day'), hour: part('hour'), minute: part('minute') };
}

/**
 * Uzbek as CLDR writes it ("Sesh, 24-noyabr", "24-noyabr, 2026", "24-noyabr, 2026, 09:05"), from our own
 * names: Chromium's trimmed ICU data says it knows `uz` yet has no Uzbek month names, and writes
 * "2026 M11 24". The day style is a calendar day (UTC); the others are the wall clock of `timeZone`.
 * The short style is the day as Uzbek forms write it, with the year in full: "24.11.2026, 09:05".
 */
function formatUz(date: Date, style: DateStyle, timeZone: string | undefined): string {
  if (style === 'day') return `${UZ_WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()}-${UZ_MONTHS[date.getUTCMonth()]}`;
  const w = wallClock(date, timeZone);
  const time = `${pad2(w.hour)}:${pad2(w.minute)}`;
  if (style === 'shortDateTime') return `${pad2(w.day)}.${pad2(w.month + 1)}.${w.year}, ${time}`;
  const day = `${w.day}-${UZ_MONTHS[w.month]}, ${w.year}`;
  return style === 'date' ? day : `${day}, ${time}`;
}

/** `date` in the page's language; a value that is no date is shown as it came. */
function formatIn(value: string, date: Date, lang: string, style: DateStyle, timeZone?: string): string {
  if (Number.isNaN(date.getTime())) return value;
  return lang === 'uz' ? formatUz(date, style, timeZone) : dateFormat(lang, style, timeZone).format(date);
}

/** A calendar day (YYYY-MM-DD) with its weekday, in UTC so the day never moves with the browser's time zone. */
export const formatDay = (day: string, lang: string): string => formatIn(day, new Date(`${day}T00:00:00Z`), lang, 'day');

/** A moment's date as the page's language writes it, in `timeZone` (the browser's own when none). */
export const formatDate = (iso: string, lang: string, timeZone?: string): string => formatIn(iso, new Date(iso), lang, 'date', timeZone);

/** A moment's date and time as the page's language writes it, in `timeZone` (the browser's own when none). */
export const formatDateTime = (iso: string, lang: string, timeZone?: string): string => formatIn(iso, new Date(iso), lang, 'dateTime', timeZone);

/** A moment's date in digits and its time, for a row of a table: "24.11.2026, 01:30". */
export const formatShortDateTime = (iso: string, lang: string, timeZone?: string): string => formatIn(iso, new Date(iso), lang, 'shortDateTime', timeZone);

/** Whole days from `today` to `day` (both YYYY-MM-DD): 0 today, 1 tomorrow. */
export const daysFrom = (today: string, day: string): number => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
