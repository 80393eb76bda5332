/**
 * Stock hoarding (issue 15): one account may hold at most ORDER_OPEN_UNPAID_MAX open unpaid orders (also
 * when it sends them all at once), at most ORDER_LINE_MAX_QTY units of one variant per order (the cart
 * never holds more), and an unconfirmed cash order gives its stock back after CASH_ORDER_HOLD_H unless
 * staff confirm it or extend its hold (once).
 */
import { sql } from 'drizzle-orm';
import { DB_KINDS, type TestApp, bearer } from './helpers.js';
import { courier, hoardingShop } from './support/hoarding-shop.js';

describe.each(DB_KINDS)('order limits (%s)', (kind) => {
  let t: TestApp;
  let shopper: string;
  const { shopperToken, variantWith, stockOf, orderCount, order, one, open, nextTest, close } = hoardingShop(kind);

  beforeAll(async () => {
    ({ t } = await open());
  }, 180_000);
  beforeEach(async () => {
    shopper = await nextTest();
  });
  afterAll(async () => {
    await close();
  });

  describe('open unpaid orders per customer (ORDER_OPEN_UNPAID_MAX = 5)', () => {
    test('the sixth is refused with 409 in the shopper’s language and takes no stock; a repeat of an earlier key still answers its order', async () => {
      const v = await variantWith(30);
      const before = await stockOf(v.variant_id);
      const placed: string[] = [];
      for (let i = 0; i < 5; i++) {
        const res = await order(one(v), { key: `cap-key-${i}` });
        expect(res.statusCode).toBe(201);
        placed.push(res.json().order.number);
      }
      const sixth = await order(one(v), { key: 'cap-key-5' });
      expect(sixth.statusCode).toBe(409);
      expect(sixth.json().error).toEqual({
        code: 'TOO_MANY_OPEN_ORDERS',
        // The hold times are the shop's own (CHECKOUT_PAYMENT_TTL_S 5400 here, CASH_ORDER_HOLD_H 48), in words and as numbers.
        message:
          'You have reached the limit of 5 unpaid orders. Pay one of them in My orders (“Pay now”), or wait: the shop cancels an unpaid order when its hold runs out (Payme and Click: 90 minutes; pay on receipt, not yet confirmed: 48 hours). An order paid on receipt stops counting once you receive it.',
        max: 5,
        payment_hold_minutes: 90,
        cash_hold_hours: 48,
      });
      const ru = await order(one(v), { key: 'cap-key-5', lang: 'ru' });
      expect(ru.json().error.message).toMatch(/^Достигнут предел неоплаченных заказов: 5\. Оплатите один из них в разделе «Мои заказы».*\(Payme и Click — 90 минут, неподтверждённая оплата при получении — 48 часов\)/);
      const uz = await order(one(v), { key: 'cap-key-5', lang: 'uz' });
      expect(uz.json().error.message).toMatch(/^Toʻlanmagan buyurtmalar chegarasiga yetdingiz: 5 ta\..*\(Payme va Click — 90 daqiqa, tasdiqlanmagan qabul qilishda toʻlash — 48 soat\)/);
      expect(await stockOf(v.variant_id)).toBe(before - 5);
      expect(await orderCount()).toBe(5);

      // The same key as an order already placed is that order again, not a refusal.
      const replay = await order(one(v), { key: 'cap-key-2' });
      expect(replay.statusCode).toBe(200);
      expect(replay.json().order.number).toBe(placed[2]);

      // A cancelled order and a delivered one no longer count: two more may be placed, then no more.
      await t.app.services.orders.changeStatus(placed[0]!, 'cancelled');
      for (const status of ['confirmed', 'assembling', 'shipping', 'delivered'] as const) await t.app.services.orders.changeStatus(placed[1]!, status);
      expect((await order(one(v), { key: 'cap-key-5' })).statusCode).toBe(201);
      expect((await order(one(v), { key: 'cap-key-6' })).statusCode).toBe(201);
      expect((await order(one(v), { key: 'cap-key-7' })).json().error.code).toBe('TOO_MANY_OPEN_ORDERS');
      // Another shopper is not held back by this one.
      const other = await shopperToken('+998935551133');
      expect((await order(one(v), { who: other })).statusCode).toBe(201);
    });

    test('unpaid payme orders count; a paid card order does not', async () => {
      const v = await variantWith(30);
      for (let i = 0; i < 4; i++) expect((await order(one(v), { payment: { method: 'payme' } })).statusCode).toBe(201);
      // The fifth is a paid order: it leaves room for one more unpaid one.
      await t.database.db.execute(sql`update orders set payment_status = 'paid' where id = (select min(id) from orders)`);
      expect((await order(one(v), { payment: { method: 'click' } })).statusCode).toBe(201);
      expect((await order(one(v), { payment: { method: 'cash' } })).statusCode).toBe(201);
      const refused = await order(one(v), { payment: { method: 'payme' } });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.code).toBe('TOO_MANY_OPEN_ORDERS');
    });

    test('8 orders sent at once by one account: exactly 5 are placed, the rest are refused, stock goes only to those 5', async () => {
      const v = await variantWith(30);
      const before = await stockOf(v.variant_id);
      const results = await Promise.all(Array.from({ length: 8 }, (_, i) => order(one(v, 3), { key: `burst-${kind}-${i}` })));
      const statuses = results.map((r) => r.statusCode).sort();
      expect(statuses).toEqual([201, 201, 201, 201, 201, 409, 409, 409]);
      expect(results.filter((r) => r.statusCode === 409).every((r) => r.json().error.code === 'TOO_MANY_OPEN_ORDERS')).toBe(true);
      expect(await orderCount()).toBe(5);
      expect(await stockOf(v.variant_id)).toBe(before - 15);
    });

    test('8 copies of one request sent at once (one Idempotency-Key) place one order, and every copy answers it', async () => {
      const v = await variantWith(30);
      const before = await stockOf(v.variant_id);
      const results = await Promise.all(Array.from({ length: 8 }, () => order(one(v, 2), { key: `same-burst-${kind}` })));
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 200, 200, 201]);
      expect(new Set(results.map((r) => r.json().order.number)).size).toBe(1);
      expect(await orderCount()).toBe(1);
      expect(await stockOf(v.variant_id)).toBe(before - 2);
    });
  });

  describe('units of one variant per order (ORDER_LINE_MAX_QTY = 50)', () => {
    test('a line over the limit is a 422 naming the field, in the shopper’s language; nothing is taken', async () => {
      const v = await variantWith(40);
      const w = await variantWith(40);
      const before = await stockOf(v.variant_id);
      const over = await order(one(v, 51));
      expect(over.statusCode).toBe(422);
      expect(over.json().error).toEqual({
        code: 'QUANTITY_LIMIT',
        message: `At most 50 of one item per order: ${v.name}.`,
        fields: { 'items.0.quantity': 'More than one order may hold.' },
        max: 50,
      });
      // Two lines of one variant count together; the field is where that variant first appears.
      const split = await order([
        { product_id: w.product_id, variant_id: w.variant_id, quantity: 1 },
        { product_id: v.product_id, variant_id: v.variant_id, quantity: 30 },
        { product_id: v.product_id, variant_id: v.variant_id, quantity: 21 },
      ], { lang: 'ru' });
      expect(split.statusCode).toBe(422);
      expect(split.json().error.fields).toEqual({ 'items.1.quantity': 'Столько нельзя заказать в одном заказе.' });
      expect(split.json().error.message).toBe(`В одном заказе не больше 50 шт. одного товара: ${v.name_ru}.`);
      // The checkout's price quote says so before the order is placed.
      const quote = await t.app.inject({ method: 'POST', url: '/api/delivery/quote', headers: { 'x-lang': 'en' }, payload: { items: one(v, 51), delivery: courier } });
      expect(quote.statusCode).toBe(422);
      expect(quote.json().error.fields).toEqual({ 'items.0.quantity': 'More than one order may hold.' });
      expect(await stockOf(v.variant_id)).toBe(before);
      expect(await orderCount()).toBe(0);
      // Exactly the limit is fine.
      expect((await order(one(v, 50))).statusCode).toBe(201);
      expect(await stockOf(v.variant_id)).toBe(before - 50);
    });

    test('a legal entity may take up to ORDER_LINE_MAX_QTY_LEGAL (999 by default)', async () => {
      const v = await variantWith(100);
      const legal = await shopperToken('+998935550101', 'legal');
      const res = await order(one(v, 120), { who: legal });
      expect(res.statusCode).toBe(201);
      expect(res.json().order.items[0].quantity).toBe(120);
    });

    test('the cart never holds more than the limit: lowered like a line over stock, and each line says its most', async () => {
      const v = await variantWith(40);
      const saved = await t.app.inject({ method: 'POST', url: '/api/profile/cart', headers: bearer(shopper), payload: { cart_data: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: 80 }] } });
      expect(saved.statusCode).toBe(200);
      expect(saved.json()[0]).toMatchObject({ variant_id: v.variant_id, quantity: 50, max_quantity: 50, total_quanity: (await stockOf(v.variant_id)) });
      expect((await t.app.inject({ url: '/api/profile/cart', headers: bearer(shopper) })).json()[0].quantity).toBe(50);
      const checked = await t.app.inject({ method: 'POST', url: '/api/cart/check', payload: { cart_data: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: 80 }] } });
      expect(checked.json().data[0]).toMatchObject({ quantity: 50, max_quantity: 50 });
      expect(checked.json().changes).toEqual([{ product_id: v.product_id, variant_id: v.variant_id, change: 'quantity_capped' }]);
      // Below the limit the stock is the most.
      const scarce = await variantWith(2);
      const few = await t.app.inject({ method: 'POST', url: '/api/cart/check', payload: { cart_data: [{ product_id: scarce.product_id, variant_id: scarce.variant_id, quantity: 1 }] } });
      expect(few.json().data[0]).toMatchObject({ quantity: 1, max_quantity: await stockOf(scarce.variant_id) });
    });
  });
});
