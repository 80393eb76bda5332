// Calendar days of the availability answer (YYYY-MM-DD, Tashkent) as the page's language says them:
// "today", "tomorrow", else weekday and date ("Sesh, 24-noyabr", "вт, 24 ноября", "Tue 24 November").
import { daysFrom, formatDay, type Lang } from '@bozor/shared';

/** "today", "tomorrow" or the date. */
export function dayLabel(day: string, today: string, lang: Lang, t: (key: string) => string): string {
  const n = daysFrom(today, day);
  if (n === 0) return t('availability.today');
  if (n === 1) return t('availability.tomorrow');
  return formatDay(day, lang);
}
