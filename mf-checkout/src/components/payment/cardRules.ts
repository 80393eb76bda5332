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
