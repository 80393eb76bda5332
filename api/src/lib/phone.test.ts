import { readFileSync } from 'node:fs';
import { maskPhone, normalizeUzMobile } from './phone.js';

/** The table the storefront's isUzPhone runs too (shared/test/format.test.ts): one rule on both sides. */
const vectors = JSON.parse(readFileSync(new URL('../../../shared/test/vectors/uz-phones.json', import.meta.url), 'utf8')) as {
  valid: Array<[input: string, e164: string]>;
  invalid: string[];
};

describe('Uzbek mobile numbers', () => {
  test.each(vectors.valid)('%p → %p', (input, expected) => {
    expect(normalizeUzMobile(input)).toBe(expected);
  });

  test.each(vectors.invalid)('rejects %p', (input) => {
    expect(normalizeUzMobile(input)).toBeNull();
  });

  test('masks all but the operator and the last two digits', () => {
    expect(maskPhone('+998901234567')).toBe('+998 90 ***-**-67');
  });
});
