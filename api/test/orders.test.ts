import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { cartItems, paymentCards } from '../src/db/schema/index.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';

const GOOD_CARD = { number: '8600 0691 9540 6311', expire: '03/99' };
const POOR_CARD = { number: '8600 0000 0000 0007', expire: '03/99' };

describe.each(DB_KINDS)('cards, delivery quote and orders (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let used = 0;
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

  /** A variant (of a single-variant product) no other test has touched, with at least `min` in stock. */
  async function freshVariant(min = 3) {
    const rows = await queryRows<{ product_id: number; variant_id: number; price: number; stock: number; slug: string; weight: number }>(
      t.database.db,
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
    Number((await queryRows<{ n: number }>(t.database.db, sql`select coalesce(sum(quantity), 0)::int as n from variant_stock where variant_id = ${variantId}`))[0]!.n);

  const post = (url: string, payload: object, headers: Record<string, string> = {}, who = token) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(who), ...headers } });

  async function addCard(card = GOOD_CARD, who = token): Promise<number> {
    const created = await post('/api/payments/card/create', card, {}, who);
    expect(created.statusCode).toBe(200);
    const id = created.json().card.id as number;
    expect((await post('/api/payments/card/confirm', { card_id: id, code: '666666' }, {}, who)).statusCode).toBe(200);
    return id;
  }

  const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12', flat: '45', entrance: '2', floor: '5', intercom: '45K' };
  const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };
  const order = (body: object, key: string, who = token, lang = 'en') => post('/api/orders/', body, { 'idempotency-key': key, 'x-lang': lang }, who);

  describe('cards', () => {
    test('a card is added with the code texted to its phone, then listed masked; the number is never stored', async () => {
      const created = await post('/api/payments/card/create', GOOD_CARD);
      expect(created.statusCode).toBe(200);
      expect(created.json()).toMatchObject({ card: { number: '860006******6311', expire: '03/99', verified: false }, phone: '99890*****31', wait: 60 });
      expect(JSON.stringify(created.json())).not.toContain('9540');
      expect((await t.app.inject({ url: '/api/payments/cards', headers: bearer(token) })).json().data).toEqual([]);
      const wrong = await post('/api/payments/card/confirm', { card_id: created.json().card.id, code: '123456' }, { 'x-lang': 'en' });
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json().error.code).toBe('CARD_CODE_INVALID');
      const ok = await post('/api/payments/card/confirm', { card_id: created.json().card.id, code: '666666' });
      expect(ok.json().card.verified).toBe(true);
      const list = (await t.app.inject({ url: '/api/payments/cards', headers: bearer(token) })).json().data;
      expect(list).toEqual([{ id: created.json().card.id, number: '860006******6311', expire: '03/99', type: 'Uzcard', verified: true }]);
      const stored = JSON.stringify(await t.database.db.select().from(paymentCards));
      expect(stored).not.toContain('8600069195406311');
      expect(stored).not.toContain('9195');
    });

    test('five wrong card codes drop the pending card: the right code after them adds nothing', async () => {
      const created = await post('/api/payments/card/create', GOOD_CARD);
      const id = created.json().card.id as number;
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/payments/card/confirm', { card_id: id, code: `12345${i}` })).json().error.code).toBe('CARD_CODE_INVALID');
      }
      const locked = await post('/api/payments/card/confirm', { card_id: id, code: '666666' }, { 'x-lang': 'en' });
      expect(locked.statusCode).toBe(409);
      expect(locked.json().error).toMatchObject({ code: 'CARD_CODE_LOCKED', message: 'The code was wrong 5 times. Add the card again.' });
      expect((await post('/api/payments/card/confirm', { card_id: id, code: '666666' })).statusCode).toBe(404);
      expect((await t.app.inject({ url: '/api/payments/cards', headers: bearer(token) })).json().data).toEqual([]);
    });

    test('bad Luhn, a past expiry and a wrong format are refused field by field', async () => {
      const luhn = await post('/api/payments/card/create', { number: '8600 0691 9540 6312', expire: '03/99' }, { 'x-lang': 'en' });
      expect(luhn.statusCode).toBe(422);
      expect(luhn.json().error.fields).toEqual({ number: 'Enter the full card number correctly (16 digits).' });
      const past = await post('/api/payments/card/create', { number: GOOD_CARD.number, expire: '10/26' }, { 'x-lang': 'en' });
      expect(past.json().error.fields).toEqual({ expire: 'This card has expired.' });
      const format = await post('/api/payments/card/create', { number: GOOD_CARD.number, expire: '13/30' }, { 'x-lang': 'en' });
      expect(format.json().error.fields).toEqual({ expire: 'Enter the expiry as MM/YY.' });
      const code = await post('/api/payments/card/confirm', { card_id: 1, code: '12' }, { 'x-lang': 'en' });
      expect(code.json().error.fields).toEqual({ code: 'The code has 6 digits.' });
    });

    test('nobody can see, confirm or remove another shopper’s card', async () => {
      const mine = await addCard();
      t.clock.advance(61);
      const other = await signIn(t, '+998911112233');
      expect((await t.app.inject({ url: '/api/payments/cards', headers: bearer(other) })).json().data).toEqual([]);
      expect((await post('/api/payments/card/confirm', { card_id: mine, code: '666666' }, {}, other)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/payments/cards/${mine}`, headers: bearer(other) })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'DELETE', url: `/api/payments/cards/${mine}`, headers: bearer(token) })).statusCode).toBe(200);
      expect((await t.app.inject({ url: '/api/payments/cards', headers: bearer(token) })).json().data).toEqual([]);
      expect((await t.app.inject({ url: '/api/payments/cards' })).statusCode).toBe(401);
    });
  });

  describe('delivery quote', () => {
    test('courier fee from the region tariff and weight, free above the threshold; express and pickup add nothing', async () => {
      const v = await freshVariant();
      const quote = async (delivery: object, quantity = 1) =>
        (await post('/api/delivery/quote', { items: [{ product_id: v.product_id, variant_id: v.variant_id, quantity }], delivery })).json();
      const tashkent = await quote(courier);
      expect(tashkent.data.items_total).toBe(v.price);
      const expected = v.price >= 1_000_000 ? 0 : 25_000 + Math.max(0, Math.ceil((v.weight - 5000) / 1000)) * 3000;
      expect(tashkent.data.delivery_fee).toBe(expected);
      expect(tashkent.data.total).toBe(v.price + expected);
      const many = await quote(courier, Math.ceil(1_000_000 / v.price) + 1);
      expect(many.data.delivery_fee).toBe(0);
      const nukus = await quote({ ...courier, region: 'karakalpakstan', city: 'nukus' });
      expect(nukus.data.delivery_fee).toBeGreaterThan(expected > 0 ? expected : -1);
      expect((await quote({ type: 'express', region: 'tashkent', address: 'Amir Temur 1' })).data.delivery_fee).toBe(0);
      expect((await quote({ type: 'pickup', store_id: 1 })).data.delivery_fee).toBe(0);
      const expressOutside = await post('/api/delivery/quote', { items: [{ product_id: v.product_id, quantity: 1 }], delivery: { type: 'express', region: 'samarkand', address: 'x' } }, { 'x-lang': 'en' });
      expect(expressOutside.statusCode).toBe(422);
      expect(expressOutside.json().error.fields).toEqual({ 'delivery.region': 'Express delivery is available in Tashkent only.' });
      expect((await post('/api/delivery/quote', { items: [{ product_id: v.product_id, quantity: 1 }], delivery: { type: 'pickup' } })).statusCode).toBe(422);
    });
  });

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

    test('a status change is recorded with its time and texted to the customer; cancelling gives the stock back', async () => {
      const v = await freshVariant();
      const o = (await order({ items: [{ product_id: v.product_id, quantity: 2 }], delivery: courier, receiver, payment: { method: 'cash' } }, 'status-0001', token, 'ru')).json().order;
      await t.app.services.orders.changeStatus(o.number, 'confirmed');
      t.clock.advance(3600);
      await t.app.services.orders.changeStatus(o.number, 'cancelled');
      const history = (await t.app.inject({ url: `/api/orders/${o.number}`, headers: bearer(token) })).json().order.statuses;
      expect(history.map((h: { status: string }) => h.status)).toEqual(['new', 'confirmed', 'cancelled']);
      expect(new Date(history[2].at).getTime() - new Date(history[1].at).getTime()).toBe(3600_000);
      expect(await stockOf(v.variant_id)).toBe(v.stock);
      expect(t.sms.sent.slice(-2).map((m) => m.text)).toEqual([
        `Bozor: статус вашего заказа ${o.number} — «Подтверждён». Спасибо!`,
        `Bozor: статус вашего заказа ${o.number} — «Отменён». Спасибо!`,
      ]);
      expect(t.sms.sent.at(-1)!.phone).toBe('+998901234567');
    });

    test('texts only the steps the shopper acts on: confirmed, on the way, ready for pickup, cancelled; the rest is in My orders', async () => {
      const textsAbout = (number: string) => t.sms.sent.filter((m) => m.text.includes(number)).map((m) => m.text);
      const v = await freshVariant(2);
      const byCourier = (await order({ items: [{ product_id: v.product_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'cash' } }, 'steps-courier')).json().order;
      for (const status of ['confirmed', 'assembling', 'shipping', 'delivered', 'completed'] as const) await t.app.services.orders.changeStatus(byCourier.number, status);
      expect(textsAbout(byCourier.number)).toEqual([
        `Bozor: your order ${byCourier.number} is now "Confirmed". Thank you!`,
        `Bozor: your order ${byCourier.number} is now "On the way". Thank you!`,
      ]);
      const atStore = (await order({ items: [{ product_id: v.product_id, quantity: 1 }], delivery: { type: 'pickup', store_id: 1 }, receiver, payment: { method: 'cash' } }, 'steps-pickup')).json().order;
      for (const status of ['confirmed', 'assembling', 'ready_for_pickup', 'picked_up', 'completed'] as const) await t.app.services.orders.changeStatus(atStore.number, status);
      expect(textsAbout(atStore.number)).toEqual([
        `Bozor: your order ${atStore.number} is now "Confirmed". Thank you!`,
        `Bozor: your order ${atStore.number} is now "Ready for pickup". Thank you!`,
      ]);
    });

    test('cancelling a paid card order returns the stock and refunds the receipt (the sandbox confirms at once), told in one text', async () => {
      const v = await freshVariant();
      const card = await addCard();
      const o = (await order({ items: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'card', card_id: card } }, 'sandbox-refund-1', token, 'uz')).json().order;
      expect(o).toMatchObject({ payment_status: 'paid', payment_status_label: 'Toʻlangan' });
      expect(await t.app.services.orders.changeStatus(o.number, 'cancelled')).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
      expect(await stockOf(v.variant_id)).toBe(v.stock);
      const mine = (await t.app.inject({ url: `/api/orders/${o.number}`, headers: { ...bearer(token), 'x-lang': 'uz' } })).json().order;
      expect(mine).toMatchObject({ status: 'cancelled', payment_status: 'refunded', payment_status_label: 'Pul qaytarildi' });
      expect(mine.statuses.map((h: { payment_status: string }) => h.payment_status)).toEqual(['pending', 'paid', 'refund_pending', 'refunded']);
      // cancelled and refunded at the same moment: one text says both, in the order's language, with the sum
      const sum = o.total.toLocaleString('en-US').replace(/,/g, ' ');
      const texts = () => t.sms.sent.filter((m) => m.text.includes(o.number));
      expect(texts()).toEqual([{ phone: '+998901234567', text: `Bozor: ${o.number} buyurtmasi bekor qilindi, ${sum} soʻm qaytarildi.` }]);
      t.clock.advance(3600);
      await t.app.services.orderPayments.reconcileOnce();
      expect(texts()).toHaveLength(1);
    });

    test("the sandbox's slow-bank card: the order is 'checking' with its stock held, then paid once the reconciler asks", async () => {
      const v = await freshVariant();
      const card = await addCard({ number: '8600 0000 0000 0015', expire: '03/99' });
      const placed = await order({ items: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'card', card_id: card } }, 'slow-bank-1');
      expect(placed.statusCode).toBe(202);
      expect(placed.json().order).toMatchObject({ status: 'new', payment_status: 'checking' });
      expect(await stockOf(v.variant_id)).toBe(v.stock - 1);
      t.clock.advance(t.config.reconcile.recheckS);
      await t.app.services.orderPayments.reconcileOnce();
      const settled = (await t.app.inject({ url: `/api/orders/${placed.json().order.number}`, headers: { ...bearer(token), 'x-lang': 'en' } })).json().order;
      expect(settled).toMatchObject({ status: 'new', payment_status: 'paid', payment_status_label: 'Paid' });
      expect(await stockOf(v.variant_id)).toBe(v.stock - 1);
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

const describeIfPg = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeIfPg('never oversold (PostgreSQL, real concurrency)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('postgres', { seed: true });
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  test('50 shoppers order the last 10 units at once: exactly 10 orders, stock 0', async () => {
    const [v] = await queryRows<{ product_id: number; variant_id: number }>(
      t.database.db,
      sql`select p.id as product_id, v.id as variant_id from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null order by p.id desc limit 1`,
    );
    await t.database.db.execute(sql`update variant_stock set quantity = case when store_id = 1 then 4 when store_id = 2 then 6 else 0 end where variant_id = ${v!.variant_id}`);
    const tokens: string[] = [];
    for (let i = 0; i < 50; i++) {
      tokens.push(await signIn(t, `+9989${String(3000000 + i).padStart(8, '0')}`));
      // Fifty sign-ins from one test IP would hit the per-IP cap, which is not what this test is about.
      await t.database.db.execute(sql`delete from rate_limits`);
    }
    const results = await Promise.all(
      tokens.map((tok, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/orders/',
          headers: { ...bearer(tok), 'idempotency-key': `race-${i}-abcdef` },
          payload: {
            items: [{ product_id: v!.product_id, variant_id: v!.variant_id, quantity: 1 }],
            delivery: { type: 'courier', region: 'tashkent', address: 'Navoiy 1' },
            receiver: { name: 'A', surname: 'B', phone: '+998901234567' },
            payment: { method: 'cash' },
          },
        }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(40);
    const [left] = await queryRows<{ n: number; min: number }>(t.database.db, sql`select sum(quantity)::int as n, min(quantity)::int as min from variant_stock where variant_id = ${v!.variant_id}`);
    expect(left).toEqual({ n: 0, min: 0 });
    const [orders] = await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from order_items where variant_id = ${v!.variant_id}`);
    expect(orders!.n).toBe(10);
  }, 60_000);
});
