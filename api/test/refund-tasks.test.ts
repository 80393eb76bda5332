/**
 * Refunds staff must make by hand: a paid Payme-checkout order that staff cancel is refunded in Payme's
 * merchant cabinet, never by the shop's API. Until Payme's CancelTransaction arrives it is a task the back
 * office shows (the order's page and the dashboard, overdue after REFUND_TASK_OVERDUE_H), and the shopper's
 * order says what happens and by when. Nothing marks it refunded before Payme does.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { PAYME_KEY, checkoutKit } from './checkout-helpers.js';
import { staffTokens } from './admin-catalog-helpers.js';

const GOOD = `Basic ${Buffer.from(`Paycom:${PAYME_KEY}`).toString('base64')}`;
const HOUR = 3600;
/** REFUND_TASK_OVERDUE_H here: less than a staff session's 12 idle hours, so the same sign-in sees it overdue. */
const OVERDUE_H = 6;

describe.each(DB_KINDS)('refunds owed by hand (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let kit: ReturnType<typeof checkoutKit>;
  let staff: Awaited<ReturnType<typeof staffTokens>>;

  beforeAll(async () => {
    // a live Payme checkout (its Merchant API driven here as Payme drives it), no saved cards
    t = await createTestApp(kind, { seed: true, env: { PAYMENT_PROVIDER: 'none', PAYME_MERCHANT_ID: 'test-cashbox', PAYME_MERCHANT_KEY: PAYME_KEY, REFUND_TASK_OVERDUE_H: String(OVERDUE_H) } });
    kit = checkoutKit(t, () => token);
    token = await signIn(t);
    const [store] = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by id limit 1`);
    staff = await staffTokens(t, store!.id);
  }, 120_000);
  afterAll(async () => t.close());

  let rpcId = 1;
  async function rpc(method: string, params: unknown) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/payme/merchant',
      headers: { 'content-type': 'application/json', authorization: GOOD },
      payload: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method, params }),
    });
    return res.json() as { result?: Record<string, unknown>; error?: { code: number } };
  }
  const admin = (method: 'GET' | 'POST', url: string, payload?: object, role: keyof typeof staff = 'manager') =>
    t.app.inject({ method, url, headers: { ...bearer(staff[role]), 'x-lang': 'en' }, ...(payload ? { payload } : {}) });
  const detail = async (number: string) => (await admin('GET', `/api/admin/orders/${number}`)).json().order;
  const dashboard = async (role: keyof typeof staff = 'manager') => (await admin('GET', '/api/admin/dashboard', undefined, role)).json();
  const shopperView = async (number: string, lang = 'en') => (await t.app.inject({ url: `/api/orders/${number}`, headers: { ...bearer(token), 'x-lang': lang } })).json().order;

  /** A Payme-checkout order paid through the Merchant API, as Payme pays it. */
  async function paidPaymeOrder(lang = 'en') {
    const order = await kit.place('payme', await kit.freshVariant(), lang);
    const id = randomBytes(12).toString('hex');
    const account = { order_id: order.number };
    expect((await rpc('CreateTransaction', { id, time: t.clock.now().getTime(), amount: order.total * 100, account })).result?.state).toBe(1);
    expect((await rpc('PerformTransaction', { id })).result?.state).toBe(2);
    return { order, id };
  }

  test('a paid Payme order cancelled by staff is a refund task with the transaction, amount and cabinet, until Payme cancels the transaction', async () => {
    const { order, id } = await paidPaymeOrder('uz');
    expect((await detail(order.number)).refund_task).toBeNull();
    const cancelledAt = t.clock.now();
    const cancelled = await admin('POST', `/api/admin/orders/${order.number}/status`, { status: 'cancelled', note: 'Out of stock after all' });
    expect(cancelled.statusCode).toBe(200);
    const overdueAt = new Date(cancelledAt.getTime() + OVERDUE_H * HOUR * 1000).toISOString();
    const task = { provider: 'payme', transaction_id: id, amount: order.total, cabinet_url: 'https://merchant.paycom.uz', owed_since: cancelledAt.toISOString(), overdue_at: overdueAt, overdue: false };
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending', refund_task: task });

    // the dashboard lists it; a store account does not see a courier order's task
    expect((await dashboard()).refunds_owed.tasks).toContainEqual({ number: order.number, ...task });
    expect((await dashboard('store')).refunds_owed.tasks.map((x: { number: string }) => x.number)).not.toContain(order.number);

    // the shopper is told what happens and by when, in their language
    const mine = await shopperView(order.number);
    expect(mine.refund).toEqual({ text: expect.stringContaining('Payme'), due_at: overdueAt, overdue: false });
    expect(mine.refund.text).toContain('6 hours');
    expect((await shopperView(order.number, 'ru')).refund.text).toMatch(/Payme.*6 часов/s);
    expect((await shopperView(order.number, 'uz')).refund.text).toMatch(/Payme.*6 soat/s);

    // nobody but Payme settles it: the reconciler leaves it, and after the time it is overdue, still owed
    t.clock.advance(OVERDUE_H * HOUR + 1);
    await t.app.services.orderPayments.reconcileOnce();
    expect(await detail(order.number)).toMatchObject({ payment_status: 'refund_pending', refund_task: { ...task, overdue: true } });
    const late = await dashboard();
    expect(late.refunds_owed.tasks).toContainEqual({ number: order.number, ...task, overdue: true });
    expect(late.refunds_owed.overdue).toBeGreaterThanOrEqual(1);
    expect(late.refunds_owed.total).toBeGreaterThanOrEqual(late.refunds_owed.overdue);
    const lateView = await shopperView(order.number);
    expect(lateView).toMatchObject({ payment_status: 'refund_pending', refund: { due_at: overdueAt, overdue: true } });
    expect(lateView.refund.text).not.toBe(mine.refund.text);

    // Payme's CancelTransaction (the refund made in the cabinet) ends the task
    expect((await rpc('CancelTransaction', { id, reason: 5 })).result?.state).toBe(-2);
    expect(await detail(order.number)).toMatchObject({ payment_status: 'refunded', refund_task: null });
    expect((await dashboard()).refunds_owed.tasks.map((x: { number: string }) => x.number)).not.toContain(order.number);
    expect((await shopperView(order.number)).refund).toBeNull();
    // the shopper was texted the cancel when staff made it, and the refund once Payme confirmed it (not the cancel again)
    await t.app.services.checkout.settlement.idle();
    expect(kit.texts(order.number)).toEqual([
      `Bozor: ${order.number} buyurtmangiz holati — «Qabul qilindi». Rahmat!`,
      `Bozor: ${order.number} buyurtmangiz holati — «Bekor qilindi». Rahmat!`,
      `Bozor: ${order.number} buyurtmasi uchun ${order.total.toLocaleString('en-US').replace(/,/g, ' ')} soʻm qaytarildi.`,
    ]);
  });

  test('staff cancelling again a pending refund is audited with the staff member, and still waits for Payme', async () => {
    const { order } = await paidPaymeOrder();
    await admin('POST', `/api/admin/orders/${order.number}/status`, { status: 'cancelled', note: 'Customer asked' });
    const again = await admin('POST', `/api/admin/orders/${order.number}/status`, { status: 'cancelled', note: 'Customer called again' });
    expect(again.statusCode).toBe(200);
    expect(again.json().order).toMatchObject({ payment_status: 'refund_pending', refund_task: { provider: 'payme' } });
    const me = (await admin('GET', '/api/admin/me')).json().staff;
    const rows = await queryRows<{ staff_id: number | null; before: unknown; after: unknown }>(
      t.database.db,
      sql`select staff_id, before, after from audit_log where action = 'order.refund_retry' and entity_id = ${order.number}`,
    );
    expect(rows).toEqual([{ staff_id: me.id, before: { payment_status: 'refund_pending' }, after: { payment_status: 'refund_pending', note: 'Customer called again' } }]);
  });

  test('a cash order cancelled owes no refund, and its shopper is told of none', async () => {
    const order = await kit.place('cash', await kit.freshVariant());
    const cancelled = await admin('POST', `/api/admin/orders/${order.number}/status`, { status: 'cancelled', note: 'Customer asked' });
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', refund_task: null });
    expect((await shopperView(order.number)).refund).toBeNull();
  });
});
