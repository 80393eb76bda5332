// Calendar days of the availability answer (YYYY-MM-DD, Tashkent) as the page's language says them:
// "today", "tomorrow", else weekday and date ("Sesh, 24-noyabr", "вт, 24 ноября", "Tue 24 November").
import type { Lang } from '@bozor/shared';

/** Locales whose month names read right for each language (as the account pages use). */
const LOCALES: Record<Lang, string> = { uz: 'uz-Latn-UZ', ru: 'ru-RU', en: 'en-GB' };
const DAY_MS = 86_400_000;

/** Days from `today` to `day` (both YYYY-MM-DD). */
const daysFrom = (today: string, day: string): number => Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / DAY_MS);

/** The day's weekday and date, in UTC so the calendar day never moves with the browser's time zone. */
export const formatDay = (day: string, lang: Lang): string =>
  new Date(`${day}T00:00:00Z`).toLocaleDateString(LOCALES[lang], { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' });

/** "today", "tomorrow" or the date. */
export function dayLabel(day: string, today: string, lang: Lang, t: (key: string) => string): string {
  const n = daysFrom(today, day);
  if (n === 0) return t('availability.today');
  if (n === 1) return t('availability.tomorrow');
  return formatDay(day, lang);
}
