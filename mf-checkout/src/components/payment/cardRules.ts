/**
 * What is wrong with an expiry typed as "MM/YY": `format` when it is not a real MM/YY, `expired` when its
 * month has ended; null when the card is still valid.
 */
export function expiryProblem(input: string, now: Date = new Date()): 'format' | 'expired' | null {
  const m = /^(\d{2})\/(\d{2})$/.exec(input);
  if (!m) return 'format';
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return 'format';
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1) ? null : 'expired';
}

/** True for "MM/YY" with a real month that has not ended yet. */
export function expiryValid(input: string, now: Date = new Date()): boolean {
  return expiryProblem(input, now) === null;
}

/**
 * The phone the bank texted a card's code to, written as the shop writes phones: "99890*****31" →
 * "+998 90 *** ** 31". The bank (Payme, the sandbox) hides some digits with "*", wherever it likes; the
 * number may come with or without "+", spaced, or as the 9 digits after 998. Anything that is not 12 digits
 * or stars starting with 998 is shown as the bank sent it.
 */
export function formatCardPhone(masked: string): string {
  const compact = masked.trim().replace(/^\+/, '').replace(/[\s()-]/g, '');
  const full = /^[\d*]{9}$/.test(compact) ? `998${compact}` : compact;
  if (!/^998[\d*]{9}$/.test(full)) return masked;
  return `+998 ${full.slice(3, 5)} ${full.slice(5, 8)} ${full.slice(8, 10)} ${full.slice(10, 12)}`;
}
