/**
 * The Payme Merchant API as Payme calls it: JSON-RPC over HTTP with Basic auth. Assertions are what Payme
 * reads in the answers and what the shopper and staff see on the order (status, payment, stock, texts).
 */
import { randomBytes } from 'node:crypto';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { LIVE_PAYME_CHECKOUT, PAYME_KEY, checkoutKit } from './checkout-helpers.js';
import { staffTokens } from './admin-catalog-helpers.js';

const basic = (login: string, key: string) => `Basic ${Buffer.from(`${login}:${key}`).toString('base64')}`;
const GOOD = basic('Paycom', PAYME_KEY);
const H12 = 12 * 60 * 60;

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
  async function rpc(method: string, params: unknown, auth: string | null = GOOD) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/payme/merchant',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      payload: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method, params }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { result?: Record<string, unknown>; error?: { code: number; message: Record<string, string>; data?: string } };
    return body;
  }
  const txId = () => randomBytes(12).toString('hex');
  const now = () => t.clock.now().getTime();

  /** A payme order and, if asked, a transaction of it brought to `state` through the API itself. */
  async function orderIn(state: 0 | 1 | 2 | -1 | -2, lang = 'en') {
    const v = await kit.freshVariant();
    const order = await kit.place('payme', v, lang);
    const id = txId();
    const account = { order_id: order.number };
    const amount = order.total * 100;
    if (state !== 0) expect((await rpc('CreateTransaction', { id, time: now(), amount, account })).result?.state).toBe(1);
    if (state === 2 || state === -2) expect((await rpc('PerformTransaction', { id })).result?.state).toBe(2);
    if (state === -1) expect((await rpc('CancelTransaction', { id, reason: 3 })).result?.state).toBe(-1);
    if (state === -2) expect((await rpc('CancelTransaction', { id, reason: 5 })).result?.state).toBe(-2);
    return { v, order, id, account, amount };
  }

  test("a payme order is pending with its stock held, and pay_url opens Payme's checkout for it", async () => {
    const v = await kit.freshVariant();
    const order = await kit.place('payme', v);
    expect(order.payment_status).toBe('pending');
    const params = `m=${LIVE_PAYME_CHECKOUT.PAYME_MERCHANT_ID};ac.order_id=${order.number};a=${order.total * 100};c=http://localhost:80/en/checkout/confirmed?order=${order.number};l=en`;
    expect(order.pay_url).toBe(`https://checkout.paycom.uz/${Buffer.from(params).toString('base64')}`);
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock - 1);
    expect((await kit.view(order.number)).pay_url).toBe(order.pay_url);
    // My orders says it too, so the shopper can pay from the list
    const mine = (await t.app.inject({ url: '/api/orders?page=1&per_page=50', headers: { ...bearer(token), 'x-lang': 'en' } })).json().data;
    expect(mine.find((o: { number: string }) => o.number === order.number).pay_url).toBe(order.pay_url);
    expect(kit.texts(order.number)).toEqual([]);
    // staff cannot cancel it while the payment page may be open: told so (not "being checked"), with when it ends by itself
    const refused = await t.app.services.orders.changeStatus(order.number, 'cancelled').catch((err: unknown) => err);
    expect(refused).toMatchObject({ code: 'PAYMENT_AWAITED', status: 409, options: { extra: { expires_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) } } });
    expect((await kit.view(order.number)).status).toBe('new');
    // the back office's order says when it ends by itself, and a cancel through the API says the same
    const staff = await staffTokens(t, 1);
    const view = (await t.app.inject({ url: `/api/admin/orders/${order.number}`, headers: bearer(staff.manager) })).json().order;
    expect(view).toMatchObject({ payment_status: 'pending', payment_expires_at: (refused as { options: { extra: { expires_at: string } } }).options.extra.expires_at });
    const cancel = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.number}/status`, headers: bearer(staff.manager), payload: { status: 'cancelled', note: 'asked by phone' } });
    expect([cancel.statusCode, cancel.json().error.code, cancel.json().error.expires_at]).toEqual([409, 'PAYMENT_AWAITED', view.payment_expires_at]);
    // nor confirmed: Payme pays only an order still new, so a confirmed one could no longer be paid
    const confirm = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${order.number}/status`, headers: bearer(staff.manager), payload: { status: 'confirmed' } });
    expect([confirm.statusCode, confirm.json().error.code]).toEqual([409, 'PAYMENT_AWAITED']);
    expect((await kit.view(order.number)).status).toBe('new');
  });

  // Every method against every transaction state: 0 = a transaction id Payme never created here.
  const cases: Array<[string, 0 | 1 | 2 | -1 | -2, { state?: number; error?: number }]> = [
    ['CheckTransaction', 0, { error: -31003 }],
    ['CheckTransaction', 1, { state: 1 }],
    ['CheckTransaction', 2, { state: 2 }],
    ['CheckTransaction', -1, { state: -1 }],
    ['CheckTransaction', -2, { state: -2 }],
    ['CreateTransaction', 0, { state: 1 }],
    ['CreateTransaction', 1, { state: 1 }],
    ['CreateTransaction', 2, { error: -31008 }],
    ['CreateTransaction', -1, { error: -31008 }],
    ['CreateTransaction', -2, { error: -31008 }],
    ['PerformTransaction', 0, { error: -31003 }],
    ['PerformTransaction', 1, { state: 2 }],
    ['PerformTransaction', 2, { state: 2 }],
    ['PerformTransaction', -1, { error: -31008 }],
    ['PerformTransaction', -2, { error: -31008 }],
    ['CancelTransaction', 0, { error: -31003 }],
    ['CancelTransaction', 1, { state: -1 }],
    ['CancelTransaction', 2, { state: -2 }],
    ['CancelTransaction', -1, { state: -1 }],
    ['CancelTransaction', -2, { state: -2 }],
    ['SetFiscalData', 0, { error: -31003 }],
    ['SetFiscalData', 2, {}],
  ];
  test.each(cases)('%s on a transaction in state %p', async (method, state, expected) => {
    const { id, account, amount } = await orderIn(state);
    const params: Record<string, object> = {
      CheckTransaction: { id },
      CreateTransaction: { id, time: now(), amount, account },
      PerformTransaction: { id },
      CancelTransaction: { id, reason: 5 },
      SetFiscalData: { id, type: 'PERFORM', fiscal_data: { receipt_id: 1, qr_code_url: 'https://ofd.soliq.uz/check?t=1' } },
    };
    const answer = await rpc(method, params[method]);
    if (expected.error) {
      expect(answer.error?.code).toBe(expected.error);
      expect(Object.keys(answer.error!.message).sort()).toEqual(['en', 'ru', 'uz']);
    } else {
      expect(answer.error).toBeUndefined();
      if (expected.state !== undefined) expect(answer.result?.state).toBe(expected.state);
      else expect(answer.result).toEqual({ success: true });
    }
  });

  test('the same call again answers the same, and pays, cancels and refunds once', async () => {
    const { v, order, id, account, amount } = await orderIn(0);
    const create = await rpc('CreateTransaction', { id, time: now(), amount, account });
    t.clock.advance(5);
    expect(await rpc('CreateTransaction', { id, time: now(), amount, account })).toEqual({ ...create, id: rpcId - 1 });
    const perform = await rpc('PerformTransaction', { id });
    t.clock.advance(5);
    expect((await rpc('PerformTransaction', { id })).result).toEqual(perform.result);
    expect(await kit.view(order.number)).toMatchObject({ status: 'new', payment_status: 'paid' });
    expect(kit.texts(order.number)).toEqual([`Bozor: your order ${order.number} is now "Received". Thank you!`]);

    const cancel = await rpc('CancelTransaction', { id, reason: 5 });
    t.clock.advance(5);
    expect((await rpc('CancelTransaction', { id, reason: 5 })).result).toEqual(cancel.result);
    expect(cancel.result).toMatchObject({ state: -2 });
    expect(await kit.view(order.number)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock);
    const check = await rpc('CheckTransaction', { id });
    expect(check.result).toMatchObject({ state: -2, reason: 5, perform_time: perform.result!.perform_time, cancel_time: cancel.result!.cancel_time });
    // Payme's refund cancelled the order too: one text says both, once
    await t.app.services.checkout.settlement.idle();
    expect(kit.texts(order.number)).toEqual([
      `Bozor: your order ${order.number} is now "Received". Thank you!`,
      `Bozor: your order ${order.number} is cancelled and ${order.total.toLocaleString('en-US')} UZS has been refunded.`,
    ]);
    // the audit log: Payme paid it, then Payme refunded it, each once
    const payme = { kind: 'provider', name: 'payme' };
    expect(await kit.audit(order.number)).toEqual([
      { actor: payme, action: 'order.payment', before: { status: 'new', payment_status: 'pending' }, after: { status: 'new', payment_status: 'paid', transaction: id, _provider: 'payme' } },
      {
        actor: payme,
        action: 'order.payment',
        before: { status: 'new', payment_status: 'paid' },
        after: { status: 'cancelled', payment_status: 'refunded', transaction: id, reason: 5, _provider: 'payme' },
      },
    ]);
  });

  test('CancelTransaction is answered without waiting for the refund text, which goes once, in the order language', async () => {
    const { order, id } = await orderIn(2, 'ru');
    await t.app.services.checkout.settlement.idle();
    const before = kit.texts(order.number);
    // an SMS gateway that takes its time (Eskiz: up to 10 s) must not make Payme take the shop for unreachable
    const release = t.sms.hold();
    let answer: Awaited<ReturnType<typeof rpc>> | 'still waiting';
    try {
      // (a limit on how long a hung answer is waited for, not a measure of speed)
      answer = await Promise.race([rpc('CancelTransaction', { id, reason: 5 }), new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 5000))]);
      expect(kit.texts(order.number)).toEqual(before);
    } finally {
      release();
    }
    expect(answer).not.toBe('still waiting');
    expect((answer as Awaited<ReturnType<typeof rpc>>).result).toMatchObject({ state: -2 });
    // Payme repeats the call: the same answer, no second text
    expect((await rpc('CancelTransaction', { id, reason: 5 })).result).toMatchObject({ state: -2 });
    await t.app.services.checkout.settlement.idle();
    const sum = order.total.toLocaleString('en-US').replace(/,/g, ' ');
    expect(kit.texts(order.number)).toEqual([...before, `Bozor: заказ ${order.number} отменён, возвращено ${sum} сум.`]);
  });

  test('cancel before perform cancels the order and gives the stock back; the order can no longer be paid', async () => {
    const { v, order, id, account, amount } = await orderIn(1);
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock - 1);
    expect((await rpc('CancelTransaction', { id, reason: 3 })).result).toMatchObject({ state: -1 });
    expect(await kit.view(order.number)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await kit.stockOf(v.variant_id)).toBe(v.stock);
    expect((await rpc('CheckPerformTransaction', { amount, account })).error?.code).toBe(-31051);
    expect((await rpc('CheckTransaction', { id })).result).toMatchObject({ state: -1, reason: 3 });
    expect(await kit.audit(order.number)).toEqual([
      {
        actor: { kind: 'provider', name: 'payme' },
        action: 'order.payment',
        before: { status: 'new', payment_status: 'pending' },
        after: { status: 'cancelled', payment_status: 'failed', transaction: id, reason: 3, _provider: 'payme' },
      },
    ]);
  });

  test('a shipped order cannot be cancelled (-31007) and stays paid', async () => {
    const { order, id } = await orderIn(2);
    for (const next of ['confirmed', 'assembling', 'shipping'] as const) await t.app.services.orders.changeStatus(order.number, next);
    expect((await rpc('CancelTransaction', { id, reason: 5 })).error?.code).toBe(-31007);
    expect(await kit.view(order.number)).toMatchObject({ status: 'shipping', payment_status: 'paid' });
    // a refusal changes nothing, so the log holds no refund
    expect((await kit.audit(order.number)).filter((e) => e.action === 'order.payment').map((e) => e.after?.payment_status)).toEqual(['paid']);
  });

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
