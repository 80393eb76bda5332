import { type FastifyBaseLogger } from 'fastify';
import { type Metrics } from '../../lib/metrics.js';
import { type Config } from '../../config.js';
import { type Db } from '../../db/client.js';
import { pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type ClickOfd, type OfdItem, createClickOfd } from '../../providers/payments/click-ofd.js';
import { type SmsProvider } from '../../providers/sms/sms.js';
import { type AuditService } from '../audit/index.js';
import { type AuthService } from '../auth/index.js';
import { type CheckoutPort, DELIVERY_TITLE, type OrderRecords, type PaymentToRefund, linesWithoutLabels } from '../orders/index.js';
import { createClickShop } from './click-shop.js';
import { createCheckoutExpiry } from './expiry.js';
import { createPaymeMerchant } from './payme-merchant.js';
import { createPaymeRpc } from './payme-rpc.js';
import { createCheckoutSettlement } from './settlement.js';
import { clickReceiptOf, setOfd } from './fiscal-receipt.js';
import { payUrl } from './pay-links.js';
import { type CheckoutTxRow, TX, createCheckoutTransactionRepository } from './transactions.repository.js';

/**
 * Payme checkout and Click: the providers' callbacks, the expiry of unpaid orders, Click's fiscal receipts.
 * It is also what the orders module asks of payments on the providers' pages (orders' `CheckoutPort`: the pay
 * link, a receipt's state, the payment a refund is made against), wired in by services.ts.
 */
export function createCheckoutPayments(deps: {
  db: Db;
  clock: Clock;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  config: Config;
  ofd?: ClickOfd;
  metrics?: Metrics;
  /** The orders module: the order a callback names, and its payment's moves in the settlement's transactions. */
  orders: OrderRecords;
  /** The auth module, which owns customers (the settlement's SMS). */
  customers: Pick<AuthService, 'customer'>;
  /** The settlement's `order.payment` entries (the provider as the actor). */
  audit: Pick<AuditService, 'record'>;
}) {
  const { checkout } = deps.config;
  const settlement = createCheckoutSettlement(deps);
  const txs = createCheckoutTransactionRepository(deps.db);
  const click = checkout.click;
  const ofd = deps.ofd ?? (click?.fiscalTin ? createClickOfd({ ...click, tin: click.fiscalTin }) : undefined);

  /**
   * Click's OFD receipt for a completed payment, once: a failure is logged for staff, never undoes the
   * payment. A receipt must carry the marking codes of marked lines (`Labels`), which staff scan when they
   * assemble the order, usually after the payment: until every marked line has its codes the receipt waits
   * (`OFD: {waiting}`), and it goes when the last codes are saved (`afterLabels`). The order's row is locked
   * while the codes are read and the submission claimed, so a code written at that moment is either on the
   * receipt or refused (marking.ts takes the same lock), and two callers never both submit.
   */
  async function submitWhenReady(t: CheckoutTxRow): Promise<void> {
    if (!ofd || !t.paydocId) return;
    const now = deps.clock.now().toISOString();
    const ready = await deps.db.transaction(async (tx) => {
      const order = await deps.orders.forTx(tx).lock(t.orderId);
      if (!order) return undefined;
      const items = await deps.orders.forTx(tx).items(order.id);
      const missing = linesWithoutLabels(items);
      if (missing.length > 0) {
        if (await setOfd(tx, t.id, { waiting: 'labels', since: now }, 'empty')) {
          deps.log.info({ order: order.number, lines: missing.map((i) => i.sku) }, 'click fiscal receipt waits for marking codes');
        }
        return undefined;
      }
      return (await setOfd(tx, t.id, { submitting: now }, 'open')) ? { order, items } : undefined;
    });
    if (!ready) return;
    const { order, items } = ready;
    const lines: OfdItem[] = items.map((i) => ({ name: pick(i.name, 'uz'), spic: i.mxit, packageCode: i.mxitUnit, unitPrice: i.price * 100, count: i.quantity, vatPercent: i.vatPercent, labels: i.labels }));
    const delivery = checkout.deliveryFiscal;
    if (order.deliveryFee > 0 && delivery) {
      lines.push({ name: DELIVERY_TITLE, spic: delivery.mxik, packageCode: delivery.packageCode, unitPrice: order.deliveryFee * 100, count: 1, vatPercent: delivery.vatPercent, labels: [] });
    } else if (order.deliveryFee > 0) {
      // no MXIK for delivery configured: the receipt lists (and counts as received) the goods alone
      deps.log.warn({ order: order.number, delivery_fee: order.deliveryFee }, 'click fiscal receipt without the delivery fee: FISCAL_DELIVERY_MXIK is not set; staff should register the delivery');
    }
    try {
      const result = await ofd.submitItems(t.paydocId, lines, lines.reduce((sum, l) => sum + l.unitPrice * l.count, 0));
      await txs.setFiscal(t.id, 'OFD', { error_code: result.errorCode, error_note: result.errorNote });
      if (result.errorCode !== 0) deps.log.error({ order: order.number, ...result }, 'click fiscal receipt refused; staff should register it');
    } catch (err) {
      await txs.setFiscal(t.id, 'OFD', { not_submitted: err instanceof Error ? err.message : String(err) }).catch(() => undefined);
      deps.log.error({ err, order: order.number }, 'click fiscal receipt not submitted; staff should register it');
    }
  }

  const port: CheckoutPort = {
    payLink: (order, origin) => payUrl(order, checkout, origin),
    receiptState: clickReceiptOf,
    async paymentsToRefund(orderIds) {
      const rows = await txs.performedFor(orderIds);
      return new Map(rows.map((t): [number, PaymentToRefund] => [t.orderId, { provider: t.provider, externalId: t.externalId, paydocId: t.paydocId, amount: t.amount }]));
    },
    /**
     * Staff saved marking codes of the order (back office): a Click receipt that waited for them goes now, if
     * every marked line has its codes. Nothing happens for other payments, an unpaid order, or a receipt
     * already submitted.
     */
    async afterLabels(orderId) {
      if (!ofd) return;
      const t = await txs.activeFor(orderId);
      if (t?.provider === 'click' && t.state === TX.performed) await submitWhenReady(t);
    },
  };

  return {
    ...port,
    settlement,
    payme: createPaymeRpc({ merchant: createPaymeMerchant({ db: deps.db, clock: deps.clock, settlement, orders: deps.orders }), settings: checkout.payme, log: deps.log }),
    click: createClickShop({ db: deps.db, clock: deps.clock, settlement, orders: deps.orders, settings: click, log: deps.log, onPaid: submitWhenReady }),
    expiry: createCheckoutExpiry({ db: deps.db, clock: deps.clock, settlement, orders: deps.orders, log: deps.log, intervalS: deps.config.reconcile.intervalS }),
  };
}

export type CheckoutPayments = ReturnType<typeof createCheckoutPayments>;
