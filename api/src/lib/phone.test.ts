import { maskPhone, normalizeUzMobile } from './phone.js';

describe('Uzbek mobile numbers', () => {
  // The rule itself and its table: shared/test/format.test.ts (the storefront's isUzPhone is the same rule).
  test('normalises to E.164 and refuses a landline', () => {
    expect(normalizeUzMobile('(90) 123-45-67')).toBe('+998901234567');
    expect(normalizeUzMobile('+998 71 200 11 22')).toBeNull();
  });

  test('masks all but the operator and the last two digits', () => {
    expect(maskPhone('+998901234567')).toBe('+998 90 ***-**-67');
  });
});
