import type { Localized } from './types.js';

/** Shorthand for a text in uz, ru, en. */
export const L = (uz: string, ru: string, en: string): Localized => ({ uz, ru, en });

/** Measurement units as written in each language. */
export const UNIT = {
  l: L('l', 'л', 'l'),
  ml: L('ml', 'мл', 'ml'),
  W: L('Vt', 'Вт', 'W'),
  cm: L('sm', 'см', 'cm'),
  kg: L('kg', 'кг', 'kg'),
  m2: L('m²', 'м²', 'm²'),
  inch: L('dyuym', 'дюйм.', 'in'),
  lm: L('lm', 'лм', 'lm'),
  pcs: L('dona', 'шт.', 'pcs'),
  btu: L('BTU', 'BTU', 'BTU'),
  bar: L('bar', 'бар', 'bar'),
  rpm: L('ayl/daq', 'об/мин', 'rpm'),
} as const;

export interface Colour {
  key: string;
  hex: string;
  label: Localized;
}

export const COLOURS: Record<string, Colour> = {
  white: { key: 'white', hex: '#E9ECEF', label: L('oq', 'белый', 'white') },
  black: { key: 'black', hex: '#343A40', label: L('qora', 'чёрный', 'black') },
  silver: { key: 'silver', hex: '#ADB5BD', label: L('kumushrang', 'серебристый', 'silver') },
  grey: { key: 'grey', hex: '#6C757D', label: L('kulrang', 'серый', 'grey') },
  red: { key: 'red', hex: '#C1121F', label: L('qizil', 'красный', 'red') },
  blue: { key: 'blue', hex: '#1D4ED8', label: L('koʻk', 'синий', 'blue') },
  green: { key: 'green', hex: '#2D6A4F', label: L('yashil', 'зелёный', 'green') },
  beige: { key: 'beige', hex: '#D6CCC2', label: L('bej', 'бежевый', 'beige') },
  brown: { key: 'brown', hex: '#7F5539', label: L('jigarrang', 'коричневый', 'brown') },
  gold: { key: 'gold', hex: '#C9A227', label: L('tillarang', 'золотистый', 'gold') },
  pink: { key: 'pink', hex: '#E5989B', label: L('pushti', 'розовый', 'pink') },
  inox: { key: 'inox', hex: '#8D99AE', label: L('zanglamaydigan poʻlat', 'нержавеющая сталь', 'stainless steel') },
};

export const OPTION_NAMES = {
  color: L('Rangi', 'Цвет', 'Colour'),
  size: L('Oʻlchami', 'Размер', 'Size'),
  volume: L('Hajmi', 'Объём', 'Volume'),
} as const;

/** Writes a number the way each language does: "1,7" in uz and ru, "1.7" in en. */
function formatNumber(value: number, lang: keyof Localized): string {
  const text = Number.isInteger(value) ? String(value) : value.toFixed(1).replace(/\.0$/, '');
  return lang === 'en' ? text : text.replace('.', ',');
}

/** "1,7 l" / "1,7 л" / "1.7 l". */
export function withUnit(value: number, unit: Localized): Localized {
  return L(`${formatNumber(value, 'uz')} ${unit.uz}`, `${formatNumber(value, 'ru')} ${unit.ru}`, `${formatNumber(value, 'en')} ${unit.en}`);
}
