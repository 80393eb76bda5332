/**
 * The Payme Merchant API's edges as Payme meets them: credentials, request ids, methods and protocol errors,
 * the account and the amount, the receipt CheckPerformTransaction gives, the 12-hour limit, parallel calls,
 * and GetStatement. The transactions' states and what the order does with them: payme-merchant.test.ts.
 */
import { DB_KINDS, type TestApp, createTestApp, signIn } from './helpers.js';
import { LIVE_PAYME_CHECKOUT, PAYME_KEY, checkoutKit } from './checkout-helpers.js';
import { GOOD, H12, basic, paymeCalls } from './support/payme-merchant.js';

describe.each(DB_KINDS)('Payme Merchant API (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let kit: ReturnType<typeof checkoutKit>;

  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true, env: { PAYMENT_PROVIDER: 'none', ...LIVE_PAYME_CHECKOUT } });
    kit = checkoutKit(t, () => token);
  }, 120_000);
  beforeEach(async () => {
    await t.reset();
    token = await signIn(t);
  });
  afterAll(async () => t.close());

  let rpcId = 1;
  const { rpc, txId, now, orderIn } = paymeCalls(() => t, () => kit, () => rpcId++);

  test('wrong credentials answer -32504 and change nothing', async () => {
    const { order, id, account, amount } = await orderIn(0);
    for (const auth of [null, basic('Paycom', 'wrong-key'), basic('Other', PAYME_KEY), `Bearer ${PAYME_KEY}`, 'Basic !!!']) {
      expect((await rpc('CreateTransaction', { id, time: now(), amount, account }, auth)).error?.code).toBe(-32504);
    }
    expect((await rpc('CheckTransaction', { id })).error?.code).toBe(-31003);
    expect((await kit.view(order.number)).payment_status).toBe('pending');
  });

  test('a -32504 answer carries the request id, as every JSON-RPC answer Payme pairs with its request', async () => {
    const raw = (payload: string, auth: string) =>
      t.app.inject({ method: 'POST', url: '/api/payments/payme/merchant', headers: { 'content-type': 'application/json', authorization: auth }, payload });
    const bad = basic('Paycom', 'wrong-key');
    const numeric = await raw(JSON.stringify({ jsonrpc: '2.0', id: 4711, method: 'CheckTransaction', params: { id: txId() } }), bad);
    expect([numeric.statusCode, numeric.json()]).toEqual([200, { jsonrpc: '2.0', id: 4711, error: expect.objectContaining({ code: -32504 }) }]);
    expect((await raw(JSON.stringify({ id: 'req-9', method: 'CheckTransaction', params: {} }), bad)).json()).toMatchObject({ id: 'req-9', error: { code: -32504 } });
    // Without credentials broken JSON is still -32504 (no id to echo), never -32700.
    expect((await raw('{"id": 5, not json', bad)).json()).toMatchObject({ id: null, error: { code: -32504 } });
    expect((await raw('{"id": 5, not json', GOOD)).json()).toMatchObject({ id: null, error: { code: -32700 } });
  });

  test('a call that is not a POST is -32300 (HTTP 200), whoever sends it', async () => {
    for (const authorization of [GOOD, basic('Paycom', 'wrong-key')]) {
      const res = await t.app.inject({ method: 'GET', url: '/api/payments/payme/merchant', headers: { authorization } });
      expect([res.statusCode, res.json()]).toEqual([200, { jsonrpc: '2.0', id: null, error: expect.objectContaining({ code: -32300 }) }]);
      expect(res.json().error.message).toMatchObject({ ru: 'Метод запроса не POST' });
    }
  });

  test('the account names the order by its number as the pay link does, not by its row id or in another case', async () => {
    const { order, amount, account } = await orderIn(0);
    const { id: rowId } = (await kit.view(order.number)) as { id: number };
    for (const order_id of [rowId, String(rowId), order.number.toLowerCase(), ` ${order.number}`]) {
      expect((await rpc('CheckPerformTransaction', { amount, account: { order_id } })).error).toMatchObject({ code: -31050, data: 'order_id' });
      expect((await rpc('CreateTransaction', { id: txId(), time: now(), amount, account: { order_id } })).error).toMatchObject({ code: -31050, data: 'order_id' });
    }
    // Payme's statement then names the order as Payme sent it.
    const id = txId();
    expect((await rpc('CreateTransaction', { id, time: now(), amount, account })).result?.state).toBe(1);
    const listed = (await rpc('GetStatement', { from: now() - 1, to: now() })).result!.transactions as Array<{ id: string; account: unknown }>;
    expect(listed).toEqual([expect.objectContaining({ id, account })]);
  });

  test('a wrong amount is -31001; an unknown, non-Payme or busy order is an account error naming order_id', async () => {
    const { order, account, amount } = await orderIn(0);
    expect((await rpc('CheckPerformTransaction', { amount: amount + 100, account })).error?.code).toBe(-31001);
    expect((await rpc('CreateTransaction', { id: txId(), time: now(), amount: amount - 100, account })).error?.code).toBe(-31001);
    expect((await rpc('CheckPerformTransaction', { amount, account: { order_id: 'BZ-999999999' } })).error).toMatchObject({ code: -31050, data: 'order_id' });
    const cash = await kit.place('cash', await kit.freshVariant());
    expect((await rpc('CheckPerformTransaction', { amount: cash.total * 100, account: { order_id: cash.number } })).error?.code).toBe(-31050);
    expect((await rpc('CreateTransaction', { id: txId(), time: now(), amount, account })).result?.state).toBe(1);
    // One transaction per order: another id while one is waiting is refused, and nothing is created.
    const other = txId();
    expect((await rpc('CreateTransaction', { id: other, time: now(), amount, account })).error).toMatchObject({ code: -31052, data: 'order_id' });
    expect((await rpc('CheckTransaction', { id: other })).error?.code).toBe(-31003);
    expect((await kit.view(order.number)).payment_status).toBe('pending');
  });

  test('protocol errors: bad JSON -32700, no method -32600, unknown method -32601, bad params -32600', async () => {
    const raw = (payload: string) =>
      t.app.inject({ method: 'POST', url: '/api/payments/payme/merchant', headers: { 'content-type': 'application/json', authorization: GOOD }, payload });
    expect((await raw('{not json')).json().error.code).toBe(-32700);
    expect((await raw('{"id": 1, "params": {}}')).json()).toMatchObject({ id: 1, error: { code: -32600 } });
    expect((await rpc('ChargeEverything', {})).error?.code).toBe(-32601);
    expect((await rpc('PerformTransaction', { id: 42 })).error?.code).toBe(-32600);
    expect((await rpc('CreateTransaction', { id: txId(), time: now(), amount: '100', account: {} })).error?.code).toBe(-32600);
  });

  test('CheckPerformTransaction gives the receipt: MXIK, package code, VAT, tiyin', async () => {
    const { order, account, amount } = await orderIn(0);
    const answer = await rpc('CheckPerformTransaction', { amount, account });
    const item = (await kit.view(order.number)).items[0];
    expect(answer.result).toEqual({
      allow: true,
      detail: {
        receipt_type: 0,
        ...(order.delivery_fee > 0 ? { shipping: { title: 'Yetkazib berish', price: order.delivery_fee * 100 } } : {}),
        items: [{ title: expect.any(String), price: item.price * 100, count: 1, code: item.mxit, package_code: item.mxit_unit, vat_percent: 12 }],
      },
    });
  });

  test('a transaction older than 12 hours is cancelled with reason 4 and cannot be performed', async () => {
    const { v, order, id } = await orderIn(1);
    t.clock.advance(H12 + 1);
    expect((await rpc('PerformTransaction', { id })).error?.code).toBe(-31008);
    expect((await rpc('CheckTransaction', { id })).result).toMatchObject({ state: -1, reason: 4, perform_time: 0 });
    expect(await kit.view(order.number)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock);
    // A CreateTransaction whose Payme time is already past the 12 hours cannot be performed either.
    const late = await orderIn(0);
    expect((await rpc('CreateTransaction', { id: txId(), time: now() - H12 * 1000 - 1, amount: late.amount, account: late.account })).error?.code).toBe(-31008);
  });

  test('50 parallel PerformTransaction calls pay the order once', async () => {
    const { order, id } = await orderIn(1);
    const answers = await Promise.all(Array.from({ length: 50 }, () => rpc('PerformTransaction', { id })));
    const performTimes = new Set(answers.map((a) => a.result?.perform_time));
    expect(answers.every((a) => a.result?.state === 2)).toBe(true);
    expect(performTimes.size).toBe(1);
    const view = await kit.view(order.number);
    expect(view.statuses.filter((s: { payment_status: string }) => s.payment_status === 'paid')).toHaveLength(1);
    expect(kit.texts(order.number)).toHaveLength(1);
  }, 60_000);

  test('an order whose Payme transaction is waiting keeps its stock past the checkout time, until the 12 hours end', async () => {
    const { v, order } = await orderIn(1);
    const idle = await kit.freshVariant();
    const unpaid = await kit.place('payme', idle);
    t.clock.advance(3601); // CHECKOUT_PAYMENT_TTL_S (an hour by default)
    // the order nobody started paying expires; the one Payme is paying may still be performed
    expect(await t.app.services.checkout.expiry.sweepOnce()).toBe(1);
    expect((await kit.view(unpaid.number)).status).toBe('cancelled');
    expect((await kit.view(order.number)).payment_status).toBe('pending');
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock - 1);
    t.clock.advance(H12);
    expect(await t.app.services.checkout.expiry.sweepOnce()).toBe(1);
    expect(await kit.view(order.number)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock);
  });

  test('GetStatement lists the transactions Payme created in the period', async () => {
    const from = now();
    const a = await orderIn(2);
    t.clock.advance(60);
    const b = await orderIn(-1);
    const answer = await rpc('GetStatement', { from, to: now() });
    const listed = answer.result!.transactions as Array<Record<string, unknown>>;
    expect(listed.map((x) => [x.id, x.state, (x.account as { order_id: string }).order_id, x.amount])).toEqual([
      [a.id, 2, a.order.number, a.amount],
      [b.id, -1, b.order.number, b.amount],
    ]);
    expect((await rpc('GetStatement', { from: now() + 1, to: now() + 2 })).result).toEqual({ transactions: [] });
  });
});
