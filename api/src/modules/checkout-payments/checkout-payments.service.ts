import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../../config.js';
import { type Db } from '../../db/client.js';
import { pick } from '../../i18n/lang.js';
import { type Clock } from '../../lib/clock.js';
import { type ClickOfd, createClickOfd } from '../../providers/payments/click-ofd.js';
import { type SmsProvider } from '../../providers/sms/sms.js';
import { createOrderRepository } from '../orders/orders.repository.js';
import { createClickShop } from './click-shop.js';
import { createCheckoutExpiry } from './expiry.js';
import { createPaymeMerchant } from './payme-merchant.js';
import { createPaymeRpc } from './payme-rpc.js';
import { createCheckoutSettlement } from './settlement.js';
import { type CheckoutTxRow, createCheckoutTransactionRepository } from './transactions.repository.js';

/** Payme checkout and Click: the providers' callbacks, the expiry of unpaid orders, Click's fiscal receipts. */
export function createCheckoutPayments(deps: { db: Db; clock: Clock; sms: SmsProvider; log: FastifyBaseLogger; config: Config; ofd?: ClickOfd }) {
  const { checkout } = deps.config;
  const settlement = createCheckoutSettlement(deps);
  const orders = createOrderRepository(deps.db);
  const txs = createCheckoutTransactionRepository(deps.db);
  const click = checkout.click;
  const ofd = deps.ofd ?? (click?.fiscalTin ? createClickOfd({ ...click, tin: click.fiscalTin }) : undefined);

  /** Click's OFD receipt for a completed payment; a failure is logged for staff, never undoes the payment. */
  async function fiscalise(t: CheckoutTxRow): Promise<void> {
    if (!ofd || !t.paydocId) return;
    const order = await orders.findByNumberOrId(String(t.orderId));
    if (!order) return;
    const items = await orders.items(order.id);
    const lines = items.map((i) => ({ name: pick(i.name, 'uz'), spic: i.mxit, packageCode: i.mxitUnit, unitPrice: i.price * 100, count: i.quantity, vatPercent: i.vatPercent, labels: i.labels }));
    try {
      // Goods only: the shop has no MXIK for delivery, so the fee is left out of the items and of received_card.
      const result = await ofd.submitItems(t.paydocId, lines, lines.reduce((sum, l) => sum + l.unitPrice * l.count, 0));
      await txs.setFiscal(t.id, 'OFD', { error_code: result.errorCode, error_note: result.errorNote });
      if (result.errorCode !== 0) deps.log.error({ order: order.number, ...result }, 'click fiscal receipt refused; staff should register it');
    } catch (err) {
      deps.log.error({ err, order: order.number }, 'click fiscal receipt not submitted; staff should register it');
    }
  }

  return {
    settlement,
    payme: createPaymeRpc({ merchant: createPaymeMerchant({ db: deps.db, clock: deps.clock, settlement }), settings: checkout.payme, log: deps.log }),
    click: createClickShop({ db: deps.db, clock: deps.clock, settlement, settings: click, log: deps.log, onPaid: fiscalise }),
    expiry: createCheckoutExpiry({ db: deps.db, clock: deps.clock, settlement, log: deps.log, intervalS: deps.config.reconcile.intervalS }),
  };
}

export type CheckoutPayments = ReturnType<typeof createCheckoutPayments>;
