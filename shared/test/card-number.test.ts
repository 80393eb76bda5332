// The card number rule (@bozor/shared-runtime, runtime/card-number.js) against its table: the one implementation the API's card
// schema (api/src/modules/payments/cards.schema.ts) and the checkout's card form both run.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cardDigits, cardNumberValid, luhnValid } from '@bozor/shared-runtime/card-number';

const cards = JSON.parse(readFileSync(path.join(__dirname, 'vectors/card-numbers.json'), 'utf8')) as { valid: string[]; invalid: string[] };

describe('card numbers the shop takes: 16 digits, Luhn-valid', () => {
  it.each(cards.valid)('accepts %p', (input) => {
    expect(cardNumberValid(input)).toBe(true);
    expect(luhnValid(cardDigits(input))).toBe(true);
  });

  it.each(cards.invalid)('refuses %p', (input) => {
    expect(cardNumberValid(input)).toBe(false);
  });

  it('drops only spaces and dashes, and checks digits as they are', () => {
    expect(cardDigits(' 8600 0691-9540 6311 ')).toBe('8600069195406311');
    expect(luhnValid('8600 0691 9540 6311')).toBe(false);
  });
});
