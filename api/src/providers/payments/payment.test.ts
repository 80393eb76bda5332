import { readFileSync } from 'node:fs';
import { cardNumber } from '../../modules/payments/cards.schema.js';
import { luhnValid } from './payment.js';

/** The table the checkout's card check runs too (mf-checkout/test/rules.test.ts): one rule on both sides. */
const vectors = JSON.parse(readFileSync(new URL('../../../../shared/test/vectors/card-numbers.json', import.meta.url), 'utf8')) as {
  valid: string[];
  invalid: string[];
};

describe('card numbers the shop takes: 16 digits, Luhn-valid', () => {
  test.each(vectors.valid)('accepts %p', (input) => {
    // What POST /api/payments/card/create reads, then the rule on its own.
    expect(cardNumber.safeParse(input).success).toBe(true);
    expect(luhnValid(input.replace(/[\s-]/g, ''))).toBe(true);
  });

  test.each(vectors.invalid)('refuses %p', (input) => {
    expect(cardNumber.safeParse(input).success).toBe(false);
    expect(luhnValid(input.replace(/[\s-]/g, ''))).toBe(false);
  });
});
