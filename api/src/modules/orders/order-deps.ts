import { type FastifyBaseLogger } from 'fastify';
import { type Config } from '../../config.js';
import { type Db } from '../../db/client.js';
import { type Clock } from '../../lib/clock.js';
import { type Metrics } from '../../lib/metrics.js';
import { type MediaStorage } from '../../providers/media/media.js';
import { type SmsProvider } from '../../providers/sms/sms.js';
import { type AuditService } from '../audit/index.js';
import { type AuthService } from '../auth/index.js';
import { type CartService } from '../cart/index.js';
import { type ShopInfoService } from '../content/index.js';
import { type CardService } from '../payments/index.js';
import { type CheckoutPort } from './checkout-port.js';
import { type OrderPayments } from './order-payments.js';
import { type OrderRepository } from './orders.repository.js';

/**
 * What the order service is built from (services.ts): each of its parts (placing, 1-click, queries, status)
 * takes the few of these it uses, plus the one repository they share.
 */
export interface OrderDeps {
  db: Db;
  clock: Clock;
  media: MediaStorage;
  orderPayments: OrderPayments;
  cards: CardService;
  sms: SmsProvider;
  log: FastifyBaseLogger;
  checkout: Config['checkout'];
  /** checkout-payments (checkout-port.ts): where an unpaid `payme`/`click` order is paid. */
  checkoutPayments: Pick<CheckoutPort, 'payLink'>;
  audit: AuditService;
  limits: Config['orderLimits'];
  /** When a refund owed by hand is due (the shopper's order says by when). */
  refunds: Config['refunds'];
  /** The cart module, which owns the cart: an order placed from the cart empties it there. */
  cart: Pick<CartService, 'clear'>;
  /** The auth module, which owns customers: the phone a status SMS goes to. */
  customers: Pick<AuthService, 'customer'>;
  /** The content module, which owns the stores and the delivery settings an order is priced and shown with. */
  shopInfo: Pick<ShopInfoService, 'storeRows' | 'deliveryRows'>;
  metrics?: Metrics;
}

/** The deps of one part of the order service, with the repository they all share. */
export type OrderPartDeps<K extends keyof OrderDeps> = Pick<OrderDeps, K> & { repo: OrderRepository };
