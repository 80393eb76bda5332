import { MASKS, applyMask, editMasked } from '../src/mask';

describe('masks with the pattern characters # X S A a !', () => {
  it('# takes digits only', () => expect(applyMask('##/##', '1a2b34')).toBe('12/34'));
  it('X takes letters or digits', () => expect(applyMask('XXX', 'a-1b')).toBe('a1b'));
  it('S takes letters only', () => expect(applyMask('SS', '1ab')).toBe('ab'));
  it('A forces upper case and a lower case', () => expect(applyMask('AA aa', 'abCD')).toBe('AB cd'));
  it('! escapes a pattern character', () => expect(applyMask('!#-#', '5')).toBe('#-5'));
  it('stops at the end of the mask', () => expect(applyMask('#####', '1234567')).toBe('12345'));
});

/**
 * A text field as a browser edits it: a key inserts at the caret (replacing a selection), Backspace and
 * Delete remove next to it; after each edit the mask rewrites the field, as the Input component does.
 */
class Field {
  value = '';
  caret = 0;
  constructor(readonly mask: string) {}
  private apply(raw: string, caret: number, inputType: string) {
    const edit = editMasked(this.mask, this.value, raw, caret, inputType);
    this.value = edit.value;
    this.caret = edit.caret;
    return this;
  }
  type(text: string) {
    for (const ch of text) this.apply(this.value.slice(0, this.caret) + ch + this.value.slice(this.caret), this.caret + 1, 'insertText');
    return this;
  }
  paste(text: string, from = this.caret, to = this.caret) {
    return this.apply(this.value.slice(0, from) + text + this.value.slice(to), from + text.length, 'insertFromPaste');
  }
  backspace(times = 1) {
    for (let i = 0; i < times; i++) {
      if (this.caret === 0) break;
      this.apply(this.value.slice(0, this.caret - 1) + this.value.slice(this.caret), this.caret - 1, 'deleteContentBackward');
    }
    return this;
  }
  del() {
    return this.apply(this.value.slice(0, this.caret) + this.value.slice(this.caret + 1), this.caret, 'deleteContentForward');
  }
  moveTo(caret: number) {
    this.caret = caret;
    return this;
  }
}

describe('typing into a masked field key by key', () => {
  it.each(['901234567', '+998901234567', '998901234567', '+998 90 123 45 67', '90 123 45 67', '(90) 123-45-67'])('phone typed as %s', (keys) => {
    expect(new Field(MASKS.phone).type(keys).value).toBe('+998 90 123 45 67');
  });

  it('shows the prefix as it is typed out, and the first digit after it', () => {
    const field = new Field(MASKS.phone);
    expect(['+', '9', '9', '8', '9'].map((k) => field.type(k).value)).toEqual(['+', '+9', '+99', '+998', '+998 9']);
    expect(new Field(MASKS.phone).type('9').value).toBe('+998 9');
  });

  it.each([
    ['901234567'],
    ['+998 90 123 45 67'],
    ['998901234567'],
    ['+998901234567'],
    ['+998 (90) 123-45-67'],
  ])('phone pasted as %s', (text) => {
    expect(new Field(MASKS.phone).paste(text).value).toBe('+998 90 123 45 67');
  });

  it('a paste over the whole number replaces it', () => {
    const field = new Field(MASKS.phone).type('911111111');
    expect(field.paste('+998 90 123 45 67', 0, field.value.length).value).toBe('+998 90 123 45 67');
  });

  it('deletes and retypes in the middle, the caret staying where the shopper types', () => {
    const field = new Field(MASKS.phone).type('901234567');
    // caret after "+998 90 12" → Backspace twice removes 2 and 1
    field.moveTo('+998 90 12'.length).backspace(2);
    expect(field.value).toBe('+998 90 345 67');
    field.type('88');
    expect(field.value).toBe('+998 90 883 45 67');
    expect(field.caret).toBe('+998 90 88'.length);
  });

  it('Backspace over a space deletes the digit before it; Delete before a space the digit after it', () => {
    const field = new Field(MASKS.phone).type('901234567');
    field.moveTo('+998 90 '.length).backspace();
    expect(field.value).toBe('+998 91 234 56 7');
    expect(field.caret).toBe('+998 9'.length);
    const other = new Field(MASKS.phone).type('901234567').moveTo('+998 90'.length).del();
    expect(other.value).toBe('+998 90 234 56 7');
  });

  it('deleting everything empties the field, prefix and all', () => {
    const field = new Field(MASKS.phone).type('901234567');
    field.backspace(40);
    expect(field.value).toBe('');
    expect(field.type('9').value).toBe('+998 9');
  });

  it('the SMS code takes five digits, typed or pasted', () => {
    expect(new Field(MASKS.otp).type('12345').value).toBe('12345');
    expect(new Field(MASKS.otp).type('1a2 3-4567').value).toBe('12345');
    expect(new Field(MASKS.otp).paste(' 54321 ').value).toBe('54321');
  });

  it('the card number groups by four, typed or pasted with any spacing', () => {
    expect(new Field(MASKS.cardNumber).type('8600069195406311').value).toBe('8600 0691 9540 6311');
    expect(new Field(MASKS.cardNumber).paste('8600-0691-9540-6311').value).toBe('8600 0691 9540 6311');
    const field = new Field(MASKS.cardNumber).type('8600069195406311').moveTo(5).backspace();
    expect(field.value).toBe('8600 6919 5406 311');
  });

  it('the expiry takes MM/YY, the slash typed or not', () => {
    expect(new Field(MASKS.cardExpiry).type('0399').value).toBe('03/99');
    expect(new Field(MASKS.cardExpiry).type('03/99').value).toBe('03/99');
    expect(new Field(MASKS.cardExpiry).type('0399').backspace(2).value).toBe('03');
  });

  it('letter slots force their case while typing', () => {
    expect(new Field('AA-##').type('ab12').value).toBe('AB-12');
  });
});
