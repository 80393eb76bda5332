/** What the catalogue's tests (catalog.test.ts, catalog-indexes.test.ts) share: where the shop's API is, the card it lists. */

export const R = '/backend/api/ext/v1/resources';
/** Migrating and seeding the demo shop can pass jest's 30 s on a busy machine. */
export const SEED_TIMEOUT_MS = 180_000;

export interface Card {
  id: number;
  slug: string;
  name: string;
  price: number;
  old_price: number | null;
  discount_percent: number;
  total_quanity: number;
  in_stock: boolean;
  brand: { slug: string };
  category: { slug: string };
}
