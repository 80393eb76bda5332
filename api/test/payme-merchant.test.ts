/**
 * The Payme Merchant API as Payme calls it: JSON-RPC over HTTP with Basic auth. Assertions are what Payme
 * reads in the answers and what the shopper and staff see on the order (status, payment, stock, texts).
 */
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { LIVE_PAYME_CHECKOUT, checkoutKit } from './checkout-helpers.js';
import { staffTokens } from './admin-catalog-helpers.js';
import { paymeCalls } from './support/payme-merchant.js';

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
  const { rpc, now, orderIn } = paymeCalls(() => t, () => kit, () => rpcId++);

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
});
