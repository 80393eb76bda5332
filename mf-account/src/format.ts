/** Locales whose month names read right for each language (Chromium and Node have Uzbek in Latin script). */
const LOCALES: Record<string, string> = { uz: 'uz-Latn-UZ', ru: 'ru-RU', en: 'en-GB' };

/** A date and time as the page's language writes it ("23-noyabr, 2026, 14:05", "23 ноября 2026 г. в 14:05"). */
export const formatDateTime = (iso: string, lang: string) => new Date(iso).toLocaleString(LOCALES[lang] ?? lang, { dateStyle: 'long', timeStyle: 'short' });

/** A date alone, the same way. */
export const formatDate = (iso: string, lang: string) => new Date(iso).toLocaleDateString(LOCALES[lang] ?? lang, { dateStyle: 'long' });
