/**
 * What the stock-alert tests (stock-alerts.test.ts, stock-alerts-limits.test.ts) share: the shopper's phones, a
 * variant no other test has touched, stock set per store, and the availability and stock-alert calls.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { type TestApp, bearer } from '../helpers.js';

/** Migrating and seeding the demo shop can pass jest's 30 s on a busy machine. */
export const SEED_TIMEOUT_MS = 180_000;
export const SHOPPER = '+998901234567';
export const OTHER = '+998935551122';

export interface Fresh {
  product_id: number;
  variant_id: number;
  slug: string;
  price: number;
  weight: number;
  stock: number;
}

/** The calls on the app `app()` gives, the shopper signed in as `shopper()`; one set per describe, as each hands out its own variants. */
export function stockAlertCalls(app: () => TestApp, shopper: () => string) {
  let used = 0;
  /** A single-variant product, visible to everyone, that no other test here has touched. */
  async function fresh(min = 1): Promise<Fresh> {
    const t = app();
    const rows = await queryRows<Fresh>(
      t.database.db,
      sql`select p.id as product_id, v.id as variant_id, p.slug, v.price_individual as price, p.weight_grams as weight,
                 (select coalesce(sum(quantity), 0) from variant_stock s where s.variant_id = v.id)::int as stock
          from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null and p.price_individual < 900000 and p.weight_grams <= 5000
            and (select count(*) from variants v2 where v2.product_id = p.id) = 1
            and (select coalesce(sum(quantity), 0) from variant_stock s where s.variant_id = v.id) between ${min} and 20
          order by p.id offset ${used++} limit 1`,
    );
    if (!rows[0]) throw new Error('no fresh variant');
    return rows[0];
  }
  /** Sets a variant's stock per store (store id → pieces), as a stock import would. */
  async function setStock(variantId: number, perStore: Record<number, number>) {
    const t = app();
    for (const [store, quantity] of Object.entries(perStore)) {
      await t.database.db.execute(sql`insert into variant_stock (variant_id, store_id, quantity) values (${variantId}, ${Number(store)}, ${quantity})
        on conflict (variant_id, store_id) do update set quantity = excluded.quantity`);
    }
  }
  const availability = (slug: string, query = '', headers: Record<string, string> = {}) =>
    app().app.inject({ url: `/api/products/${slug}/availability${query}`, headers });
  const alerts = {
    list: (who = shopper()) => app().app.inject({ url: '/api/profile/stock-alerts', headers: bearer(who) }),
    add: (variantId: number, who = shopper(), lang = 'en') =>
      app().app.inject({ method: 'POST', url: '/api/profile/stock-alerts', payload: { variant_id: variantId }, headers: { ...bearer(who), 'x-lang': lang } }),
    remove: (variantId: number, who = shopper()) => app().app.inject({ method: 'DELETE', url: `/api/profile/stock-alerts?variant_id=${variantId}`, headers: bearer(who) }),
  };
  const textsTo = (phone: string) => app().sms.sent.filter((m) => m.phone === phone && !/\b\d{5}\b/.test(m.text));
  return { fresh, setStock, availability, alerts, textsTo };
}
