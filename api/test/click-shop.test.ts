/**
 * Click's SHOP API callbacks as Click sends them (form-encoded, MD5-signed), Click's fiscal receipt, and the
 * expiry of unpaid orders, on a live configuration (the sandbox pages: checkout-sandbox.test.ts).
 */
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { clickSign, createClickShop } from '../src/modules/checkout-payments/click-shop.js';
import { clickReceiptOf } from '../src/modules/checkout-payments/fiscal-receipt.js';
import { createMarkingService } from '../src/modules/orders/marking.js';
import { createOrderRecords } from '../src/modules/orders/order-records.service.js';
import { DB_KINDS, type TestApp, createTestApp, signIn } from './helpers.js';
import { CLICK, LIVE_CHECKOUT, checkoutKit } from './checkout-helpers.js';

/** Click's fiscal API: records what it was sent; with `held.on`, answers only when the test releases it. */
async function startFakeClickApi() {
  const calls: Array<{ url: string; auth: string | undefined; body: Record<string, unknown> }> = [];
  const held: { on: boolean; waiting: Array<() => void> } = { on: false, waiting: [] };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      calls.push({ url: req.url ?? '', auth: req.headers.auth as string | undefined, body: JSON.parse(raw) as Record<string, unknown> });
      const send = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ error_code: 0, error_note: 'Success' }));
      if (held.on) held.waiting.push(send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/merchant`,
    calls,
    held,
    release: () => held.waiting.splice(0).forEach((send) => send()),
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

describe.each(DB_KINDS)('Click SHOP API (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let kit: ReturnType<typeof checkoutKit>;
  let ofd: Awaited<ReturnType<typeof startFakeClickApi>>;
  let trans = 1000;

  beforeAll(async () => {
    ofd = await startFakeClickApi();
    t = await createTestApp(kind, {
      seed: true,
      env: { ...LIVE_CHECKOUT, CLICK_API_URL: ofd.url, CLICK_FISCAL_TIN: '123456789', CHECKOUT_PAYMENT_TTL_S: '1800', FISCAL_DELIVERY_MXIK: '10112006002000000', FISCAL_DELIVERY_PACKAGE_CODE: '1545617' },
    });
    kit = checkoutKit(t, () => token);
  }, 120_000);
  beforeEach(async () => {
    ofd.held.on = false;
    ofd.release();
    await t.app.services.checkout.click.idle();
    await t.reset();
    token = await signIn(t);
    ofd.calls.length = 0;
  });
  afterAll(async () => {
    ofd.release();
    await t.app.services.checkout.click.idle();
    await t.close();
    await ofd.close();
  });

  const signTime = () => t.clock.now().toISOString().slice(0, 19).replace('T', ' ');
  function form(order: { number: string; total: number }, action: '0' | '1', extra: Record<string, string> = {}) {
    const f: Record<string, string> = {
      click_trans_id: String(trans),
      service_id: CLICK.CLICK_SERVICE_ID,
      click_paydoc_id: String(trans + 5_000_000),
      merchant_trans_id: order.number,
      amount: `${order.total}.00`,
      action,
      error: '0',
      error_note: 'Success',
      sign_time: signTime(),
      ...extra,
    };
    return { ...f, sign_string: clickSign(f, CLICK.CLICK_SECRET_KEY, action === '1') };
  }
  async function call(action: 'prepare' | 'complete', f: Record<string, string>) {
    const res = await t.app.inject({ method: 'POST', url: `/api/payments/click/${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(f).toString() });
    expect(res.statusCode).toBe(200);
    return res.json() as { error: number; error_note: string; merchant_prepare_id?: number; merchant_confirm_id?: number };
  }
  async function prepared() {
    trans++;
    const v = await kit.freshVariant();
    const order = await kit.place('click', v);
    const p = await call('prepare', form(order, '0'));
    expect(p.error).toBe(0);
    return { v, order, prepareId: String(p.merchant_prepare_id) };
  }

  test("a click order answers pay_url to Click's page, naming the order by its number", async () => {
    const order = await kit.place('click', await kit.freshVariant());
    const url = new URL(order.pay_url!);
    expect(`${url.origin}${url.pathname}`).toBe('https://my.click.uz/services/pay');
    expect(url.searchParams.get('transaction_param')).toBe(order.number);
  });

  test('Prepare and Complete name the order by its number as the pay link does, not by its row id or in another case', async () => {
    const { order, prepareId } = await prepared();
    const { id: rowId } = (await kit.view(order.number)) as { id: number };
    for (const ref of [String(rowId), order.number.toLowerCase(), ` ${order.number}`]) {
      expect(await call('prepare', form({ ...order, number: ref }, '0'))).toMatchObject({ error: -5, merchant_trans_id: ref });
    }
    for (const ref of [String(rowId), order.number.toLowerCase()]) {
      expect((await call('complete', form({ ...order, number: ref }, '1', { merchant_prepare_id: prepareId }))).error).toBe(-5);
    }
    expect((await kit.view(order.number)).payment_status).toBe('pending');
    expect((await call('complete', form(order, '1', { merchant_prepare_id: prepareId }))).error).toBe(0);
  });

  test('Prepare then Complete pays the order once, texts the shopper, and submits the fiscal receipt to Click', async () => {
    const { order, prepareId } = await prepared();
    // Prepare again with the same click_trans_id: the same answer.
    expect(await call('prepare', form(order, '0'))).toMatchObject({ error: 0, merchant_prepare_id: Number(prepareId) });
    const done = await call('complete', form(order, '1', { merchant_prepare_id: prepareId }));
    expect(done).toMatchObject({ error: 0, error_note: 'Success', merchant_confirm_id: Number(prepareId), merchant_trans_id: order.number });
    expect(await kit.view(order.number)).toMatchObject({ status: 'new', payment_status: 'paid' });
    expect(kit.texts(order.number)).toEqual([`Bozor: your order ${order.number} is now "Received". Thank you!`]);
    // Repeats: Complete is -4 "Already paid" (Click's documented answer), Prepare too; nothing more happens.
    expect((await call('complete', form(order, '1', { merchant_prepare_id: prepareId }))).error).toBe(-4);
    expect((await call('prepare', form(order, '0'))).error).toBe(-4);
    expect(kit.texts(order.number)).toHaveLength(1);
    // the audit log says Click paid it, once
    expect(await kit.audit(order.number)).toEqual([
      {
        actor: { kind: 'provider', name: 'click' },
        action: 'order.payment',
        before: { status: 'new', payment_status: 'pending' },
        after: { status: 'new', payment_status: 'paid', transaction: String(trans), _provider: 'click' },
      },
    ]);

    expect(ofd.calls).toHaveLength(1);
    const [sent] = ofd.calls;
    expect(sent!.url).toBe('/v2/merchant/payment/ofd_data/submit_items');
    expect(sent!.auth).toMatch(/^333:[0-9a-f]{40}:\d{10}$/);
    const item = (await kit.view(order.number)).items[0];
    // the goods' line (and the delivery's, when the courier cost a fee: the test below); all that was paid
    expect(sent!.body).toMatchObject({ service_id: 777, payment_id: trans + 5_000_000, received_card: order.total * 100 });
    expect((sent!.body.items as unknown[])[0]).toMatchObject({
      SPIC: item.mxit,
      PackageCode: item.mxit_unit,
      GoodPrice: item.price * 100,
      Price: item.price * 100,
      Amount: 1,
      VATPercent: 12,
      VAT: Math.round((item.price * 100 * 12) / 112),
      CommissionInfo: { TIN: '123456789' },
    });
    expect(sent!.body.items).toHaveLength(order.delivery_fee > 0 ? 2 : 1);
  });

  test('a paid delivery fee is a line of the fiscal receipt, and the receipt counts all that was paid', async () => {
    trans++;
    // the cheapest product: under the free-delivery threshold, so the courier costs a fee
    const [cheap] = await queryRows<{ product_id: number; variant_id: number }>(
      t.database.db,
      sql`select p.id as product_id, v.id as variant_id from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null and (select sum(quantity) from variant_stock s where s.variant_id = v.id) >= 3
          order by v.price_individual limit 1`,
    );
    const order = await kit.place('click', cheap!);
    expect(order.delivery_fee).toBeGreaterThan(0);
    const p = await call('prepare', form(order, '0'));
    expect((await call('complete', form(order, '1', { merchant_prepare_id: String(p.merchant_prepare_id) }))).error).toBe(0);
    await t.app.services.checkout.click.idle();

    expect(ofd.calls).toHaveLength(1);
    const body = ofd.calls[0]!.body as { received_card: number; items: Array<Record<string, unknown>> };
    const fee = order.delivery_fee * 100;
    expect(body.items).toHaveLength(2);
    expect(body.items[1]).toEqual({
      Name: 'Yetkazib berish',
      SPIC: '10112006002000000',
      PackageCode: '1545617',
      GoodPrice: fee,
      Price: fee,
      Amount: 1,
      VAT: Math.round((fee * 12) / 112),
      VATPercent: 12,
      CommissionInfo: { TIN: '123456789' },
    });
    // what Click took from the card, to the tiyin: goods and delivery
    expect(body.received_card).toBe(order.total * 100);
    expect(body.items.reduce((sum, i) => sum + (i.Price as number), 0)).toBe(order.total * 100);
  });

  // Prepare and Complete against each state of the payment: none, prepared, completed, cancelled.
  const cases: Array<[string, 'none' | 'prepared' | 'completed' | 'cancelled', number]> = [
    ['complete', 'none', -6],
    ['complete', 'prepared', 0],
    ['complete', 'completed', -4],
    ['complete', 'cancelled', -9],
    ['prepare', 'prepared', 0],
    ['prepare', 'completed', -4],
    ['prepare', 'cancelled', -9],
  ];
  test.each(cases)('%s on a %s payment answers %p', async (action, state, code) => {
    const { order, prepareId } = await prepared();
    const id = state === 'none' ? '999999' : prepareId;
    if (state === 'completed') expect((await call('complete', form(order, '1', { merchant_prepare_id: id }))).error).toBe(0);
    if (state === 'cancelled') expect((await call('complete', form(order, '1', { merchant_prepare_id: id, error: '-5017', error_note: 'Insufficient funds' }))).error).toBe(-9);
    const answer = action === 'prepare' ? await call('prepare', form(order, '0')) : await call('complete', form(order, '1', { merchant_prepare_id: id }));
    expect(answer.error).toBe(code);
  });

  test('a payment Click could not take (error < 0) cancels the order and gives the stock back', async () => {
    const { v, order, prepareId } = await prepared();
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock - 1);
    expect((await call('complete', form(order, '1', { merchant_prepare_id: prepareId, error: '-5017', error_note: 'Insufficient funds' }))).error).toBe(-9);
    expect(await kit.view(order.number)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock);
    expect(await kit.audit(order.number)).toEqual([
      {
        actor: { kind: 'provider', name: 'click' },
        action: 'order.payment',
        before: { status: 'new', payment_status: 'pending' },
        after: { status: 'cancelled', payment_status: 'failed', transaction: String(trans), reason: -5017, _provider: 'click' },
      },
    ]);
  });

  test('a wrong signature is -1 and changes nothing; a wrong amount -2; an unknown order -5; missing fields -8; wrong action -3', async () => {
    trans++;
    const order = await kit.place('click', await kit.freshVariant());
    const good = form(order, '0');
    expect((await call('prepare', { ...good, sign_string: '0'.repeat(32) })).error).toBe(-1);
    expect((await call('prepare', { ...good, amount: `${order.total + 1}.00` })).error).toBe(-1);
    expect((await kit.view(order.number)).payment_status).toBe('pending');
    expect((await call('prepare', form(order, '0', { amount: `${order.total + 1}.00` }))).error).toBe(-2);
    expect((await call('prepare', form({ ...order, number: 'BZ-999999999' }, '0'))).error).toBe(-5);
    const { sign_string: _dropped, ...unsigned } = good;
    expect((await call('prepare', unsigned)).error).toBe(-8);
    expect((await call('prepare', form(order, '1', { merchant_prepare_id: '1' }))).error).toBe(-3);
    const p = await call('prepare', good);
    expect(p.error).toBe(0);
    expect((await call('complete', { ...form(order, '1', { merchant_prepare_id: String(p.merchant_prepare_id) }), sign_string: 'f'.repeat(32) })).error).toBe(-1);
    expect((await call('complete', form(order, '1', { merchant_prepare_id: String(p.merchant_prepare_id), amount: '1.00' }))).error).toBe(-2);
    expect((await kit.view(order.number)).payment_status).toBe('pending');
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

describe('marking codes on an order line (pglite)', () => {
  let t: TestApp;
  let token: string;
  let ofd: Awaited<ReturnType<typeof startFakeClickApi>>;
  const CODE = '04780069000130aB!"%&1';

  beforeAll(async () => {
    ofd = await startFakeClickApi();
    t = await createTestApp('pglite', { seed: true, env: { PAYMENT_PROVIDER: 'none', ...CLICK, CLICK_API_URL: ofd.url, CLICK_FISCAL_TIN: '12345678901234' } });
    token = await signIn(t);
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await ofd.close();
  });

  test('staff set a marked line’s codes; bad ones are refused; the codes go on Click’s fiscal receipt', async () => {
    const kit = checkoutKit(t, () => token);
    const v = await kit.freshVariant();
    await t.database.db.execute(sql`update products set marked = true where id = ${v.product_id}`);
    const order = await kit.place('click', v);
    const [line] = await queryRows<{ id: number }>(t.database.db, sql`select oi.id from order_items oi join orders o on o.id = oi.order_id where o.number = ${order.number}`);
    const marking = createMarkingService({ db: t.database.db, receiptState: clickReceiptOf });
    await expect(marking.setLabels(order.number, line!.id, ['0478006900013'])).rejects.toMatchObject({ code: 'VALIDATION_FAILED', status: 422 });
    await expect(marking.setLabels(order.number, line!.id, [CODE, CODE])).rejects.toMatchObject({ status: 422 });
    await expect(marking.setLabels(order.number, 999_999, [CODE])).rejects.toMatchObject({ status: 404 });
    expect((await marking.setLabels(order.number, line!.id, [CODE])).labels).toEqual([CODE]);

    const sign = (f: Record<string, string>, complete: boolean) => ({ ...f, sign_string: clickSign(f, CLICK.CLICK_SECRET_KEY, complete) });
    const base = { click_trans_id: '1', service_id: CLICK.CLICK_SERVICE_ID, click_paydoc_id: '77', merchant_trans_id: order.number, amount: `${order.total}.00`, error: '0', error_note: 'Success', sign_time: '2026-11-22 09:00:00' };
    const post = async (url: string, f: Record<string, string>) =>
      (await t.app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(f).toString() })).json();
    const p = await post('/api/payments/click/prepare', sign({ ...base, action: '0' }, false));
    expect((await post('/api/payments/click/complete', sign({ ...base, action: '1', merchant_prepare_id: String(p.merchant_prepare_id) }, true))).error).toBe(0);
    expect(ofd.calls[0]!.body).toMatchObject({ items: [{ Labels: [CODE], CommissionInfo: { PINFL: '12345678901234' } }] });
  });
});
