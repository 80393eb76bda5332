import { z } from 'zod';
import { type Db } from '../../db/client.js';
import { type Clock } from '../../lib/clock.js';
import { type OrderRecords, type OrderRow, receiptFromItems } from '../orders/index.js';
import { type PaymeResult } from './checkout-payments.schema.js';
import { isOrderNumber } from './pay-links.js';
import { PAYME, PaymeFault } from './payme-errors.js';
import { type CheckoutSettlement, REFUNDABLE_STATUSES, awaitsPayment } from './settlement.js';
import { type CheckoutTxRow, PAYME_TX_LIFETIME_MS, TX, createCheckoutTransactionRepository } from './transactions.repository.js';

const id = z.string().min(1).max(64);
const amount = z.number().int().positive();
const account = z.object({ order_id: z.union([z.string(), z.number()]).optional() }).passthrough();
/** Each method's params (Merchant API "Типы данных": ID a string, Timestamp milliseconds, Amount tiyin). */
const PARAMS = {
  CheckPerformTransaction: z.object({ amount, account }),
  CreateTransaction: z.object({ id, time: z.number().int().positive(), amount, account }),
  PerformTransaction: z.object({ id }),
  CancelTransaction: z.object({ id, reason: z.number().int() }),
  CheckTransaction: z.object({ id }),
  GetStatement: z.object({ from: z.number().int().min(0), to: z.number().int().min(0) }),
  SetFiscalData: z.object({ id, type: z.enum(['PERFORM', 'CANCEL']), fiscal_data: z.record(z.string(), z.unknown()) }),
} as const;
export type PaymeMethod = keyof typeof PARAMS;
export const isPaymeMethod = (m: string): m is PaymeMethod => Object.hasOwn(PARAMS, m);

const ms = (d: Date | null) => (d ? d.getTime() : 0);

/** A transaction's times, id, state and reason as CheckTransaction and GetStatement both answer them. */
const transactionState = (t: CheckoutTxRow) => ({
  create_time: ms(t.createdAt),
  perform_time: ms(t.performedAt),
  cancel_time: ms(t.cancelledAt),
  transaction: String(t.id),
  state: t.state,
  reason: t.reason ?? null,
});

/**
 * The shop's side of the Payme Merchant API (developer.help.paycom.uz): Payme asks whether an order can
 * be paid, creates a transaction for it, performs (the money moved) or cancels it. Every method is
 * idempotent on Payme's transaction id: a repeat answers what the first call answered.
 */
export function createPaymeMerchant(deps: { db: Db; clock: Clock; settlement: CheckoutSettlement; orders: Pick<OrderRecords, 'find' | 'items' | 'numbers'> }) {
  const { orders } = deps;
  const txs = createCheckoutTransactionRepository(deps.db);

  /**
   * The order named by `account.order_id`, if it is paid through Payme; -31050 otherwise. Only the order
   * number as the pay link carries it (`BZ-…`): `orders.find` also takes the row id and any letter case,
   * and GetStatement would then name the order otherwise than the CreateTransaction Payme recorded.
   */
  async function orderOf(acc: z.infer<typeof account>): Promise<OrderRow> {
    const ref = acc.order_id === undefined ? '' : String(acc.order_id);
    const order = isOrderNumber(ref) ? await orders.find(ref) : undefined;
    if (!order || order.paymentMethod !== 'payme') throw new PaymeFault(PAYME.orderNotFound, 'order_id');
    return order;
  }

  /** CheckPerformTransaction's checks, shared with CreateTransaction: order, amount, still payable, not being paid. */
  async function payable(params: { amount: number; account: z.infer<typeof account> }, ignoreTx?: string): Promise<OrderRow> {
    const order = await orderOf(params.account);
    if (params.amount !== order.total * 100) throw new PaymeFault(PAYME.wrongAmount);
    if (order.paymentStatus !== 'pending' || order.status === 'cancelled') throw new PaymeFault(PAYME.orderNotPayable, 'order_id');
    const active = await txs.activeFor(order.id);
    if (active && active.externalId !== ignoreTx) throw new PaymeFault(PAYME.orderBusy, 'order_id');
    return order;
  }

  async function find(txId: string): Promise<CheckoutTxRow> {
    const row = await txs.findByExternal('payme', txId);
    if (!row) throw new PaymeFault(PAYME.transactionNotFound);
    return row;
  }

  const expired = (t: CheckoutTxRow) => t.state === TX.created && deps.clock.now().getTime() - ms(t.providerTime) > PAYME_TX_LIFETIME_MS;

  /** A created transaction past Payme's 12 hours is cancelled with reason 4 (time-out); answers it as it now stands. */
  async function expireIfDue(t: CheckoutTxRow): Promise<CheckoutTxRow> {
    if (!expired(t)) return t;
    await deps.settlement.cancelUnpaid(t, 4);
    return (await txs.findById(t.id)) ?? t;
  }

  const cancelAnswer = (t: CheckoutTxRow) => ({ transaction: String(t.id), cancel_time: ms(t.cancelledAt), state: t.state });

  const methods = {
    async CheckPerformTransaction(p: z.infer<typeof PARAMS.CheckPerformTransaction>) {
      const order = await payable(p);
      const receipt = receiptFromItems(order, await orders.items(order.id));
      return {
        allow: true as const,
        // The fiscal receipt Payme prints: each line's MXIK (code), package code and VAT, tiyin, shipping apart.
        detail: {
          receipt_type: 0,
          ...(receipt.shipping ? { shipping: receipt.shipping } : {}),
          items: receipt.items.map((i) => ({ title: i.title, price: i.price, count: i.count, code: i.code, package_code: i.packageCode, vat_percent: i.vatPercent })),
        },
      };
    },

    async CreateTransaction(p: z.infer<typeof PARAMS.CreateTransaction>): Promise<{ create_time: number; transaction: string; state: number }> {
      const existing = await txs.findByExternal('payme', p.id);
      if (existing) {
        const now = await expireIfDue(existing);
        if (now.state !== TX.created) throw new PaymeFault(PAYME.cannotPerform);
        return { create_time: ms(now.createdAt), transaction: String(now.id), state: now.state };
      }
      const order = await payable(p, p.id);
      const clockNow = deps.clock.now();
      // Payme's own creation time is already past the transaction's lifetime: it can never be performed.
      if (clockNow.getTime() - p.time > PAYME_TX_LIFETIME_MS) throw new PaymeFault(PAYME.cannotPerform);
      // Recorded under the order's lock while it still waits: an expiry meanwhile is seen here, or sees it.
      const { row, order: now } = await deps.settlement.open({ provider: 'payme', externalId: p.id, orderId: order.id, amount: p.amount, state: TX.created, providerTime: new Date(p.time), createdAt: clockNow });
      if (!row) {
        // A unique index refused it: the same id raced in (answer it), or another transaction took the order;
        // or the order stopped waiting (expired) since it was read.
        if (await txs.findByExternal('payme', p.id)) return methods.CreateTransaction(p);
        if (!awaitsPayment(now)) throw new PaymeFault(PAYME.orderNotPayable, 'order_id');
        throw new PaymeFault(PAYME.orderBusy, 'order_id');
      }
      return { create_time: ms(row.createdAt), transaction: String(row.id), state: row.state };
    },

    async PerformTransaction(p: z.infer<typeof PARAMS.PerformTransaction>) {
      let t = await expireIfDue(await find(p.id));
      if (t.state === TX.created) {
        await deps.settlement.perform(t);
        // Whoever won (this call or a concurrent repeat), the transaction now says what happened.
        t = (await txs.findById(t.id)) ?? t;
      }
      if (t.state !== TX.performed) throw new PaymeFault(PAYME.cannotPerform);
      return { transaction: String(t.id), perform_time: ms(t.performedAt), state: t.state };
    },

    async CancelTransaction(p: z.infer<typeof PARAMS.CancelTransaction>) {
      let t = await find(p.id);
      if (t.state === TX.created) {
        await deps.settlement.cancelUnpaid(t, p.reason);
        t = (await txs.findById(t.id)) ?? t;
      }
      if (t.state === TX.performed) {
        const order = await orders.find(String(t.orderId));
        const refundable = order && (REFUNDABLE_STATUSES as readonly string[]).includes(order.status);
        if (refundable) await deps.settlement.refund(t, p.reason);
        t = (await txs.findById(t.id)) ?? t;
        if (t.state === TX.performed) throw new PaymeFault(PAYME.cannotCancel);
      }
      return cancelAnswer(t);
    },

    async CheckTransaction(p: z.infer<typeof PARAMS.CheckTransaction>) {
      return transactionState(await expireIfDue(await find(p.id)));
    },

    async GetStatement(p: z.infer<typeof PARAMS.GetStatement>) {
      const rows = await txs.statement('payme', new Date(p.from), new Date(p.to));
      const numbers = await orders.numbers([...new Set(rows.map((t) => t.orderId))]);
      return {
        transactions: rows.map((t) => ({
          id: t.externalId,
          time: ms(t.providerTime),
          amount: t.amount,
          account: { order_id: numbers.get(t.orderId) ?? String(t.orderId) },
          ...transactionState(t),
        })),
      };
    },

    /** Payme sends the fiscal receipt it registered for a performed (or cancelled) transaction; kept for staff. */
    async SetFiscalData(p: z.infer<typeof PARAMS.SetFiscalData>) {
      const t = await find(p.id);
      await txs.setFiscal(t.id, p.type, p.fiscal_data);
      return { success: true as const };
    },
  };

  return {
    /** Runs one method with its params checked (-32600 when they do not fit the method). */
    async call(method: PaymeMethod, params: unknown): Promise<PaymeResult> {
      const parsed = PARAMS[method].safeParse(params);
      if (!parsed.success) throw new PaymeFault(PAYME.invalidRequest, parsed.error.issues[0]?.path.join('.'));
      // The schemas and the methods are keyed alike; TypeScript cannot pair them through the union.
      const run = methods[method] as (p: unknown) => Promise<PaymeResult>;
      return run(parsed.data);
    },
  };
}

export type PaymeMerchant = ReturnType<typeof createPaymeMerchant>;
