// Issue 12, favourites and recently viewed: the signed-in shopper's favourites (/api/profile/favourites:
// list, add, remove, and the merge the shop sends at sign-in with the guest's list) and the public product
// cards by id (/api/products/cards?ids=) that the favourites and recently viewed rows are drawn from.
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn, signInAsLegal } from './helpers.js';

/** Migrating and seeding the demo shop can pass jest's 30 s on a busy machine. */
const SEED_TIMEOUT_MS = 180_000;
const SHOPPER = '+998901234567';
const OTHER = '+998935551122';

interface Card {
  id: number;
  slug: string;
  name: string;
  price: number;
  in_stock: boolean;
}

describe.each(DB_KINDS)('favourites and product cards by id (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  /** Visible products (to everyone), in id order. */
  let ids: number[];
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
    ids = (
      await queryRows<{ id: number }>(t.database.db, sql`select id from products where status = 'active' and visible_to is null order by id limit 8`)
    ).map((r) => r.id);
  }, SEED_TIMEOUT_MS);
  beforeEach(async () => {
    await t.reset();
    token = await signIn(t, SHOPPER);
  });
  afterAll(async () => {
    await t.close();
  });

  const fav = {
    list: (who = token, lang = 'en') => t.app.inject({ url: '/api/profile/favourites', headers: { ...bearer(who), 'x-lang': lang } }),
    add: (productId: unknown, who = token, lang = 'en') =>
      t.app.inject({ method: 'POST', url: '/api/profile/favourites', payload: { product_id: productId }, headers: { ...bearer(who), 'x-lang': lang } }),
    remove: (productId: number | string, who = token) => t.app.inject({ method: 'DELETE', url: `/api/profile/favourites/${productId}`, headers: bearer(who) }),
    merge: (productIds: unknown, who = token, lang = 'en') =>
      t.app.inject({ method: 'POST', url: '/api/profile/favourites/merge', payload: { product_ids: productIds }, headers: { ...bearer(who), 'x-lang': lang } }),
  };
  const listed = async (who = token): Promise<number[]> => {
    const res = await fav.list(who);
    expect(res.statusCode).toBe(200);
    return (res.json().data as Card[]).map((c) => c.id);
  };
  const cards = (query: string, headers: Record<string, string> = {}) => t.app.inject({ url: `/api/products/cards${query}`, headers });
  const at = (i: number): number => {
    const id = ids[i];
    if (id === undefined) throw new Error(`the demo shop has no product #${i}`);
    return id;
  };
  /** Hides (or archives) a product for the length of `body`. */
  async function withStatus(productId: number, status: string, body: () => Promise<void>) {
    await t.database.db.execute(sql`update products set status = ${status} where id = ${productId}`);
    try {
      await body();
    } finally {
      await t.database.db.execute(sql`update products set status = 'active' where id = ${productId}`);
    }
  }

  describe('the routes are the signed-in shopper’s own', () => {
    test('without a session every favourites route is 401', async () => {
      const anon = [
        t.app.inject({ url: '/api/profile/favourites' }),
        t.app.inject({ method: 'POST', url: '/api/profile/favourites', payload: { product_id: at(0) } }),
        t.app.inject({ method: 'POST', url: '/api/profile/favourites/merge', payload: { product_ids: [at(0)] } }),
        t.app.inject({ method: 'DELETE', url: `/api/profile/favourites/${at(0)}` }),
      ];
      for (const res of await Promise.all(anon)) {
        expect(res.statusCode).toBe(401);
        expect(res.json().error.code).toBe('UNAUTHENTICATED');
      }
    });

    test('each shopper sees only their own list', async () => {
      const other = await signIn(t, OTHER);
      expect((await fav.add(at(0))).statusCode).toBe(200);
      expect(await listed(other)).toEqual([]);
      // removing it in another account changes nothing here
      expect((await fav.remove(at(0), other)).statusCode).toBe(200);
      expect(await listed()).toEqual([at(0)]);
    });
  });

  describe('list, add, remove', () => {
    test('added products come back as priced cards in the request’s language, newest first; adding again keeps the place', async () => {
      expect(await listed()).toEqual([]);
      const first = await fav.add(at(0));
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toEqual({ product_id: at(0), created_at: '2026-11-22T09:00:00.000Z' });
      t.clock.advance(60);
      expect((await fav.add(at(1))).statusCode).toBe(200);
      t.clock.advance(60);
      // again: same answer, same place
      const again = await fav.add(at(0));
      expect(again.json().data.created_at).toBe('2026-11-22T09:00:00.000Z');
      expect(await listed()).toEqual([at(1), at(0)]);

      const [ru, en] = await Promise.all([fav.list(token, 'ru'), fav.list(token, 'en')]);
      const ruCard = (ru.json().data as Card[])[0];
      const enCard = (en.json().data as Card[])[0];
      const [row] = await queryRows<{ name: { ru: string; en: string }; price: number }>(
        t.database.db,
        sql`select name, price_individual as price from products where id = ${at(1)}`,
      );
      expect(ruCard?.name).toBe(row?.name.ru);
      expect(enCard?.name).toBe(row?.name.en);
      expect(enCard?.price).toBe(row?.price);
    });

    test('removing is idempotent', async () => {
      await fav.add(at(0));
      await fav.add(at(1));
      const removed = await fav.remove(at(0));
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ deleted: true });
      expect((await fav.remove(at(0))).json()).toEqual({ deleted: true });
      expect(await listed()).toEqual([at(1)]);
    });

    test('bad input is a 422 in the request’s language, never a 500', async () => {
      for (const bad of ['7', -1, 0, 1.5, 2_147_483_648, null]) {
        const res = await fav.add(bad, token, 'ru');
        expect(res.statusCode).toBe(422);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
        expect(res.json().error.fields.product_id).toMatch(/[а-я]/i);
      }
      const unknownField = await t.app.inject({ method: 'POST', url: '/api/profile/favourites', payload: { product_id: at(0), extra: 1 }, headers: bearer(token) });
      expect(unknownField.statusCode).toBe(422);
      expect((await fav.remove('abc')).statusCode).toBe(422);
      expect((await fav.remove('99999999999')).statusCode).toBe(422);
      const tooMany = await fav.merge(Array.from({ length: 101 }, (_, i) => i + 1));
      expect(tooMany.statusCode).toBe(422);
      expect((await fav.merge('1,2')).statusCode).toBe(422);
      expect((await fav.merge([1, 'x'])).statusCode).toBe(422);
    });

    test('a product that does not exist or is hidden cannot be added (422 on product_id)', async () => {
      const missing = await fav.add(2_000_000_000, token, 'uz');
      expect(missing.statusCode).toBe(422);
      expect(Object.keys(missing.json().error.fields)).toEqual(['product_id']);
      await withStatus(at(2), 'hidden', async () => {
        expect((await fav.add(at(2))).statusCode).toBe(422);
      });
      // a wholesale-only product is not there for an individual, but is for a legal entity
      const [wholesale] = await queryRows<{ id: number }>(t.database.db, sql`select id from products where status = 'active' and visible_to = 'legal' limit 1`);
      if (wholesale) {
        expect((await fav.add(wholesale.id)).statusCode).toBe(422);
        const legal = await signInAsLegal(t);
        expect((await fav.add(wholesale.id, legal)).statusCode).toBe(200);
      }
    });

    test('hidden, archived and deleted products are left out of the list; a hidden one comes back when shown again', async () => {
      // a product of our own, to delete
      const [copy] = await queryRows<{ id: number }>(
        t.database.db,
        sql`insert into products (slug, name, description, brand_id, category_id, attributes, images, mxit, mxit_unit, weight_grams,
              price_individual, price_legal, search_text, search_names)
            select 'favourite-test-copy', name, description, brand_id, category_id, attributes, images, mxit, mxit_unit, weight_grams,
              price_individual, price_legal, search_text, search_names
            from products where id = ${at(0)} returning id`,
      );
      if (!copy) throw new Error('no copy');
      for (const id of [at(3), at(4), copy.id]) expect((await fav.add(id)).statusCode).toBe(200);
      await t.database.db.execute(sql`delete from products where id = ${copy.id}`);
      expect(await listed()).toEqual([at(4), at(3)]);
      await withStatus(at(3), 'hidden', async () => {
        expect(await listed()).toEqual([at(4)]);
      });
      await withStatus(at(4), 'archived', async () => {
        expect(await listed()).toEqual([at(3)]);
      });
      expect(await listed()).toEqual([at(4), at(3)]);
    });
  });

  describe('merge at sign-in', () => {
    test('adds the guest’s list on top in its order, skips gone and hidden products, and is idempotent', async () => {
      await fav.add(at(0));
      t.clock.advance(60);
      await withStatus(at(5), 'hidden', async () => {
        const merged = await fav.merge([at(2), 2_000_000_000, at(5), at(0), at(1), at(2)]);
        expect(merged.statusCode).toBe(200);
        expect((merged.json().data as Card[]).map((c) => c.id)).toEqual([at(2), at(1), at(0)]);
      });
      // again (a second tab, a retried request): nothing changes
      t.clock.advance(60);
      const again = await fav.merge([at(2), at(0), at(1)]);
      expect((again.json().data as Card[]).map((c) => c.id)).toEqual([at(2), at(1), at(0)]);
      // an empty guest list just answers the account's
      expect(((await fav.merge([])).json().data as Card[]).map((c) => c.id)).toEqual([at(2), at(1), at(0)]);
    });

    test('at most 100 favourites: what does not fit is left out, and the 101st add is a 422 with the limit', async () => {
      const hundred = (
        await queryRows<{ id: number }>(t.database.db, sql`select id from products where status = 'active' and visible_to is null order by id limit 101`)
      ).map((r) => r.id);
      const merged = await fav.merge(hundred.slice(0, 100));
      expect((merged.json().data as Card[]).length).toBe(100);
      const over = await fav.add(hundred[100] as number);
      expect(over.statusCode).toBe(422);
      expect(over.json().error.max).toBe(100);
      // one already there may be added again
      expect((await fav.add(hundred[0] as number)).statusCode).toBe(200);
      // a merge with no room adds nothing and still answers the list
      expect(((await fav.merge([hundred[100] as number])).json().data as Card[]).length).toBe(100);
    });

    test('deleting the account deletes its favourites', async () => {
      await fav.add(at(0));
      expect((await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: bearer(token) })).statusCode).toBe(200);
      const [left] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from favourites`);
      expect(left?.n).toBe(0);
    });
  });

  describe('GET /api/products/cards?ids=', () => {
    test('answers the cards in the order asked, once each, without unknown or hidden products; public', async () => {
      await withStatus(at(1), 'hidden', async () => {
        const res = await cards(`?ids=${at(3)},${at(1)},2000000000,${at(0)},${at(3)}`, { 'x-lang': 'ru' });
        expect(res.statusCode).toBe(200);
        const data = res.json().data as Card[];
        expect(data.map((c) => c.id)).toEqual([at(3), at(0)]);
        const [row] = await queryRows<{ name: { ru: string }; slug: string }>(t.database.db, sql`select name, slug from products where id = ${at(3)}`);
        expect(data[0]?.name).toBe(row?.name.ru);
        expect(data[0]?.slug).toBe(row?.slug);
      });
    });

    test('prices follow the session’s price list, not X-ACCOUNT-TYPE', async () => {
      const [row] = await queryRows<{ id: number; individual: number; legal: number }>(
        t.database.db,
        sql`select id, price_individual as individual, price_legal as legal from products where status = 'active' and visible_to is null and price_legal <> price_individual limit 1`,
      );
      if (!row) throw new Error('the demo shop has no product with its own legal price');
      const guest = await cards(`?ids=${row.id}`, { 'x-account-type': 'legal' });
      expect(guest.json().data[0].price).toBe(row.individual);
      const legal = await signInAsLegal(t);
      const asLegal = await cards(`?ids=${row.id}`, bearer(legal));
      expect(asLegal.json().data[0].price).toBe(row.legal);
    });

    test('bad ids are a 422 in the request’s language', async () => {
      const many = Array.from({ length: 101 }, (_, i) => i + 1).join(',');
      for (const query of ['', '?ids=', '?ids=abc', '?ids=1,,2', '?ids=-1', '?ids=0', '?ids=99999999999', `?ids=${many}`, '?ids=1&other=2']) {
        const res = await cards(query, { 'x-lang': 'uz' });
        expect([query, res.statusCode]).toEqual([query, 422]);
        expect(res.json().error.code).toBe('VALIDATION_FAILED');
      }
      const hundred = Array.from({ length: 100 }, (_, i) => i + 1).join(',');
      expect((await cards(`?ids=${hundred}`)).statusCode).toBe(200);
    });
  });
});
