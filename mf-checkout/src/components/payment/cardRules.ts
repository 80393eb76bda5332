/** True for "MM/YY" with a real month that has not ended yet. */
export function expiryValid(input: string, now: Date = new Date()): boolean {
  const m = /^(\d{2})\/(\d{2})$/.exec(input);
  if (!m) return false;
  const month = Number(m[1]);
  const year = 2000 + Number(m[2]);
  if (month < 1 || month > 12) return false;
  return year > now.getFullYear() || (year === now.getFullYear() && month >= now.getMonth() + 1);
}
