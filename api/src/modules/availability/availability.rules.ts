// The shop's rules for what a product page promises about pickup and delivery (docs/api.md
// "Availability"). Plain functions of the clock, so tests move the time instead of waiting.

/** The shop works on Tashkent time: UTC+5 all year (Uzbekistan has no daylight saving). */
export const SHOP_UTC_OFFSET_H = 5;
/** A pickup order placed before this hour (Tashkent) is ready the same day; later, the next day. */
export const PICKUP_SAME_DAY_BEFORE_H = 16;
/** Up to this many pieces in a store is "few left" (the product page's own "Only N left" uses the same). */
export const FEW_LEFT = 5;
/** More pieces than this are shown as "10+": exact large numbers tell competitors more than shoppers need. */
export const SHOWN_MAX = 10;

const DAY_MS = 24 * 3600 * 1000;
const shopTime = (now: Date) => new Date(now.getTime() + SHOP_UTC_OFFSET_H * 3600 * 1000);

/** The shop's calendar date (YYYY-MM-DD) `plusDays` after today in Tashkent. */
export function shopDate(now: Date, plusDays = 0): string {
  return new Date(shopTime(now).getTime() + plusDays * DAY_MS).toISOString().slice(0, 10);
}

/** When an order placed now can be picked up from a store that has the goods. */
export function pickupDate(now: Date): string {
  return shopDate(now, shopTime(now).getUTCHours() < PICKUP_SAME_DAY_BEFORE_H ? 0 : 1);
}

/** A region's delivery days as the settings spell them ("1–2", "3", "2-4") → the range, or null. */
export function parseDays(days: string): { min: number; max: number } | null {
  const match = /^\s*(\d{1,2})\s*(?:[–—-]\s*(\d{1,2}))?\s*$/.exec(days);
  if (!match) return null;
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  return max >= min ? { min, max } : null;
}

export type StockLevel = 'in' | 'few' | 'out';

/** How a store's stock is shown: its level, and the number capped at SHOWN_MAX (`more` above it). */
export function shownStock(quantity: number): { level: StockLevel; quantity: number; more: boolean } {
  const q = Math.max(0, quantity);
  return { level: q === 0 ? 'out' : q <= FEW_LEFT ? 'few' : 'in', quantity: Math.min(q, SHOWN_MAX), more: q > SHOWN_MAX };
}
