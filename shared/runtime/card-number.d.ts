// Types of card-number.js (hand-written: the module is plain JavaScript so node runs it as it is).

/** "8600 0691 9540 6311" → "8600069195406311": the spaces and dashes people type, dropped. */
export function cardDigits(input: string): string;

/** True for exactly 16 digits with a valid Luhn checksum. */
export function luhnValid(digits: string): boolean;

/** True for a card number, as typed, that POST /api/payments/card/create takes. */
export function cardNumberValid(input: string): boolean;
