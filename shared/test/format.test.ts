import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatSum, formatPhone, normalizePhone, isUzPhone } from '../src/format';
import { normalizeUzMobile } from '@bozor/shared-runtime/uz-phone';

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
