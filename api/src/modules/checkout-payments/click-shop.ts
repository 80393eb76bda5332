import { createHash } from 'node:crypto';
import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../../config.js';
import { type Db } from '../../db/client.js';
import { sameSecret } from '../../http/access.js';
import { type Clock } from '../../lib/clock.js';
import { type OrderRecords, type OrderRow } from '../orders/index.js';
import { isOrderNumber } from './pay-links.js';
import { type CheckoutSettlement, awaitsPayment } from './settlement.js';
import { type CheckoutTxRow, TX, createCheckoutTransactionRepository } from './transactions.repository.js';

/** Click SHOP API answer codes (docs.click.uz, "Click-API – Ошибки"), with Click's own notes. */
export const CLICK = {
  ok: [0, 'Success'],
  signFailed: [-1, 'SIGN CHECK FAILED!'],
  wrongAmount: [-2, 'Incorrect parameter amount'],
  actionNotFound: [-3, 'Action not found'],
  alreadyPaid: [-4, 'Already paid'],
  orderNotFound: [-5, 'User does not exist'],
  transactionNotFound: [-6, 'Transaction does not exist'],
  updateFailed: [-7, 'Failed to update user'],
  badRequest: [-8, 'Error in request from click'],
  cancelled: [-9, 'Transaction cancelled'],
} as const satisfies Record<string, readonly [number, string]>;
type ClickAnswerCode = (typeof CLICK)[keyof typeof CLICK];

/** The form fields Click posts (all strings as sent; the signature is over them exactly as they came). */
export type ClickForm = Record<string, string | undefined>;
const PREPARE_FIELDS = ['click_trans_id', 'service_id', 'click_paydoc_id', 'merchant_trans_id', 'amount', 'action', 'error', 'sign_time', 'sign_string'] as const;

/**
 * How long Complete waits for the fiscal receipt's submission (a call to Click's Merchant API) before it
 * answers Click; the submission goes on in the background. Click documents no time-out for its callbacks,
 * and a Complete it does not hear back from in time is a payment it may undo while the order here is paid.
 */
const RECEIPT_WAIT_MS = 2_000;

/** md5(click_trans_id + service_id + SECRET_KEY + merchant_trans_id [+ merchant_prepare_id] + amount + action + sign_time), hex. */
export function clickSign(f: ClickForm, secretKey: string, withPrepareId: boolean): string {
  const parts = [f.click_trans_id, f.service_id, secretKey, f.merchant_trans_id, ...(withPrepareId ? [f.merchant_prepare_id] : []), f.amount, f.action, f.sign_time];
  return createHash('md5').update(parts.map((p) => p ?? '').join('')).digest('hex');
}

/**
 * Click's sum in so'm ("1000", "1000.0", "1000.00"; Click's type is a float, so trailing zeros past the
 * tiyin are allowed too) as tiyin; NaN for anything else, a fraction of a tiyin included.
 */
const tiyin = (amount: string | undefined) => (amount && /^\d+(\.\d{1,2}0*)?$/.test(amount) ? Math.round(Number(amount) * 100) : Number.NaN);

/**
 * The shop's side of the Click SHOP API: Prepare (action 0) checks the order and amount and records the
 * payment; Complete (action 1) says whether Click took the money. Both are idempotent on click_trans_id.
 */
export function createClickShop(deps: {
  db: Db;
  clock: Clock;
  settlement: CheckoutSettlement;
  /** The orders module: the order a callback names. */
  orders: Pick<OrderRecords, 'find'>;
  settings: NonNullable<Config['checkout']['click']> | undefined;
  log: FastifyBaseLogger;
  /** After a completed payment: submit its fiscal items to Click's OFD (errors are the callee's to log). */
  onPaid?: (tx: CheckoutTxRow) => Promise<void>;
}) {
  const { orders } = deps;
  const txs = createCheckoutTransactionRepository(deps.db);
  /** `onPaid` calls still running after their Complete was answered. */
  const running = new Set<Promise<void>>();

  function answer(f: ClickForm, [code, note]: ClickAnswerCode, extra: { merchant_prepare_id?: number; merchant_confirm_id?: number } = {}) {
    if (code !== 0) deps.log.info({ provider: 'click', action: f.action, click_trans_id: f.click_trans_id, order: f.merchant_trans_id, error: code }, 'click callback refused');
    // Echoed as a number; anything that is not one ("abc", "-Infinity") as 0.
    const transId = Number(f.click_trans_id);
    return { click_trans_id: Number.isFinite(transId) ? transId : 0, merchant_trans_id: f.merchant_trans_id ?? '', ...extra, error: code, error_note: note };
  }

  /** The order a callback names by its number, as the pay link carried it (`transaction_param`), if it is paid through Click. */
  async function orderOf(f: ClickForm): Promise<OrderRow | undefined> {
    const order = isOrderNumber(f.merchant_trans_id!) ? await orders.find(f.merchant_trans_id!) : undefined;
    return order?.paymentMethod === 'click' ? order : undefined;
  }

  /** The checks both actions start with: fields present, signature, action. */
  function precheck(f: ClickForm, action: '0' | '1'): ClickAnswerCode | undefined {
    const settings = deps.settings;
    // Signed as the request says it is (a Complete carries merchant_prepare_id), then matched to the endpoint.
    const complete = f.action === '1';
    const fields = complete ? [...PREPARE_FIELDS, 'merchant_prepare_id'] : PREPARE_FIELDS;
    if (fields.some((k) => f[k] === undefined || f[k] === '')) return CLICK.badRequest;
    // `error` is not signed, and Complete reads "Click took the money" from it: only Click's integer counts.
    if (!/^-?\d+$/.test(f.error!)) return CLICK.badRequest;
    if (!settings || !sameSecret(f.sign_string?.toLowerCase(), clickSign(f, settings.secretKey, complete))) return CLICK.signFailed;
    if (f.action !== action) return CLICK.actionNotFound;
    if (f.service_id !== settings.serviceId) return CLICK.badRequest;
    return undefined;
  }

  /**
   * The payment is performed; its fiscal receipt goes now, but Click is answered after RECEIPT_WAIT_MS at
   * the latest, and a failure of the receipt never turns the answer into an error (the money is taken).
   */
  async function afterPaid(t: CheckoutTxRow, order: string | undefined): Promise<void> {
    if (!deps.onPaid) return;
    const work = deps.onPaid(t).catch((err: unknown) => deps.log.error({ err, order }, 'click fiscal receipt not submitted; staff should register it'));
    running.add(work);
    void work.finally(() => running.delete(work));
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, RECEIPT_WAIT_MS);
    });
    await Promise.race([work, deadline]);
    clearTimeout(timer);
  }

  /**
   * A payment this shop will not complete although Click may go on (or already did take the money): it is
   * cancelled here, so a repeated Prepare or Complete answers -9 as well, and staff are told at error level.
   */
  async function refuse(f: ClickForm, t: CheckoutTxRow, why: string) {
    await deps.settlement.cancelUnpaid(t, CLICK.cancelled[0]);
    deps.log.error({ provider: 'click', order: f.merchant_trans_id, click_trans_id: f.click_trans_id, paydoc: f.click_paydoc_id, action: f.action }, why);
    return answer(f, CLICK.cancelled);
  }

  return {
    async prepare(f: ClickForm) {
      const refused = precheck(f, '0');
      if (refused) return answer(f, refused);
      const order = await orderOf(f);
      if (!order) return answer(f, CLICK.orderNotFound);
      if (tiyin(f.amount) !== order.total * 100) return answer(f, CLICK.wrongAmount);

      const existing = await txs.findByExternal('click', f.click_trans_id!);
      if (existing) return prepared(f, existing, order);
      if (order.paymentStatus === 'paid') return answer(f, CLICK.alreadyPaid);
      if (!awaitsPayment(order)) return answer(f, CLICK.cancelled);
      // Recorded under the order's lock while it still waits: an expiry of the order meanwhile is either
      // seen here (Click must not take money for it) or sees this payment and keeps the order.
      const opened = await deps.settlement.open({
        provider: 'click',
        externalId: f.click_trans_id!,
        orderId: order.id,
        amount: order.total * 100,
        state: TX.created,
        paydocId: f.click_paydoc_id ?? null,
        createdAt: deps.clock.now(),
      });
      if (opened.row) return prepared(f, opened.row, opened.order);
      const raced = await txs.findByExternal('click', f.click_trans_id!);
      if (raced) return prepared(f, raced, opened.order);
      if (!awaitsPayment(opened.order)) return answer(f, opened.order?.paymentStatus === 'paid' ? CLICK.alreadyPaid : CLICK.cancelled);
      // Another attempt of this order is prepared and not completed yet: this one must not pay it twice.
      return answer(f, CLICK.badRequest);
    },

    async complete(f: ClickForm) {
      const refused = precheck(f, '1');
      if (refused) return answer(f, refused);
      const order = await orderOf(f);
      if (!order) return answer(f, CLICK.orderNotFound);
      let t = await txs.findByExternal('click', f.click_trans_id!);
      if (!t || String(t.id) !== f.merchant_prepare_id || t.orderId !== order.id) return answer(f, CLICK.transactionNotFound);
      if (tiyin(f.amount) !== t.amount) return answer(f, CLICK.wrongAmount);
      if (t.state === TX.performed) return answer(f, CLICK.alreadyPaid);
      const clickError = Number(f.error);
      if (t.state !== TX.created) {
        if (clickError >= 0) deps.log.error({ provider: 'click', order: order.number, click_trans_id: f.click_trans_id, paydoc: f.click_paydoc_id }, 'click completed a payment this shop had cancelled; answered -9 so Click undoes it; check it in Click’s cabinet');
        return answer(f, CLICK.cancelled);
      }

      if (clickError < 0) {
        // Click could not take the money: the payment and the order are cancelled and the stock returns.
        await deps.settlement.cancelUnpaid(t, clickError);
        return answer(f, CLICK.cancelled);
      }
      const done = await deps.settlement.perform(t);
      t = (await txs.findById(t.id)) ?? t;
      if (t.state === TX.performed) {
        if (done) await afterPaid(t, order.number);
        return answer(f, done ? CLICK.ok : CLICK.alreadyPaid, { merchant_confirm_id: t.id });
      }
      // The order stopped waiting (it expired) between Prepare and Complete. The payment is cancelled too:
      // a repeated Complete or Prepare then answers -9 again rather than "prepared".
      if (t.state === TX.created) return refuse(f, t, 'click completed a payment for an order that no longer waits; answered -9 so Click undoes it; check it in Click’s cabinet');
      return answer(f, CLICK.cancelled);
    },

    /** Resolves once every fiscal submission still running after its Complete has ended (tests, shutdown). */
    async idle(): Promise<void> {
      while (running.size > 0) await Promise.all([...running]);
    },
  };

  async function prepared(f: ClickForm, t: CheckoutTxRow, order: OrderRow | undefined) {
    if (t.state === TX.performed) return answer(f, CLICK.alreadyPaid);
    if (t.state !== TX.created) return answer(f, CLICK.cancelled);
    if (!awaitsPayment(order)) return refuse(f, t, 'click prepared a payment for an order that no longer waits; answered -9');
    return answer(f, CLICK.ok, { merchant_prepare_id: t.id });
  }
}

export type ClickShop = ReturnType<typeof createClickShop>;
