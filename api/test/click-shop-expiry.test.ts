/**
 * Click's Complete when the rest of the shop gets in its way: a fiscal receipt call that hangs or a receipt
 * step that fails after the payment, and the expiry of unpaid orders racing Prepare and Complete.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { createClickShop } from '../src/modules/checkout-payments/click-shop.js';
import { createOrderRecords } from '../src/modules/orders/order-records.service.js';
import { DB_KINDS, type TestApp } from './helpers.js';
import { checkoutKit } from './checkout-helpers.js';
import { type FakeClickApi, clickCalls, closeClickShop, nextClickTest, openClickShop } from './support/click-shop.js';

describe.each(DB_KINDS)('Click SHOP API (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let kit: ReturnType<typeof checkoutKit>;
  let ofd: FakeClickApi;
  let trans = 1000;
  const { form, call, prepared } = clickCalls(() => t, () => kit, { now: () => trans, next: () => trans++ });

  beforeAll(async () => {
    ({ t, ofd } = await openClickShop(kind));
    kit = checkoutKit(t, () => token);
  }, 120_000);
  beforeEach(async () => {
    token = await nextClickTest(t, ofd);
  });
  afterAll(async () => {
    await closeClickShop(t, ofd);
  });

  test('Complete answers Click in time even while the fiscal receipt call hangs; the receipt still goes', async () => {
    const { order, prepareId } = await prepared();
    ofd.held.on = true;
    const started = Date.now();
    const done = await Promise.race([
      call('complete', form(order, '1', { merchant_prepare_id: prepareId })),
      new Promise<'no answer'>((resolve) => setTimeout(() => resolve('no answer'), 6000)),
    ]);
    ofd.release();
    expect(done).toMatchObject({ error: 0, merchant_confirm_id: Number(prepareId) });
    expect(Date.now() - started).toBeLessThan(5000);
    expect(await kit.view(order.number)).toMatchObject({ payment_status: 'paid' });
    await t.app.services.checkout.click.idle();
    expect(ofd.calls).toHaveLength(1);
    const [row] = await queryRows<{ fiscal: { OFD?: { error_code?: number } } | null }>(
      t.database.db,
      sql`select t.fiscal from checkout_transactions t join orders o on o.id = t.order_id where o.number = ${order.number}`,
    );
    expect(row!.fiscal?.OFD).toEqual({ error_code: 0, error_note: 'Success' });
  }, 20_000);

  /** Click's callbacks served by the shop's own code, with the orders module or the receipt step swapped. */
  function clickShopWith(overrides: Partial<Parameters<typeof createClickShop>[0]>) {
    return createClickShop({
      db: t.database.db,
      clock: t.clock,
      settlement: t.app.services.checkout.settlement,
      orders: createOrderRecords({ db: t.database.db }),
      settings: t.app.config.checkout.click,
      log: t.app.log,
      ...overrides,
    });
  }

  test('a receipt step that fails after the payment is performed does not turn Complete into an error', async () => {
    const { order, prepareId } = await prepared();
    const shop = clickShopWith({ onPaid: () => Promise.reject(new Error('database went away')) });
    expect(await shop.complete(form(order, '1', { merchant_prepare_id: prepareId }))).toMatchObject({ error: 0, merchant_confirm_id: Number(prepareId) });
    expect(await kit.view(order.number)).toMatchObject({ payment_status: 'paid' });
  });

  test('an order that expires while Prepare runs is refused (-9), so Click takes no money for it', async () => {
    trans++;
    const v = await kit.freshVariant();
    const order = await kit.place('click', v);
    const records = createOrderRecords({ db: t.database.db });
    // The expiry sweep gets in between Prepare's read of the order and its insert of the payment.
    const shop = clickShopWith({
      orders: {
        find: async (tid) => {
          const found = await records.find(tid);
          if (found?.paymentStatus === 'pending') await t.app.services.checkout.settlement.expire(found);
          return found;
        },
      },
    });
    const p = await shop.prepare(form(order, '0'));
    expect(p).toMatchObject({ error: -9 });
    expect(p.merchant_prepare_id).toBeUndefined();
    expect(await kit.view(order.number)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock);
    // Click repeats it through the real route: still refused.
    expect((await call('prepare', form(order, '0'))).error).toBe(-9);
  });

  test('an expiry that looked before Prepare and acts after it leaves the order: the Complete pays it', async () => {
    trans++;
    const v = await kit.freshVariant();
    const order = await kit.place('click', v);
    // the sweep read the order as due (no payment of it yet)…
    const seen = await createOrderRecords({ db: t.database.db }).find(order.number);
    // …Click prepares it…
    const p = await call('prepare', form(order, '0'));
    expect(p.error).toBe(0);
    // …and the sweep's expiry comes after: it finds the payment under the order's lock and changes nothing
    expect(await t.app.services.checkout.settlement.expire(seen!)).toBeUndefined();
    expect(await kit.view(order.number)).toMatchObject({ status: 'new', payment_status: 'pending' });
    expect((await call('complete', form(order, '1', { merchant_prepare_id: String(p.merchant_prepare_id) }))).error).toBe(0);
    expect(await kit.view(order.number)).toMatchObject({ status: 'new', payment_status: 'paid' });
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock - 1);
  });

  test('a Complete for an order that stopped waiting is -9 and the payment is cancelled, so a repeated Prepare is -9 too', async () => {
    const { order, prepareId } = await prepared();
    // The order went away behind the payment's back (the race above, one step later).
    await t.database.db.execute(sql`update orders set status = 'cancelled', payment_status = 'failed' where number = ${order.number}`);
    expect((await call('complete', form(order, '1', { merchant_prepare_id: prepareId }))).error).toBe(-9);
    const [row] = await queryRows<{ state: number; reason: number | null }>(
      t.database.db,
      sql`select t.state, t.reason from checkout_transactions t join orders o on o.id = t.order_id where o.number = ${order.number}`,
    );
    expect(row).toEqual({ state: -1, reason: -9 });
    expect((await call('prepare', form(order, '0'))).error).toBe(-9);
    expect(kit.texts(order.number)).toEqual([]);
  });

  test('a Complete after the order expired (its payment cancelled by the sweep) is -9 and pays nothing', async () => {
    const { order, prepareId } = await prepared();
    t.clock.advance(3600 * 3);
    expect(await t.app.services.checkout.expiry.sweepOnce()).toBe(1);
    expect((await call('complete', form(order, '1', { merchant_prepare_id: prepareId }))).error).toBe(-9);
    expect(await kit.view(order.number)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(kit.texts(order.number)).toEqual([]);
  });

  test('Complete with an `error` that is not an integer is -8 and pays nothing (the field is not signed)', async () => {
    const { order, prepareId } = await prepared();
    for (const error of ['abc', '-', '0.5', ' -5017']) {
      expect([error, (await call('complete', form(order, '1', { merchant_prepare_id: prepareId, error }))).error]).toEqual([error, -8]);
    }
    expect(await kit.view(order.number)).toMatchObject({ status: 'new', payment_status: 'pending' });
  });

  test('an amount with more zero decimals than tiyin ("1500000.000") is the same sum; a fraction of a tiyin is not', async () => {
    trans++;
    const order = await kit.place('click', await kit.freshVariant());
    expect((await call('prepare', form(order, '0', { amount: `${order.total}.001` }))).error).toBe(-2);
    const p = await call('prepare', form(order, '0', { amount: `${order.total}.000` }));
    expect(p.error).toBe(0);
    expect((await call('complete', form(order, '1', { amount: `${order.total}.0`, merchant_prepare_id: String(p.merchant_prepare_id) }))).error).toBe(0);
  });

  test('an unpaid order gives its stock back after CHECKOUT_PAYMENT_TTL_S; a payment under way keeps it', async () => {
    const v = await kit.freshVariant();
    const unpaid = await kit.place('payme', v);
    const { v: w, order: preparedOrder } = await prepared();
    t.clock.advance(1799);
    expect(await t.app.services.checkout.expiry.sweepOnce()).toBe(0);
    t.clock.advance(2);
    expect(await t.app.services.checkout.expiry.sweepOnce()).toBe(1);
    expect(await kit.view(unpaid.number)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock);
    // The prepared Click payment may still complete: its order waits for it (an hour after Prepare).
    expect((await kit.view(preparedOrder.number)).payment_status).toBe('pending');
    expect(await kit.stockOf(w.variant_id)).toBe(w.stock - 1);
    t.clock.advance(3600);
    expect(await t.app.services.checkout.expiry.sweepOnce()).toBe(1);
    expect(await kit.stockOf(w.variant_id)).toBe(w.stock);
    expect(await t.app.services.checkout.expiry.sweepOnce()).toBe(0);
  });
});
