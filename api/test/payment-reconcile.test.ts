/**
 * Card payments whose outcome is unknown, settled by asking Payme. The real Payme adapter talks to the
 * repo's fake Subscribe API, which is made to time out, drop the connection or answer 5xx, after doing
 * the work or not. Assertions are what a shopper or staff would notice: the order's status and payment
 * status, the stock, the texts, and what happened at Payme (money taken, receipts cancelled).
 */
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../src/db/client.js';
import { RECEIPT, startFakePayme } from './fake-payme.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';

const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' };
const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };
/** Shorter than the faults' delays, so a late answer is a time-out. */
const TIMEOUT_MS = 300;
const LATE = 900;

describe.each(DB_KINDS)('card payments with an unknown outcome (%s)', (kind) => {
  let payme: Awaited<ReturnType<typeof startFakePayme>>;
  let env: Record<string, string>;
  let t: TestApp;
  let token: string;
  let used = 0;

  beforeAll(async () => {
    payme = await startFakePayme();
    env = { PAYMENT_PROVIDER: 'payme', PAYME_BASE_URL: payme.baseUrl, PAYME_MERCHANT_ID: payme.merchantId, PAYME_KEY: payme.key, PAYME_TIMEOUT_MS: String(TIMEOUT_MS) };
    t = await createTestApp(kind, { seed: true, env });
  }, 120_000);
  beforeEach(async () => {
    await t.reset();
    token = await signIn(t);
    payme.faults.length = 0;
    payme.calls.length = 0;
    payme.state.httpFailure = false;
    payme.state.queueCancellations = false;
  });
  afterAll(async () => {
    await t.close();
    await payme.close();
  });

  /** A single-variant product no other test has touched, with stock to spare, that a test card can afford. */
  async function freshVariant() {
    const [row] = await queryRows<{ product_id: number; variant_id: number; stock: number }>(
      t.database.db,
      sql`select p.id as product_id, v.id as variant_id, (select sum(quantity) from variant_stock s where s.variant_id = v.id)::int as stock
          from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null and (select count(*) from variants v2 where v2.product_id = p.id) = 1
            and (select sum(quantity) from variant_stock s where s.variant_id = v.id) >= 3 and v.price_individual < 900000
          order by p.id desc offset ${used++} limit 1`,
    );
    if (!row) throw new Error('no fresh variant');
    return row;
  }
  const stockOf = async (variantId: number) =>
    (await queryRows<{ n: number }>(t.database.db, sql`select coalesce(sum(quantity), 0)::int as n from variant_stock where variant_id = ${variantId}`))[0]!.n;
  /** Payme's side of an order: its receipt. */
  const receiptOf = async (number: string) =>
    (await queryRows<{ receipt_id: string | null }>(t.database.db, sql`select receipt_id from orders where number = ${number}`))[0]!.receipt_id;

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), ...headers } });
  async function addCard(): Promise<{ id: number; token: string }> {
    const created = await post('/api/payments/card/create', { number: '8600 0691 9540 6311', expire: '03/99' });
    const id = created.json().card.id as number;
    expect((await post('/api/payments/card/confirm', { card_id: id, code: '666666' })).statusCode).toBe(200);
    return { id, token: `tok_${payme.cards.size}` };
  }
  const place = (cardId: number, variant: { product_id: number; variant_id: number }, key: string, lang = 'en') =>
    post(
      '/api/orders/',
      { items: [{ product_id: variant.product_id, variant_id: variant.variant_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'card', card_id: cardId } },
      { 'idempotency-key': key, 'x-lang': lang },
    );
  const view = async (number: string, lang = 'en') => (await t.app.inject({ url: `/api/orders/${number}`, headers: { ...bearer(token), 'x-lang': lang } })).json().order;
  const textsAbout = (number: string, sms = t.sms) => sms.sent.filter((m) => m.text.includes(number)).map((m) => m.text);
  const reconcile = () => t.app.services.orderPayments.reconcileOnce();
  const timeOutPay = (moneyMoves: boolean) => payme.faults.push({ method: 'receipts.pay', process: moneyMoves, answer: 'late', delayMs: LATE });

  test('pay times out but the money moved: 202 checking with the stock held, then paid; nothing cancelled', async () => {
    const v = await freshVariant();
    const card = await addCard();
    timeOutPay(true);
    const res = await place(card.id, v, 'late-paid-0001');
    expect(res.statusCode).toBe(202);
    const number = res.json().order.number as string;
    expect(res.json().order).toMatchObject({ status: 'new', payment_status: 'checking', payment_status_label: 'Checking the payment' });
    expect(await stockOf(v.variant_id)).toBe(v.stock - 1);
    expect(textsAbout(number)).toEqual([]);

    // The same key answers the order as it stands; before the first check is due, Payme is not asked.
    const again = await place(card.id, v, 'late-paid-0001');
    expect(again.statusCode).toBe(202);
    expect(again.json().order).toMatchObject({ number, payment_status: 'checking' });
    await reconcile();
    expect(payme.count('receipts.check')).toBe(0);

    t.clock.advance(31);
    await reconcile();
    expect(await view(number)).toMatchObject({ status: 'new', payment_status: 'paid', payment_status_label: 'Paid' });
    expect(payme.count('receipts.cancel')).toBe(0);
    expect(payme.receipts.get((await receiptOf(number))!)!.state).toBe(RECEIPT.paid);
    expect(await stockOf(v.variant_id)).toBe(v.stock - 1);
    expect(textsAbout(number)).toEqual([`Bozor: your order ${number} is now "Received". Thank you!`]);
    const replay = await place(card.id, v, 'late-paid-0001');
    expect(replay.statusCode).toBe(200);
    expect(replay.json().order.payment_status).toBe('paid');
  });

  test('pay times out and the money did not move: cancelled, the stock back exactly once, the shopper texted', async () => {
    const v = await freshVariant();
    const card = await addCard();
    const balance = payme.cards.get(card.token)!.balance;
    timeOutPay(false);
    const res = await place(card.id, v, 'late-unpaid-01', 'ru');
    expect(res.statusCode).toBe(202);
    const number = res.json().order.number as string;
    expect(res.json().order).toMatchObject({ payment_status: 'checking', payment_status_label: 'Оплата проверяется' });

    t.clock.advance(31);
    await reconcile();
    // not a decline: the bank never answered, so the shop may not say the card was not charged
    expect(await view(number, 'ru')).toMatchObject({ status: 'cancelled', status_label: 'Отменён', payment_status: 'failed', payment_status_label: 'Оплата не прошла', payment_declined: false });
    expect(await stockOf(v.variant_id)).toBe(v.stock);
    // The receipt was cancelled, so a pay request still on its way can no longer take the money.
    expect(payme.receipts.get((await receiptOf(number))!)!.state).toBe(RECEIPT.cancelled);
    expect(payme.cards.get(card.token)!.balance).toBe(balance);
    expect(textsAbout(number)).toEqual([`Bozor: оплата заказа ${number} не прошла, заказ отменён. Если деньги были списаны с карты, они вернутся.`]);

    const calls = payme.calls.length;
    t.clock.advance(7200);
    await reconcile();
    expect(payme.calls.length).toBe(calls);
    expect(await stockOf(v.variant_id)).toBe(v.stock);
    expect(textsAbout(number)).toHaveLength(1);

    const replay = await place(card.id, v, 'late-unpaid-01', 'ru');
    expect(replay.statusCode).toBe(402);
    expect(replay.json().error).toEqual({ code: 'PAYMENT_NOT_CONFIRMED', message: 'Оплата не подтвердилась, заказ отменён. Если деньги были списаны с карты, они вернутся.', order_number: number });
  });

  test('a dropped connection after the debit and a 5xx before it are told apart; a Payme outage only delays the answer', async () => {
    const [v, w] = [await freshVariant(), await freshVariant()];
    const card = await addCard();
    payme.faults.push({ method: 'receipts.pay', process: true, answer: 'drop' });
    const dropped = await place(card.id, v, 'dropped-paid-1');
    payme.faults.push({ method: 'receipts.pay', process: false, answer: 'http', status: 502 });
    const refused = await place(card.id, w, 'http-502-0001');
    expect([dropped.statusCode, refused.statusCode]).toEqual([202, 202]);
    const [a, b] = [dropped.json().order.number as string, refused.json().order.number as string];

    // Payme is down for two checks: still checking, stock held; the wait doubles (30 s, then 60 s).
    payme.state.httpFailure = true;
    t.clock.advance(31);
    await reconcile();
    t.clock.advance(31);
    await reconcile();
    expect(payme.count('receipts.check')).toBe(4);
    expect((await view(a)).payment_status).toBe('checking');
    expect((await view(b)).payment_status).toBe('checking');
    expect([await stockOf(v.variant_id), await stockOf(w.variant_id)]).toEqual([v.stock - 1, w.stock - 1]);

    payme.state.httpFailure = false;
    t.clock.advance(31);
    await reconcile();
    expect(payme.count('receipts.check')).toBe(4);
    t.clock.advance(30);
    await reconcile();
    expect(await view(a)).toMatchObject({ status: 'new', payment_status: 'paid' });
    expect(await view(b)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect([await stockOf(v.variant_id), await stockOf(w.variant_id)]).toEqual([v.stock - 1, w.stock]);
    expect(textsAbout(a)).toEqual([`Bozor: your order ${a} is now "Received". Thank you!`]);
    expect(textsAbout(b)).toEqual([`Bozor: the payment for your order ${b} did not go through, so the order is cancelled. If the card was charged, the money will be returned.`]);
  });

  test('orders a crash left pending are settled by the sweep once they are old enough', async () => {
    const [paidV, unpaidV, noReceiptV, youngV] = [await freshVariant(), await freshVariant(), await freshVariant(), await freshVariant()];
    const card = await addCard();
    const numbers: string[] = [];
    for (const [v, moneyMoves, key] of [[paidV, true, 'crash-paid-01'], [unpaidV, false, 'crash-unpaid1'], [noReceiptV, false, 'crash-norcpt1']] as const) {
      timeOutPay(moneyMoves);
      numbers.push((await place(card.id, v, key)).json().order.number as string);
    }
    const [paid, unpaid, noReceipt] = numbers as [string, string, string];
    // What a process killed between receipts.create and the answer leaves behind: `pending`, with the
    // receipt id (saved before receipts.pay) or, killed even before that, without one.
    await t.database.db.execute(sql`update orders set payment_status = 'pending', payment_check_at = null where number in (${paid}, ${unpaid}, ${noReceipt})`);
    await t.database.db.execute(sql`update orders set receipt_id = null where number = ${noReceipt}`);

    t.clock.advance(301);
    // A card checkout still in flight (a minute old) is left alone.
    timeOutPay(false);
    const young = (await place(card.id, youngV, 'young-pending1')).json().order.number as string;
    await t.database.db.execute(sql`update orders set payment_status = 'pending', payment_check_at = null where number = ${young}`);
    t.clock.advance(60);
    const checked = payme.count('receipts.check');
    await reconcile();

    expect(await view(paid)).toMatchObject({ status: 'new', payment_status: 'paid' });
    expect(await view(unpaid)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await view(noReceipt)).toMatchObject({ status: 'cancelled', payment_status: 'failed' });
    expect(await view(young)).toMatchObject({ status: 'new', payment_status: 'pending' });
    expect(payme.count('receipts.check') - checked).toBe(2);
    expect(await stockOf(paidV.variant_id)).toBe(paidV.stock - 1);
    expect(await stockOf(unpaidV.variant_id)).toBe(unpaidV.stock);
    expect(await stockOf(noReceiptV.variant_id)).toBe(noReceiptV.stock);
    expect(await stockOf(youngV.variant_id)).toBe(youngV.stock - 1);
    expect(textsAbout(paid)).toEqual([`Bozor: your order ${paid} is now "Received". Thank you!`]);
    expect(textsAbout(unpaid)).toHaveLength(1);
    expect(textsAbout(noReceipt)).toHaveLength(1);
  });

  test('a refund is pending until Payme confirms it; retried until it does; the stock comes back once; the refund texted once', async () => {
    const [v, w] = [await freshVariant(), await freshVariant()];
    const card = await addCard();
    const full = payme.cards.get(card.token)!.balance;
    const first = (await place(card.id, v, 'refund-fail-01')).json().order;
    const second = (await place(card.id, w, 'refund-queue-1', 'ru')).json().order;
    expect([first.payment_status, second.payment_status]).toEqual(['paid', 'paid']);

    // receipts.cancel fails once: the order is cancelled and its stock back, the refund not confirmed.
    payme.faults.push({ method: 'receipts.cancel', process: false, answer: 'http', status: 500 });
    const cancelled = await t.app.services.orders.changeStatus(first.number, 'cancelled');
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
    expect(await view(first.number)).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending', payment_status_label: 'Refund in progress' });
    expect(await stockOf(v.variant_id)).toBe(v.stock);
    // Payme queues the other refund (state 21): accepted, not done.
    payme.state.queueCancellations = true;
    expect(await t.app.services.orders.changeStatus(second.number, 'cancelled')).toMatchObject({ paymentStatus: 'refund_pending' });
    expect(payme.cards.get(card.token)!.balance).toBe(full - first.total * 100 - second.total * 100);

    // The retry: the first receipt is still paid, so it is cancelled again (and queued this time); the
    // second one's refund is done by now.
    t.clock.advance(31);
    await reconcile();
    expect(await view(first.number)).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending' });
    expect(await view(second.number)).toMatchObject({ status: 'cancelled', payment_status: 'refunded', payment_status_label: 'Refunded' });
    t.clock.advance(61);
    await reconcile();
    expect(await view(first.number)).toMatchObject({ status: 'cancelled', payment_status: 'refunded', payment_status_label: 'Refunded' });
    expect(payme.cards.get(card.token)!.balance).toBe(full);
    // A receipt queued for cancellation is asked about, never cancelled twice.
    expect(payme.count('receipts.cancel')).toBe(3);
    expect([await stockOf(v.variant_id), await stockOf(w.variant_id)]).toEqual([v.stock, w.stock]);
    // (paid at the checkout, it was never texted "Received": the page said so) Cancelled when staff cancelled
    // it, refunded once Payme confirmed, in the order's language; further passes text nothing more.
    t.clock.advance(7200);
    await reconcile();
    const sum = (n: number, sep: string) => n.toLocaleString('en-US').replace(/,/g, sep);
    expect(textsAbout(first.number)).toEqual([
      `Bozor: your order ${first.number} is now "Cancelled". Thank you!`,
      `Bozor: ${sum(first.total, ',')} UZS has been refunded for your order ${first.number}.`,
    ]);
    expect(textsAbout(second.number)).toEqual([
      `Bozor: статус вашего заказа ${second.number} — «Отменён». Спасибо!`,
      `Bozor: по заказу ${second.number} возвращено ${sum(second.total, ' ')} сум.`,
    ]);
  });

  test('staff cannot cancel an order whose payment is still being checked, nor let its goods leave', async () => {
    const v = await freshVariant();
    const card = await addCard();
    timeOutPay(true);
    const number = (await place(card.id, v, 'checking-cancel')).json().order.number as string;
    await expect(t.app.services.orders.changeStatus(number, 'cancelled')).rejects.toMatchObject({ code: 'PAYMENT_CHECKING' });
    // it may be packed meanwhile, but not handed to the courier: a check that ends "not paid" cancels it
    await t.app.services.orders.changeStatus(number, 'confirmed');
    await t.app.services.orders.changeStatus(number, 'assembling');
    await expect(t.app.services.orders.changeStatus(number, 'shipping')).rejects.toMatchObject({ code: 'PAYMENT_CHECKING', status: 409 });
    expect((await view(number)).status).toBe('assembling');
    // the order's history says why it is checking as a code the back office words, not the provider's text
    const [row] = await queryRows<{ note: string | null }>(t.database.db, sql`select h.note from order_status_history h join orders o on o.id = h.order_id where o.number = ${number} and h.payment_status = 'checking' order by h.id limit 1`);
    expect(row?.note).toBe('PROVIDER_UNAVAILABLE');
    expect(await stockOf(v.variant_id)).toBe(v.stock - 1);
    expect((await view(number)).payment_status).toBe('checking');
  });

  test('two reconcilers at once (two API instances on one database) never both act on a payment', async () => {
    const other: Database = kind === 'postgres' ? await openDatabase({ databaseUrl: (t.database as Database & { url: string }).url, dataDir: 'unused' }) : t.database;
    const second = await createTestApp(kind, { env, database: other });
    try {
      const card = await addCard();
      const vs = [await freshVariant(), await freshVariant(), await freshVariant()];
      const numbers: string[] = [];
      for (const [i, v] of vs.entries()) {
        timeOutPay(i !== 1);
        numbers.push((await place(card.id, v, `two-reconcilers-${i}`)).json().order.number as string);
      }
      // Each check takes a while, so the two sweeps overlap.
      for (let i = 0; i < 3; i++) payme.faults.push({ method: 'receipts.check', process: true, answer: 'late', delayMs: 100 });
      t.clock.advance(31);
      second.clock.set(t.clock.now());
      const reports = await Promise.all([reconcile(), second.app.services.orderPayments.reconcileOnce()]);
      expect(reports.filter((r) => r.ran)).toHaveLength(1);

      expect(payme.count('receipts.check')).toBe(3);
      expect(payme.count('receipts.cancel')).toBe(1);
      expect((await Promise.all(numbers.map((n) => view(n)))).map((o: { payment_status: string }) => o.payment_status)).toEqual(['paid', 'failed', 'paid']);
      expect(await Promise.all(vs.map((v) => stockOf(v.variant_id)))).toEqual([vs[0]!.stock - 1, vs[1]!.stock, vs[2]!.stock - 1]);
      expect(numbers.map((n) => textsAbout(n).length + textsAbout(n, second.sms).length)).toEqual([1, 1, 1]);
    } finally {
      await second.close();
      if (other !== t.database) await other.close();
    }
  });

  test('the reconciler runs on its own timer in a running API', async () => {
    const background = await createTestApp(kind, { env: { ...env, PAYMENT_RECONCILE_INTERVAL_S: '1' }, database: t.database, background: true });
    try {
      const v = await freshVariant();
      const card = await addCard();
      timeOutPay(true);
      const number = (await place(card.id, v, 'timer-settles-1')).json().order.number as string;
      background.clock.set(new Date(t.clock.now().getTime() + 31_000));
      let status = 'checking';
      for (let i = 0; i < 50 && status === 'checking'; i++) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        status = (await view(number)).payment_status as string;
      }
      expect(status).toBe('paid');
    } finally {
      await background.close();
    }
  });
});
