import { readFileSync } from 'node:fs';
import path from 'node:path';
import { daysFrom, formatCount, formatDate, formatDateTime, formatDay, formatShortDateTime, formatSum, formatPhone, normalizePhone, isUzPhone } from '../src/format';
import { normalizeUzMobile } from '@bozor/shared-runtime/uz-phone';

const NBSP = '\u00a0';

/** The API's table: one rule (@bozor/shared-runtime, runtime/uz-phone.js), the API's normalizeUzMobile and the storefront's isUzPhone. */
const phones = JSON.parse(readFileSync(path.join(__dirname, 'vectors/uz-phones.json'), 'utf8')) as {
  valid: Array<[input: string, e164: string]>;
  invalid: string[];
};

describe('formatSum', () => {
  it('writes so\'m the way each language does', () => {
    expect(formatSum(1250000, 'uz')).toBe('1\u00a0250\u00a0000\u00a0soʻm');
    expect(formatSum(1250000, 'ru')).toBe('1\u00a0250\u00a0000\u00a0сум');
    expect(formatSum(1250000, 'en')).toBe('1,250,000\u00a0UZS');
    expect(formatSum(999, 'en')).toBe('999\u00a0UZS');
  });
});

describe('formatCount', () => {
  it('groups digits with no-break spaces in uz and ru and commas in en (Chromium groups Uzbek with commas)', () => {
    expect(formatCount(1234567, 'uz')).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatCount(1234567, 'ru')).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatCount(1234567, 'en')).toBe('1,234,567');
    expect(formatCount(-1500, 'uz')).toBe(`-1${NBSP}500`);
    expect(formatCount(999, 'en')).toBe('999');
    expect(formatCount(0, 'ru')).toBe('0');
  });
});

describe('phone', () => {
  it('normalises and formats Uzbek numbers', () => {
    expect(normalizePhone('+998 (90) 123-45-67')).toBe('998901234567');
    expect(normalizePhone('901234567')).toBe('998901234567');
    expect(formatPhone('998901234567')).toBe('+998 90 123 45 67');
    // A shop's landline is still shown in the shop's spelling.
    expect(formatPhone('+998712001122')).toBe('+998 71 200 11 22');
  });

  // What the sign-in dialog and the checkout send is `+${normalizePhone(input)}`: it must be the number the API stores.
  it.each(phones.valid)('accepts %p as the API does, sending %p', (input, e164) => {
    expect(isUzPhone(input)).toBe(true);
    expect(normalizeUzMobile(input)).toBe(e164);
    expect(`+${normalizePhone(input)}`).toBe(e164);
  });

  it.each(phones.invalid)('refuses %p as the API does', (input) => {
    expect(isUzPhone(input)).toBe(false);
    expect(normalizeUzMobile(input)).toBeNull();
  });
});

describe('dates', () => {
  it('writes a calendar day with its weekday in each language, whatever the time zone', () => {
    expect(formatDay('2026-11-24', 'uz')).toBe('Sesh, 24-noyabr');
    expect(formatDay('2026-11-24', 'ru')).toBe('вт, 24 ноября');
    expect(formatDay('2026-11-24', 'en')).toBe('Tue 24 November');
    // the same formatter again gives the same words (it is made once per language and style)
    expect(formatDay('2026-11-25', 'ru')).toBe('ср, 25 ноября');
  });

  it('writes Uzbek month and weekday names itself, the same as full ICU data does (Chromium has none)', () => {
    const names = ['yanvar', 'fevral', 'mart', 'aprel', 'may', 'iyun', 'iyul', 'avgust', 'sentabr', 'oktabr', 'noyabr', 'dekabr'];
    for (let m = 0; m < 12; m++) {
      const day = `2026-${String(m + 1).padStart(2, '0')}-05`;
      expect(formatDay(day, 'uz')).toBe(new Intl.DateTimeFormat('uz-Latn-UZ', { weekday: 'short', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`)));
      expect(formatDay(day, 'uz')).toContain(`5-${names[m]}`);
    }
    for (const iso of ['2026-11-23T09:05:00Z', '2027-01-01T23:59:00Z', '2026-06-15T00:00:00Z']) {
      expect(formatDate(iso, 'uz')).toBe(new Intl.DateTimeFormat('uz-Latn-UZ', { dateStyle: 'long' }).format(new Date(iso)));
      expect(formatDateTime(iso, 'uz')).toBe(new Intl.DateTimeFormat('uz-Latn-UZ', { dateStyle: 'long', timeStyle: 'short' }).format(new Date(iso)));
    }
  });

  it('shows a value that is no date as it came', () => {
    expect(formatDate('not a date', 'ru')).toBe('not a date');
    expect(formatDateTime('', 'uz')).toBe('');
    expect(formatDay('2026-13-45', 'en')).toBe('2026-13-45');
  });

  it('writes a date and a date with its time in the page language', () => {
    expect(formatDate('2026-11-23T09:05:00Z', 'ru')).toMatch(/^2[34] ноября 2026/);
    expect(formatDate('2026-11-23T09:05:00Z', 'en')).toMatch(/^2[34] November 2026$/);
    expect(formatDateTime('2026-11-23T09:05:00Z', 'uz')).toMatch(/noyabr/);
    expect(formatDateTime('2026-11-23T09:05:00Z', 'en')).toMatch(/\d{2}:05/);
  });

  it("writes a moment on a named zone's clock, Uzbek included, whatever the machine's zone", () => {
    // 20:30 UTC is 01:30 the next day in Tashkent (UTC+5)
    const iso = '2026-11-23T20:30:00Z';
    expect(formatDate(iso, 'uz', 'Asia/Tashkent')).toBe('24-noyabr, 2026');
    expect(formatDate(iso, 'ru', 'Asia/Tashkent')).toBe('24 ноября 2026 г.');
    expect(formatDate(iso, 'en', 'Asia/Tashkent')).toBe('24 November 2026');
    expect(formatDateTime(iso, 'uz', 'Asia/Tashkent')).toBe('24-noyabr, 2026, 01:30');
    expect(formatShortDateTime(iso, 'uz', 'Asia/Tashkent')).toBe('24.11.2026, 01:30');
    expect(formatShortDateTime(iso, 'ru', 'Asia/Tashkent')).toBe('24.11.2026, 01:30');
    expect(formatShortDateTime(iso, 'en', 'Asia/Tashkent')).toBe('24/11/2026, 01:30');
    // the same moment in UTC is still the 23rd: the zone is part of the cached formatter's key
    expect(formatShortDateTime(iso, 'en', 'UTC')).toBe('23/11/2026, 20:30');
    expect(formatDate(iso, 'uz', 'UTC')).toBe('23-noyabr, 2026');
    expect(formatShortDateTime('2026-01-05T19:00:00Z', 'uz', 'Asia/Tashkent')).toBe('06.01.2026, 00:00');
    expect(formatShortDateTime('nope', 'uz', 'Asia/Tashkent')).toBe('nope');
  });

  it('counts whole days between two calendar days', () => {
    expect(daysFrom('2026-11-24', '2026-11-24')).toBe(0);
    expect(daysFrom('2026-11-24', '2026-11-25')).toBe(1);
    expect(daysFrom('2026-11-30', '2026-12-02')).toBe(2);
    expect(daysFrom('2026-03-28', '2026-03-30')).toBe(2);
  });
});
