/**
 * Before an order: a shopper's saved cards (added with the code texted to the card's phone, listed masked,
 * the number never stored, nobody else's) and the delivery quote (the region's tariff and the weight, free
 * above the threshold). Placing orders: orders.test.ts; what follows them: orders-status.test.ts.
 */
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { paymentCards } from '../src/db/schema/index.js';
import { GOOD_CARD, courier, shopOrders } from './support/shop-orders.js';

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
  const { freshVariant, post, addCard } = shopOrders(() => t, () => token);

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
});
