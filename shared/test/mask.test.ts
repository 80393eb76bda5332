import { applyMask, toIMaskOptions } from '../src/mask';

describe('masks with the spec pattern characters', () => {
  it('# takes digits only', () => expect(applyMask('##/##', '1a2b34')).toBe('12/34'));
  it('X takes letters or digits', () => expect(applyMask('XXX', 'a-1b')).toBe('a1b'));
  it('S takes letters only', () => expect(applyMask('SS', '1ab')).toBe('ab'));
  it('A forces upper case and a lower case', () => expect(applyMask('AA aa', 'abCD')).toBe('AB cd'));
  it('! escapes a pattern character', () => expect(applyMask('!#-#', '5')).toBe('#-5'));
  it('stops at the end of the mask', () => expect(applyMask('#####', '1234567')).toBe('12345'));
  it('escapes literals for imask', () => {
    const o = toIMaskOptions('+998 ## !A');
    expect(o.mask).toBe('\\+\\9\\9\\8\\ ##\\ \\A');
    expect(o.definitions['#']!.test('5')).toBe(true);
  });
});
