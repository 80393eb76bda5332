// Dates as the page's language writes them ("23-noyabr, 2026, 14:05", "23 ноября 2026 г. в 14:05"), with
// one formatter per language and style (@bozor/shared's format.ts).
export { formatDate, formatDateTime } from '@bozor/shared';
