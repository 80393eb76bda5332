/**
 * Placing an order: prices from the server, stock taken (never more than there is), the Idempotency-Key,
 * cash and card payments, the cart cleared, the address named in the shopper's language, nobody reading
 * another's order, and field errors for bad orders. Cards and the delivery quote: orders-cards.test.ts;
 * statuses, texts and refunds: orders-status.test.ts; no overselling under concurrency: orders-oversell.test.ts.
 */
import { cartItems } from '../src/db/schema/index.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { POOR_CARD, GOOD_CARD, courier, receiver, shopOrders } from './support/shop-orders.js';

describe.each(DB_KINDS)('cards, delivery quote and orders (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true });
  }, 120_000);
  beforeEach(async () => {
    await t.reset();
    token = await signIn(t);
  });
  afterAll(async () => {
    await t.close();
  });
  const { freshVariant, stockOf, post, addCard, order } = shopOrders(() => t, () => token);

  describe('orders', () => {
    test('cash on pickup: prices come from the server, stock goes down, the order shows in the account', async () => {
      const v = await freshVariant();
      const before = await stockOf(v.variant_id);
      const res = await order(
        { items: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: 2, price: 1, name: 'cheap' }], delivery: { type: 'pickup', store_id: 2 }, receiver, payment: { method: 'cash' } },
        'order-key-0001',
      );
      expect(res.statusCode).toBe(201);
      const o = res.json().order;
      expect(o.number).toMatch(/^BZ-\d{6}$/);
      expect(o).toMatchObject({ status: 'new', payment_status: 'pending', payment_method: 'cash', items_total: v.price * 2, delivery_fee: 0, total: v.price * 2 });
      expect(o.delivery.store.slug).toBe('yunusobod');
      expect(o.receiver).toEqual({ name: 'Dilnoza', surname: 'Karimova', phone: '+998901234567' });
      expect(o.items[0]).toMatchObject({ product_id: v.product_id, price: v.price, quantity: 2 });
      expect(o.items[0].mxit).toMatch(/^\d{17}$/);
      expect(await stockOf(v.variant_id)).toBe(before - 2);
      const product = await t.app.inject({ url: `/backend/api/ext/v1/resources/product/${v.slug}` });
      expect(product.json().product.total_quanity).toBe(before - 2);

      const mine = await t.app.inject({ url: `/api/orders/${o.number}`, headers: bearer(token) });
      expect(mine.statusCode).toBe(200);
      expect(mine.json().order.statuses).toEqual([expect.objectContaining({ status: 'new', payment_status: 'pending' })]);
      const list = await t.app.inject({ url: '/api/orders', headers: bearer(token) });
      expect(list.json().data.map((x: { number: string }) => x.number)).toEqual([o.number]);
      // the shopper sees it placed on the page and in My orders: no text for that
      expect(t.sms.sent.filter((m) => m.text.includes(o.number))).toEqual([]);
    });

    test('the same Idempotency-Key returns the same order once; with another body it is a 409', async () => {
      const v = await freshVariant();
      const body = { items: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'cash' } };
      const first = await order(body, 'same-key-123');
      const second = await order(body, 'same-key-123');
      expect(first.statusCode).toBe(201);
      expect(second.statusCode).toBe(200);
      expect(second.json().order.number).toBe(first.json().order.number);
      expect(await stockOf(v.variant_id)).toBe(v.stock - 1);
      const other = await order({ ...body, items: [{ ...body.items[0], quantity: 2 }] }, 'same-key-123');
      expect(other.statusCode).toBe(409);
      expect(other.json().error.code).toBe('IDEMPOTENCY_CONFLICT');
      expect((await post('/api/orders/', body)).statusCode).toBe(400);
    });

    test('more than is in stock is refused with 409 and takes nothing', async () => {
      const v = await freshVariant();
      const res = await order({ items: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: v.stock + 1 }], delivery: courier, receiver, payment: { method: 'cash' } }, 'too-many-1');
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe('OUT_OF_STOCK');
      expect(res.json().error.message).toContain(`(${v.stock})`);
      expect(await stockOf(v.variant_id)).toBe(v.stock);
    });

    test('a card order is paid; a declined card gives the stock back and says the card was not charged', async () => {
      const v = await freshVariant();
      const good = await addCard();
      const paid = await order({ items: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'card', card_id: good } }, 'card-ok-0001');
      expect(paid.statusCode).toBe(201);
      expect(paid.json().order).toMatchObject({ payment_method: 'card', payment_status: 'paid' });

      const poor = await addCard(POOR_CARD);
      const before = await stockOf(v.variant_id);
      const declined = await order({ items: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'card', card_id: poor } }, 'card-poor-001');
      expect(declined.statusCode).toBe(402);
      // it names the order it leaves cancelled in My orders
      expect(declined.json().error).toEqual({ code: 'INSUFFICIENT_FUNDS', message: 'Insufficient funds on the card. The card was not charged.', order_number: expect.stringMatching(/^BZ-\d+$/) });
      expect(await stockOf(v.variant_id)).toBe(before);
      const replay = await order({ items: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'card', card_id: poor } }, 'card-poor-001');
      expect(replay.statusCode).toBe(402);
      expect(replay.json().error.order_number).toBe(declined.json().error.order_number);
      expect(await stockOf(v.variant_id)).toBe(before);
      // the order's page says the bank declined it (nothing charged); the paid one was not declined
      const mine = (await t.app.inject({ url: '/api/orders?page=1&per_page=50', headers: bearer(token) })).json().data as { number: string; payment_status: string }[];
      const failed = mine.find((o) => o.payment_status === 'failed')!;
      const detail = async (number: string) => (await t.app.inject({ url: `/api/orders/${number}`, headers: bearer(token) })).json().order;
      expect(await detail(failed.number)).toMatchObject({ payment_status: 'failed', payment_declined: true });
      expect(await detail(paid.json().order.number)).toMatchObject({ payment_status: 'paid', payment_declined: false });
    });

    test('a card that is not the shopper’s own cannot pay', async () => {
      t.clock.advance(61);
      const other = await signIn(t, '+998911112233');
      const theirs = await addCard(GOOD_CARD, other);
      const v = await freshVariant();
      const res = await order({ items: [{ product_id: v.product_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'card', card_id: theirs } }, 'steal-card-1');
      expect(res.statusCode).toBe(422);
      expect(res.json().error.fields).toHaveProperty(['payment.card_id']);
    });

    test('success clears the server cart; Buy in 1 click leaves it as it was', async () => {
      const v = await freshVariant();
      const w = await freshVariant();
      const me = (await t.app.inject({ url: '/api/auth/user', headers: bearer(token) })).json().user.id as number;
      await t.database.db.insert(cartItems).values({ customerId: me, productId: w.product_id, variantId: w.variant_id, quantity: 1 });
      const oneClick = await order({ items: [{ product_id: v.product_id, quantity: 1 }], one_click: true, delivery: courier, receiver, payment: { method: 'cash' } }, 'one-click-01');
      expect(oneClick.statusCode).toBe(201);
      expect(await t.database.db.select().from(cartItems)).toHaveLength(1);
      const fromCart = await order({ items: [{ product_id: w.product_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'cash' } }, 'from-cart-01');
      expect(fromCart.statusCode).toBe(201);
      expect(await t.database.db.select().from(cartItems)).toHaveLength(0);
    });

    test("an order's address names its region and city in the request's language, in the list too", async () => {
      const v = await freshVariant();
      const o = (await order({ items: [{ product_id: v.product_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'cash' } }, 'address-0001')).json().order;
      const asRu = await t.app.inject({ url: `/api/orders/${o.number}`, headers: { ...bearer(token), 'x-lang': 'ru' } });
      expect(asRu.json().order.delivery.address).toMatchObject({ region: 'tashkent', region_name: 'г. Ташкент', city: 'chilanzar', city_name: 'Чиланзар', address: 'Bunyodkor 12' });
      const asUz = await t.app.inject({ url: '/api/orders?page=1', headers: { ...bearer(token), 'x-lang': 'uz' } });
      expect(asUz.json().data[0].delivery.address).toMatchObject({ region_name: 'Toshkent shahri', city_name: 'Chilonzor' });
    });

    test('nobody reads another shopper’s order; the catalogue API’s customer orders answer the owner only', async () => {
      const v = await freshVariant();
      const o = (await order({ items: [{ product_id: v.product_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'cash' } }, 'private-0001')).json().order;
      const me = (await t.app.inject({ url: '/api/auth/user', headers: bearer(token) })).json().user.id as number;
      t.clock.advance(61);
      const other = await signIn(t, '+998911112233');
      expect((await t.app.inject({ url: `/api/orders/${o.number}`, headers: bearer(other) })).statusCode).toBe(404);
      expect((await t.app.inject({ url: `/api/orders/${o.id}`, headers: bearer(other) })).statusCode).toBe(404);
      const base = `/backend/api/ext/v1/customers/${me}/orders`;
      expect((await t.app.inject({ url: base, headers: bearer(other) })).statusCode).toBe(403);
      expect((await t.app.inject({ url: base })).statusCode).toBe(401);
      const own = await t.app.inject({ url: `${base}?page=1`, headers: bearer(token) });
      expect(own.json().data[0].number).toBe(o.number);
      const details = await t.app.inject({ url: `${base}/${o.number}/details?resources[]=statuses`, headers: { ...bearer(token), 'x-lang': 'ru' } });
      expect(details.json().data.statuses[0]).toMatchObject({ status: 'new', label: 'Принят' });
    });

    test('bad orders get field errors, never a 500', async () => {
      const v = await freshVariant();
      const base = { items: [{ product_id: v.product_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'cash' } };
      const cases: Array<[object, string]> = [
        [{ ...base, items: [] }, 'items'],
        [{ ...base, items: [{ product_id: 99999999, quantity: 1 }] }, 'items.99999999:*'],
        [{ ...base, items: [{ product_id: v.product_id, quantity: 0 }] }, 'items.0.quantity'],
        [{ ...base, receiver: { ...receiver, phone: '123' } }, 'receiver.phone'],
        [{ ...base, delivery: { ...courier, address: '' } }, 'delivery.address'],
        [{ ...base, delivery: { ...courier, region: 'mars' } }, 'delivery.region'],
        [{ ...base, payment: { method: 'card' } }, 'payment.card_id'],
      ];
      for (const [body, field] of cases) {
        const res = await order(body, `bad-${field.replace(/[^\w]/g, '')}-x`);
        expect(res.statusCode).toBe(422);
        expect(Object.keys(res.json().error.fields)).toContain(field);
      }
    });
  });
});
