import { maskPhone, normalizeUzMobile } from './phone.js';

describe('Uzbek mobile numbers', () => {
  test.each([
    ['+998 90 123 45 67', '+998901234567'],
    ['+998-90-123-45-67', '+998901234567'],
    ['(90) 123-45-67', '+998901234567'],
    ['998 33 111 22 33', '+998331112233'],
    ['88 000 00 00', '+998880000000'],
    ['+998 20 555 44 33', '+998205554433'],
  ])('%p → %p', (input, expected) => {
    expect(normalizeUzMobile(input)).toBe(expected);
  });

  test.each(['+998 71 123 45 67', '+998 62 123 45 67', '+7 999 123 45 67', '+998 90 123 45 678', '998', '', 'phone', '+998 90 123 45 67 ext 2', '++998901234567x'])(
    'rejects %p',
    (input) => {
      expect(normalizeUzMobile(input)).toBeNull();
    },
  );

  test('masks all but the operator and the last two digits', () => {
    expect(maskPhone('+998901234567')).toBe('+998 90 ***-**-67');
  });
});
