// Money, dates and audit diffs as staff read them; every language has every string.
import { formatCount, formatDate, formatDateTime, formatMoney, mapLink } from '../src/format';
import { AUDIT_ACTIONS, AUDIT_ENTITIES } from '../src/api/types';
import en from '../src/i18n/en.json';
import ru from '../src/i18n/ru.json';
import uz from '../src/i18n/uz.json';

const NBSP = '\u00a0';

describe('money', () => {
  it("so'm with thousands spaces that never wrap, in each language", () => {
    expect(formatMoney(1662000, 'uz')).toBe(`1${NBSP}662${NBSP}000${NBSP}soʻm`);
    expect(formatMoney(1662000, 'ru')).toBe(`1${NBSP}662${NBSP}000${NBSP}сум`);
    expect(formatMoney(1662000, 'en')).toBe(`1,662,000${NBSP}UZS`);
    expect(formatMoney(0, 'uz')).toBe(`0${NBSP}soʻm`);
    expect(formatMoney(950, 'uz')).toBe(`950${NBSP}soʻm`);
  });
});

it('dates in Tashkent time, Uzbek written from our own names (Chromium wrote "2026 M11 24")', () => {
  expect(formatDateTime('2026-11-23T20:30:00Z', 'en')).toBe('24/11/2026, 01:30');
  expect(formatDateTime('2026-11-23T20:30:00Z', 'ru')).toBe('24.11.2026, 01:30');
  expect(formatDateTime('2026-11-23T20:30:00Z', 'uz')).toBe('24.11.2026, 01:30');
  expect(formatDate('2026-11-23T20:30:00Z', 'uz')).toBe('24-noyabr, 2026');
  expect(formatDate('2026-11-23T20:30:00Z', 'ru')).toBe('24 ноября 2026 г.');
});

it('counts with the language\'s digit groups (Chromium grouped Uzbek with commas)', () => {
  expect(formatCount(12500, 'uz')).toBe(`12${NBSP}500`);
  expect(formatCount(12500, 'en')).toBe('12,500');
});

it('map links put longitude first', () => {
  expect(mapLink(41.2926, 69.2226)).toBe('https://yandex.uz/maps/?pt=69.2226,41.2926&z=17&l=map');
});

describe('strings', () => {
  /** Every key path, plural forms folded into their base key (languages have different plural forms). */
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keys(v as object, `${prefix}${k}.`) : [`${prefix}${k.replace(/_(zero|one|two|few|many|other)$/, '')}`]));
  const set = (o: object) => [...new Set(keys(o))].sort();

  it('uz, ru and en have the same strings', () => {
    expect(set(ru)).toEqual(set(en));
    expect(set(uz)).toEqual(set(en));
  });

  it('every action and object the audit log can show has its name (the lists are the contract\'s enums)', () => {
    const all = set(en);
    expect(AUDIT_ACTIONS.map((a) => `audit.actions.${a.replace('.', '_')}`).filter((k) => !all.includes(k))).toEqual([]);
    expect(AUDIT_ENTITIES.map((e) => `audit.entities.${e}`).filter((k) => !all.includes(k))).toEqual([]);
  });

  it("the status names are the shop's Uzbek ones", () => {
    expect(Object.values(uz.status)).toEqual(['Yigʻilmoqda', 'Bekor qilingan', 'Yakunlangan', 'Tasdiqlangan', 'Yetkazildi', 'Yangi', 'Olib ketildi', 'Olib ketishga tayyor', 'Yoʻlda']);
  });
});
