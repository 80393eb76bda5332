// Issue 12, "notify me when in stock": what limits the texts the sweep sends — an SMS outage, a deleted
// account, a wish made while the variant is in stock, one text a day per variant and shopper, at most 50
// variants waited for, and the alerts' half of the phone's daily SMS cap. Availability and subscribing are
// stock-alerts.test.ts.
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
  const { fresh, setStock, alerts, textsTo } = stockAlertCalls(() => t, () => token);

  describe('notify me when in stock', () => {
    test('an SMS outage leaves the alert waiting for the next pass; a deleted account is not texted', async () => {
      const v = await fresh();
      const w = await fresh();
      await setStock(v.variant_id, { 1: 0, 2: 0, 3: 0 });
      await setStock(w.variant_id, { 1: 0, 2: 0, 3: 0 });
      await alerts.add(v.variant_id, token, 'uz');
      const leaving = await signIn(t, OTHER);
      await alerts.add(w.variant_id, leaving);
      expect((await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: bearer(leaving) })).statusCode).toBe(200);

      await setStock(v.variant_id, { 1: 1 });
      await setStock(w.variant_id, { 1: 1 });
      t.sms.failing = true;
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(0);
      expect((await alerts.list()).json().data).toHaveLength(1);
      t.sms.failing = false;
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(1);
      expect(textsTo(SHOPPER)[0]!.text).toMatch(/^Bozor: «.+» yana sotuvda! http:\/\/localhost:80\/uz\/products\//);
      expect(t.sms.sent.filter((m) => m.phone === OTHER && m.text.includes('products'))).toEqual([]);
    });

    test('a wish made while the variant is in stock is not texted: it waits until the variant has sold out and come back', async () => {
      const v = await fresh();
      await setStock(v.variant_id, { 1: 2 });
      expect((await alerts.add(v.variant_id)).statusCode).toBe(200);
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(0);
      // asking again (after each pass, as a script would) changes nothing
      expect((await alerts.add(v.variant_id)).statusCode).toBe(200);
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(0);
      expect(textsTo(SHOPPER)).toEqual([]);
      expect((await alerts.list()).json().data.map((a: { variant_id: number }) => a.variant_id)).toEqual([v.variant_id]);

      await setStock(v.variant_id, { 1: 0, 2: 0, 3: 0 });
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(0);
      await setStock(v.variant_id, { 2: 1 });
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(1);
      expect(textsTo(SHOPPER)).toHaveLength(1);
    });

    test('one text per variant and shopper a day (STOCK_ALERT_COOLDOWN_H), however often it sells out and they ask again', async () => {
      const v = await fresh();
      await setStock(v.variant_id, { 1: 0, 2: 0, 3: 0 });
      await alerts.add(v.variant_id);
      await setStock(v.variant_id, { 1: 1 });
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(1);
      for (let i = 0; i < 3; i++) {
        await setStock(v.variant_id, { 1: 0 });
        t.clock.advance(3600);
        expect((await alerts.add(v.variant_id)).statusCode).toBe(200);
        expect(await t.app.services.stockAlerts.sweepOnce()).toBe(0);
        await setStock(v.variant_id, { 1: 1 });
        expect(await t.app.services.stockAlerts.sweepOnce()).toBe(0);
      }
      expect(textsTo(SHOPPER)).toHaveLength(1);
      // still waiting, and texted once the day since the text has passed
      expect((await alerts.list()).json().data).toHaveLength(1);
      t.clock.advance(21 * 3600);
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(1);
      expect(textsTo(SHOPPER)).toHaveLength(2);
    });

    test('one shopper waits for at most 50 variants at a time', async () => {
      const ids = await queryRows<{ id: number }>(t.database.db, sql`select v.id from variants v join products p on p.id = v.product_id where p.status = 'active' and p.visible_to is null order by v.id limit 51`);
      await t.database.db.insert(stockAlerts).values(ids.slice(0, 50).map((r) => ({ customerId: 1, variantId: r.id, lang: 'en' as const })));
      // the 50 already waited for are still fine to ask again
      expect((await alerts.add(ids[0]!.id)).statusCode).toBe(200);
      const over = await alerts.add(ids[50]!.id);
      expect(over.statusCode).toBe(422);
      expect(over.json().error).toMatchObject({ code: 'VALIDATION_FAILED', fields: { variant_id: 'This value is not valid.' }, max: 50 });
    });

    test("30 alerts back at once: the phone gets half of the day's SMS_DAILY_CAP_PER_PHONE, the rest the next day; order texts keep the other half", async () => {
      // an order of the shopper's, placed first (its variant untouched by what follows)
      const bought = await fresh();
      const placed = await t.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { ...bearer(token), 'idempotency-key': `alerts-cap-${bought.variant_id}` },
        payload: {
          items: [{ product_id: bought.product_id, variant_id: bought.variant_id, quantity: 1 }],
          delivery: { type: 'pickup', store_id: 1 },
          receiver: { name: 'Aziz', surname: 'Rahimov', phone: SHOPPER },
          payment: { method: 'cash' },
        },
      });
      expect(placed.statusCode).toBe(201);
      const ids = (
        await queryRows<{ id: number }>(
          t.database.db,
          sql`select v.id from variants v join products p on p.id = v.product_id
              where p.status = 'active' and p.visible_to is null and v.id <> ${bought.variant_id} order by v.id desc limit 30`,
        )
      ).map((r) => r.id);
      expect(ids).toHaveLength(30);
      for (const id of ids) await setStock(id, { 1: 0, 2: 0, 3: 0 });
      for (const id of ids) expect((await alerts.add(id)).statusCode).toBe(200);
      for (const id of ids) await setStock(id, { 1: 3 });

      // SMS_DAILY_CAP_PER_PHONE is 10 by default: stock alerts may use 5 of them
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(5);
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(0);
      expect(textsTo(SHOPPER)).toHaveLength(5);
      expect((await alerts.list()).json().data).toHaveLength(25);
      // the order's texts still go out
      await t.app.services.orders.changeStatus(placed.json().order.number, 'confirmed');
      expect(textsTo(SHOPPER).at(-1)!.text).toContain(placed.json().order.number);

      // the next day, five more
      t.clock.advance(24 * 3600 + 1);
      expect(await t.app.services.stockAlerts.sweepOnce()).toBe(5);
      expect((await alerts.list()).json().data).toHaveLength(20);
    });
  });
});
