import type { Localized } from './types.js';

/** A URL slug from any Latin text: "Tefal KO2408 1,7 l" → "tefal-ko2408-1-7-l". */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[ʻʼ'‘’`]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Lower-cases the first letter unless the text looks like a name or an acronym ("No Frost", "LED"). */
export function lowerFirst(text: string): string {
  const capitals = text.replace(/[^A-ZА-ЯЁ]/g, '').length;
  if (capitals > 1) return text;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Joins non-empty parts of several texts language by language. */
export function joinLocalized(parts: readonly (Localized | null)[], separator = ' '): Localized {
  const present = parts.filter((p): p is Localized => p !== null);
  return {
    uz: present.map((p) => p.uz).filter(Boolean).join(separator),
    ru: present.map((p) => p.ru).filter(Boolean).join(separator),
    en: present.map((p) => p.en).filter(Boolean).join(separator),
  };
}

/** Rounds a price to whole thousands of so'm, the way shop prices are written. */
export function roundSum(value: number): number {
  return Math.max(1000, Math.round(value / 1000) * 1000);
}
