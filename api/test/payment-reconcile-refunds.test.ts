/**
 * Card payments whose outcome is unknown, after the order: a refund pending until Payme confirms it, staff
 * unable to cancel or ship an order whose payment is still being checked, two reconcilers on one database
 * never both acting, and the reconciler's own timer in a running API.
 */
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, queryRows } from '../src/db/client.js';
import { type startFakePayme } from './fake-payme.js';
import { DB_KINDS, type TestApp, createTestApp } from './helpers.js';
import { unknownOutcomes } from './support/unknown-outcomes.js';

describe.each(DB_KINDS)('card payments with an unknown outcome (%s)', (kind) => {
  let payme: Awaited<ReturnType<typeof startFakePayme>>;
  let env: Record<string, string>;
  let t: TestApp;
  const { freshVariant, stockOf, addCard, place, view, textsAbout, reconcile, timeOutPay, open, nextTest, close } = unknownOutcomes(kind);

  beforeAll(async () => {
    ({ payme, env, t } = await open());
  }, 120_000);
  beforeEach(async () => {
    await nextTest();
  });
  afterAll(async () => {
    await close();
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
