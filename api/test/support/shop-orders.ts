/**
 * A shopper's cards and orders as the orders-* tests make them through the API: fresh stock no other test
 * touched, cards added with the sandbox's code, orders placed with an Idempotency-Key.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { type TestApp, bearer } from '../helpers.js';

export const GOOD_CARD = { number: '8600 0691 9540 6311', expire: '03/99' };
export const POOR_CARD = { number: '8600 0000 0000 0007', expire: '03/99' };
export const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12', flat: '45', entrance: '2', floor: '5', intercom: '45K' };
export const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };

/** Calls on the app `app()` gives, in the name of the shopper `token()` gives unless told another. */
export function shopOrders(app: () => TestApp, token: () => string) {
  let used = 0;

  /** A variant (of a single-variant product) no other test has touched, with at least `min` in stock. */
  async function freshVariant(min = 3) {
    const rows = await queryRows<{ product_id: number; variant_id: number; price: number; stock: number; slug: string; weight: number }>(
      app().database.db,
      sql`select p.id as product_id, v.id as variant_id, v.price_individual as price, p.slug, p.weight_grams as weight,
                 (select sum(quantity) from variant_stock s where s.variant_id = v.id)::int as stock
          from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null
            and (select count(*) from variants v2 where v2.product_id = p.id) = 1
            and (select sum(quantity) from variant_stock s where s.variant_id = v.id) >= ${min}
            and p.price_individual < 900000
          order by p.id offset ${used++} limit 1`,
    );
    if (!rows[0]) throw new Error('no fresh variant');
    return rows[0];
  }
  const stockOf = async (variantId: number) =>
    Number((await queryRows<{ n: number }>(app().database.db, sql`select coalesce(sum(quantity), 0)::int as n from variant_stock where variant_id = ${variantId}`))[0]!.n);

  const post = (url: string, payload: object, headers: Record<string, string> = {}, who = token()) =>
    app().app.inject({ method: 'POST', url, payload, headers: { ...bearer(who), ...headers } });

  async function addCard(card = GOOD_CARD, who = token()): Promise<number> {
    const created = await post('/api/payments/card/create', card, {}, who);
    expect(created.statusCode).toBe(200);
    const id = created.json().card.id as number;
    expect((await post('/api/payments/card/confirm', { card_id: id, code: '666666' }, {}, who)).statusCode).toBe(200);
    return id;
  }

  const order = (body: object, key: string, who = token(), lang = 'en') => post('/api/orders/', body, { 'idempotency-key': key, 'x-lang': lang }, who);

  return { freshVariant, stockOf, post, addCard, order };
}
