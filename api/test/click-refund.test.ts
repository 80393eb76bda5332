/**
 * Refunds of paid Click orders that staff cancel: Click's payment reversal through its Merchant API,
 * against a stand-in that speaks it (fake-click.ts). Nothing is marked refunded before Click says so.
 */
import { clickSign } from '../src/modules/checkout-payments/click-shop.js';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { CLICK, checkoutKit } from './checkout-helpers.js';
import { staffTokens } from './admin-catalog-helpers.js';
import { startFakeClickMerchant } from './fake-click.js';

describe.each(DB_KINDS)('Click refunds (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  let kit: ReturnType<typeof checkoutKit>;
  let click: Awaited<ReturnType<typeof startFakeClickMerchant>>;
  let trans = 7000;
  let manager: string;

  beforeAll(async () => {
    click = await startFakeClickMerchant({ serviceId: CLICK.CLICK_SERVICE_ID, merchantUserId: CLICK.CLICK_MERCHANT_USER_ID, secretKey: CLICK.CLICK_SECRET_KEY });
    t = await createTestApp(kind, { seed: true, env: { PAYMENT_PROVIDER: 'none', ...CLICK, CLICK_API_URL: click.url, CLICK_TIMEOUT_MS: '300', PAYMENT_RECHECK_S: '30' } });
    kit = checkoutKit(t, () => token);
    const [store] = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by id limit 1`);
    manager = (await staffTokens(t, store!.id)).manager;
  }, 120_000);
  beforeEach(async () => {
    await t.reset();
    token = await signIn(t);
    click.calls.length = 0;
    click.reversal.next = [];
  });
  afterAll(async () => {
    await t.close();
    await click.close();
  });

  /** A Click order paid through Prepare and Complete, as Click's callbacks do it. */
  async function paidClickOrder() {
    trans++;
    const variant = await kit.freshVariant();
    const order = await kit.place('click', variant);
    const paydoc = String(trans + 5_000_000);
    const form = (action: '0' | '1', extra: Record<string, string> = {}) => {
      const f: Record<string, string> = {
        click_trans_id: String(trans),
        service_id: CLICK.CLICK_SERVICE_ID,
        click_paydoc_id: paydoc,
        merchant_trans_id: order.number,
        amount: `${order.total}.00`,
        action,
        error: '0',
        error_note: 'Success',
        sign_time: t.clock.now().toISOString().slice(0, 19).replace('T', ' '),
        ...extra,
      };
      return new URLSearchParams({ ...f, sign_string: clickSign(f, CLICK.CLICK_SECRET_KEY, action === '1') }).toString();
    };
    const post = (action: string, payload: string) =>
      t.app.inject({ method: 'POST', url: `/api/payments/click/${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload });
    const prepared = (await post('prepare', form('0'))).json() as { error: number; merchant_prepare_id: number };
    expect(prepared.error).toBe(0);
    expect((await post('complete', form('1', { merchant_prepare_id: String(prepared.merchant_prepare_id) }))).json().error).toBe(0);
    click.payments.set(paydoc, 2);
    expect(await kit.view(order.number)).toMatchObject({ payment_status: 'paid' });
    return { order, variant, paydoc, stockPaid: await kit.stockOf(variant.variant_id) };
  }
  const cancel = (number: string) => t.app.services.orders.changeStatus(number, 'cancelled');
  const reconcile = () => t.app.services.orderPayments.reconcileOnce();
  const reversals = (paydoc: string) => click.calls.filter((c) => c.method === 'DELETE' && c.url.endsWith(`/reversal/${CLICK.CLICK_SERVICE_ID}/${paydoc}`));
  /** The texts about an order, once those sent after a callback's answer (Complete's "Received") are out. */
  const texts = async (number: string) => {
    await t.app.services.checkout.settlement.idle();
    return kit.texts(number);
  };
  const received = (number: string) => `Bozor: your order ${number} is now "Received". Thank you!`;
  const cancelledText = (number: string) => `Bozor: your order ${number} is now "Cancelled". Thank you!`;
  const refundedText = (order: { number: string; total: number }) => `Bozor: ${order.total.toLocaleString('en-US')} UZS has been refunded for your order ${order.number}.`;

  test('staff cancel a paid Click order: Click reverses the payment and the order reads refunded, stock back', async () => {
    const { order, variant, paydoc, stockPaid } = await paidClickOrder();
    const cancelled = await cancel(order.number);
    expect(cancelled).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(reversals(paydoc)).toHaveLength(1);
    expect(click.payments.get(paydoc)).toBe(-99);
    expect(await kit.stockOf(variant.variant_id)).toBe(stockPaid + 1);
    expect(await kit.view(order.number)).toMatchObject({ status: 'cancelled', payment_status: 'refunded' });
    // the audit log: Click's payment, then Click's confirmation of the refund (staff's cancel is its own entry)
    const byClick = { kind: 'provider', name: 'click' };
    expect((await kit.audit(order.number)).filter((e) => e.action === 'order.payment')).toEqual([
      { actor: byClick, action: 'order.payment', before: { status: 'new', payment_status: 'pending' }, after: expect.objectContaining({ status: 'new', payment_status: 'paid' }) },
      {
        actor: byClick,
        action: 'order.payment',
        before: { status: 'cancelled', payment_status: 'refund_pending' },
        after: { status: 'cancelled', payment_status: 'refunded', transaction: String(trans), reason: 5, _provider: 'click' },
      },
    ]);
    // nothing left for the reconciler
    t.clock.advance(3600);
    await reconcile();
    expect(reversals(paydoc)).toHaveLength(1);
    // cancelled and refunded at the same moment: one text says both
    expect(await texts(order.number)).toEqual([received(order.number), `Bozor: your order ${order.number} is cancelled and ${order.total.toLocaleString('en-US')} UZS has been refunded.`]);
  });

  test('a reversal that times out is not called refunded: the reconciler asks Click and finds it reversed, without reversing twice', async () => {
    const { order, paydoc } = await paidClickOrder();
    click.reversal.next = ['timeout'];
    expect(await cancel(order.number)).toMatchObject({ status: 'cancelled', paymentStatus: 'refund_pending' });
    // before the next check is due, nothing happens
    await reconcile();
    expect((await kit.view(order.number)).payment_status).toBe('refund_pending');
    t.clock.advance(31);
    await reconcile();
    expect((await kit.view(order.number)).payment_status).toBe('refunded');
    expect(reversals(paydoc)).toHaveLength(1);
    expect(click.calls.some((c) => c.method === 'GET' && c.url.endsWith(`/status/${CLICK.CLICK_SERVICE_ID}/${paydoc}`))).toBe(true);
    // told of the cancel when staff made it, of the refund once Click confirmed it; another pass texts nothing
    t.clock.advance(3600);
    await reconcile();
    expect(await texts(order.number)).toEqual([received(order.number), cancelledText(order.number), refundedText(order)]);
  });

  test('a refused or failed reversal stays refund_pending and is asked again, with back-off, until Click reverses it', async () => {
    const { order, paydoc } = await paidClickOrder();
    click.reversal.next = ['refused', '5xx', 'ok'];
    expect(await cancel(order.number)).toMatchObject({ paymentStatus: 'refund_pending' });
    t.clock.advance(31);
    await reconcile();
    // Click still says "paid" (2): asked to reverse again, answered 502: still pending
    expect((await kit.view(order.number)).payment_status).toBe('refund_pending');
    expect(reversals(paydoc)).toHaveLength(2);
    // the wait doubled: 31 s later is too soon
    t.clock.advance(31);
    await reconcile();
    expect(reversals(paydoc)).toHaveLength(2);
    t.clock.advance(60);
    await reconcile();
    expect((await kit.view(order.number)).payment_status).toBe('refunded');
    expect(reversals(paydoc)).toHaveLength(3);
    expect(await texts(order.number)).toEqual([received(order.number), cancelledText(order.number), refundedText(order)]);
  });

  test('cancelling again retries the refund now', async () => {
    const { order, paydoc } = await paidClickOrder();
    click.reversal.next = ['refused'];
    expect(await cancel(order.number)).toMatchObject({ paymentStatus: 'refund_pending' });
    expect(await cancel(order.number)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded' });
    expect(reversals(paydoc)).toHaveLength(2);
    expect(await texts(order.number)).toEqual([received(order.number), cancelledText(order.number), refundedText(order)]);
  });

  test('a reversal Click refuses is a task for staff in Click’s cabinet, until Click says the payment is reversed', async () => {
    const { order, paydoc } = await paidClickOrder();
    const staffView = async (number: string) => (await t.app.inject({ url: `/api/admin/orders/${number}`, headers: bearer(manager) })).json().order;
    const refundTask = async () => (await staffView(order.number)).refund_task;
    const listed = async () => (await t.app.inject({ url: '/api/admin/dashboard', headers: bearer(manager) })).json().refunds_owed.tasks.map((x: { number: string }) => x.number);
    // a time-out is not a refusal: the reconciler asks Click, nobody has to do it by hand
    click.reversal.next = ['timeout'];
    const other = await paidClickOrder();
    await cancel(other.order.number);
    expect((await staffView(other.order.number)).refund_task).toBeNull();

    const cancelledAt = t.clock.now();
    click.reversal.next = ['refused', 'refused'];
    expect(await cancel(order.number)).toMatchObject({ paymentStatus: 'refund_pending' });
    const task = {
      provider: 'click',
      transaction_id: paydoc,
      amount: order.total,
      cabinet_url: 'https://merchant.click.uz',
      owed_since: cancelledAt.toISOString(),
      overdue_at: new Date(cancelledAt.getTime() + 24 * 3600_000).toISOString(),
      overdue: false,
    };
    expect(await refundTask()).toEqual(task);
    expect(await listed()).toContain(order.number);
    expect(await listed()).not.toContain(other.order.number);
    const shopper = (await kit.view(order.number)).refund;
    expect(shopper).toMatchObject({ text: expect.stringContaining('Click'), due_at: task.overdue_at });
    // refused again by the reconciler: still one task, said once in the timeline
    t.clock.advance(31);
    await reconcile();
    expect(await refundTask()).toEqual(task);
    const { timeline } = await staffView(order.number);
    expect(timeline.filter((e: { note: string | null }) => e.note === 'CLICK_REVERSAL_REFUSED')).toHaveLength(1);
    // staff reverse it in Click's cabinet: the reconciler finds it reversed, and the task is done
    click.payments.set(paydoc, -99);
    t.clock.advance(3600);
    await reconcile();
    expect((await kit.view(order.number)).payment_status).toBe('refunded');
    expect(await refundTask()).toBeNull();
    expect(await listed()).not.toContain(order.number);
  });
});
