/**
 * Card payments whose outcome is unknown, settled by asking Payme. The real Payme adapter talks to the
 * repo's fake Subscribe API, which is made to time out, drop the connection or answer 5xx, after doing
 * the work or not. Assertions are what a shopper or staff would notice: the order's status and payment
 * status, the stock, the texts, and what happened at Payme (money taken, receipts cancelled). Refunds, staff
 * and the reconciler's runs: payment-reconcile-refunds.test.ts.
 */
import { sql } from 'drizzle-orm';
import { RECEIPT, type startFakePayme } from './fake-payme.js';
import { DB_KINDS, type TestApp } from './helpers.js';
import { unknownOutcomes } from './support/unknown-outcomes.js';

describe.each(DB_KINDS)('card payments with an unknown outcome (%s)', (kind) => {
  let payme: Awaited<ReturnType<typeof startFakePayme>>;
  let t: TestApp;
  const { freshVariant, stockOf, receiptOf, addCard, place, view, textsAbout, reconcile, timeOutPay, open, nextTest, close } = unknownOutcomes(kind);

  beforeAll(async () => {
    ({ payme, t } = await open());
  }, 120_000);
  beforeEach(async () => {
    await nextTest();
  });
  afterAll(async () => {
    await close();
  });

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
});
