/**
 * An order after it is placed: each status change recorded with its time, the steps a shopper acts on
 * texted, a cancel giving the stock back, a paid card order refunded (the sandbox confirms at once) in one
 * text, and the sandbox's slow-bank card settled by the reconciler.
 */
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { courier, receiver, shopOrders } from './support/shop-orders.js';

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
  const { freshVariant, stockOf, addCard, order } = shopOrders(() => t, () => token);

  describe('orders', () => {
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
  });
});
