// Issue 12, product page: stock per pickup store with the pickup and delivery estimate
// (GET /api/products/:slug/availability), and "notify me when in stock" (/api/profile/stock-alerts plus
// the sweep that texts a waiting shopper once the variant's stock is back). What limits the texts (an SMS
// outage, a wish made in stock, one a day, 50 variants, the daily SMS cap) is stock-alerts-limits.test.ts.
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { stockAlerts } from '../src/db/schema/index.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { OTHER, SEED_TIMEOUT_MS, SHOPPER, stockAlertCalls } from './support/stock-alerts.js';

describe.each(DB_KINDS)('availability and stock alerts (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
  }, SEED_TIMEOUT_MS);
  beforeEach(async () => {
    await t.reset();
    token = await signIn(t, SHOPPER);
  });
  afterAll(async () => {
    await t.close();
  });
  const { fresh, setStock, availability, alerts, textsTo } = stockAlertCalls(() => t, () => token);

  describe('availability per store', () => {
    test('each store says in stock, few left or none — never a large exact number — with the pickup day', async () => {
      const v = await fresh();
      await setStock(v.variant_id, { 1: 0, 2: 3, 3: 25 });
      // 09:00 UTC is 14:00 in Tashkent: before the 16:00 cut-off, so a store that has it hands it over today
      const res = await availability(v.slug, '', { 'x-lang': 'ru' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-cache');
      const data = res.json().data;
      expect(data.today).toBe('2026-11-22');
      expect(data.stores.map((s: { id: number }) => s.id)).toEqual([1, 2, 3]);
      expect(data.stores[0]).toMatchObject({ name: 'Bozor Чиланзар', address: expect.stringContaining('Ташкент'), landmark: expect.stringContaining('Новза'), hours: 'Ежедневно 09:00–21:00' });
      const [variant] = data.variants;
      expect(variant).toMatchObject({ id: v.variant_id, in_stock: true });
      expect(variant.stores).toEqual([
        { store_id: 1, level: 'out', quantity: 0, more: false, pickup: null },
        { store_id: 2, level: 'few', quantity: 3, more: false, pickup: '2026-11-22' },
        { store_id: 3, level: 'in', quantity: 10, more: true, pickup: '2026-11-22' },
      ]);
      expect(JSON.stringify(variant.stores)).not.toContain('25');
      expect(data.pickup).toMatchObject({ same_day_before: '16:00', note: expect.stringContaining('SMS') });

      // 16:30 in Tashkent: tomorrow
      t.clock.set(new Date('2026-11-22T11:30:00Z'));
      expect((await availability(v.slug)).json().data.variants[0].stores[1].pickup).toBe('2026-11-23');
      // 01:00 the next day in Tashkent (still the 22nd in UTC): today is the 23rd there
      t.clock.set(new Date('2026-11-22T20:00:00Z'));
      const night = (await availability(v.slug)).json().data;
      expect(night.today).toBe('2026-11-23');
      expect(night.variants[0].stores[1].pickup).toBe('2026-11-23');
    });

    test('the courier estimate follows the delivery settings the checkout uses: region days, fee, free threshold, express', async () => {
      const v = await fresh();
      await setStock(v.variant_id, { 1: 2 });
      const data = (await availability(v.slug, '', { 'x-lang': 'en' })).json().data;
      // Tashkent city (the default region): 1–2 days, 25 000 so'm up to 5 kg, free from 1 000 000, express
      expect(data.courier).toEqual({ region: { slug: 'tashkent', name: 'Tashkent city' }, days: '1–2', free_from: 1_000_000 });
      expect(data.variants[0].courier).toEqual({ fee: 25_000, from: '2026-11-23', to: '2026-11-24' });
      expect(data.express).toEqual({ available: true, note: expect.stringContaining('2–3 hours') });

      const samarkand = (await availability(v.slug, '?region=samarkand', { 'x-lang': 'uz' })).json().data;
      expect(samarkand.courier.region.slug).toBe('samarkand');
      expect(samarkand.express.available).toBe(false);
      const days = samarkand.courier.days.split(/[–-]/).map(Number);
      const plus = (n: number) => new Date(Date.parse('2026-11-22T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10);
      expect(samarkand.variants[0].courier).toMatchObject({ from: plus(days[0]), to: plus(days.at(-1)) });
      // an unknown region is the default one, not an error
      expect((await availability(v.slug, '?region=atlantis')).json().data.courier.region.slug).toBe('tashkent');
      expect((await availability(v.slug, '?region=NOT%20A%20SLUG')).statusCode).toBe(422);
    });

    test('a sold-out variant is in no store and has no courier estimate; hidden products are 404', async () => {
      const v = await fresh();
      await setStock(v.variant_id, { 1: 0, 2: 0, 3: 0 });
      const [variant] = (await availability(v.slug)).json().data.variants;
      expect(variant.in_stock).toBe(false);
      expect(variant.courier).toBeNull();
      expect(variant.stores.every((s: { level: string; pickup: string | null }) => s.level === 'out' && s.pickup === null)).toBe(true);
      expect((await availability('no-such-product')).statusCode).toBe(404);
      const [wholesale] = await queryRows<{ slug: string }>(t.database.db, sql`select slug from products where visible_to = 'legal' limit 1`);
      if (wholesale) expect((await availability(wholesale.slug)).statusCode).toBe(404);
    });
  });

  describe('notify me when in stock', () => {
    test('only for a signed-in shopper; subscribing is idempotent and listed; an unknown variant is refused', async () => {
      const v = await fresh();
      await setStock(v.variant_id, { 1: 0, 2: 0, 3: 0 });
      expect((await t.app.inject({ method: 'POST', url: '/api/profile/stock-alerts', payload: { variant_id: v.variant_id } })).statusCode).toBe(401);
      expect((await t.app.inject({ url: '/api/profile/stock-alerts' })).statusCode).toBe(401);

      const first = await alerts.add(v.variant_id);
      expect(first.statusCode).toBe(200);
      expect(first.json().data).toEqual({ variant_id: v.variant_id, product_id: v.product_id, product_slug: v.slug, created_at: '2026-11-22T09:00:00.000Z' });
      t.clock.advance(60);
      const again = await alerts.add(v.variant_id);
      expect(again.json()).toEqual(first.json());
      expect(await t.database.db.select().from(stockAlerts)).toHaveLength(1);
      expect((await alerts.list()).json().data).toEqual([first.json().data]);

      const unknown = await alerts.add(2_000_000_000);
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().error.fields).toEqual({ variant_id: 'This value is not valid.' });
      expect((await alerts.add(0)).statusCode).toBe(422);
      // another shopper sees none of it
      const other = await signIn(t, OTHER);
      expect((await alerts.list(other)).json().data).toEqual([]);
    });

    test('the sweep texts once when the stock returns (a cancelled order), not before; in the page’s language, with a link', async () => {
      const v = await fresh(2);
      // another shopper takes every piece
      const buyer = await signIn(t, OTHER);
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { ...bearer(buyer), 'idempotency-key': `alerts-${v.variant_id}` },
        payload: {
          items: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: v.stock }],
          delivery: { type: 'pickup', store_id: 1 },
          receiver: { name: 'Aziz', surname: 'Rahimov', phone: OTHER },
          payment: { method: 'cash' },
        },
      });
      expect(placed.statusCode).toBe(201);
      expect((await availability(v.slug)).json().data.variants[0].in_stock).toBe(false);

      expect((await alerts.add(v.variant_id, token, 'ru')).statusCode).toBe(200);
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(0);
      expect(textsTo(SHOPPER)).toEqual([]);

      await t.app.services.orders.changeStatus(placed.json().order.number, 'cancelled');
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(1);
      const [name] = await queryRows<{ name: string }>(t.database.db, sql`select name->>'ru' as name from products where id = ${v.product_id}`);
      expect(textsTo(SHOPPER)).toEqual([{ phone: SHOPPER, text: `Bozor: «${name!.name}» снова в наличии! http://localhost:80/ru/products/${v.slug}` }]);

      // once: later passes leave it alone, and it is no longer listed as waiting
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(0);
      expect(textsTo(SHOPPER)).toHaveLength(1);
      expect((await alerts.list()).json().data).toEqual([]);
      const [row] = await t.database.db.select().from(stockAlerts);
      expect(row?.notifiedAt?.toISOString()).toBe('2026-11-22T09:00:00.000Z');
    });

    test('a removed alert is never texted; removing is idempotent; subscribing after a text waits again', async () => {
      const gone = await fresh();
      const kept = await fresh();
      await setStock(gone.variant_id, { 1: 0, 2: 0, 3: 0 });
      await setStock(kept.variant_id, { 1: 0, 2: 0, 3: 0 });
      await alerts.add(gone.variant_id);
      await alerts.add(kept.variant_id);
      const removed = await alerts.remove(gone.variant_id);
      expect(removed.statusCode).toBe(200);
      expect(removed.json()).toEqual({ deleted: true });
      expect((await alerts.remove(gone.variant_id)).json()).toEqual({ deleted: true });
      expect((await alerts.list()).json().data.map((a: { variant_id: number }) => a.variant_id)).toEqual([kept.variant_id]);

      await setStock(gone.variant_id, { 2: 4 });
      await setStock(kept.variant_id, { 3: 1 });
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(1);
      expect(textsTo(SHOPPER)).toHaveLength(1);
      expect(textsTo(SHOPPER)[0]!.text).toContain(`/en/products/${kept.slug}`);

      // sold out again, and the shopper asks again the next day: one more text when it is back
      await setStock(kept.variant_id, { 3: 0 });
      t.clock.advance(24 * 3600);
      expect((await alerts.add(kept.variant_id)).json().data.created_at).toBe('2026-11-23T09:00:00.000Z');
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(0);
      await setStock(kept.variant_id, { 1: 2 });
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(1);
      expect(textsTo(SHOPPER)).toHaveLength(2);
    });
  });
});
