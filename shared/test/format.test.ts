import { formatSum, formatPhone, normalizePhone, isUzPhone } from '../src/format';

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
    expect(isUzPhone('+7 999 123 45 67')).toBe(false);
  });
});
