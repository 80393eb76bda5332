import { type FastifyBaseLogger } from 'fastify';
import { type Config } from './config.js';
import { type Database } from './db/client.js';
import { type Clock } from './lib/clock.js';
import { type Metrics, createMetrics } from './lib/metrics.js';
import { type RateLimiter } from './providers/limits/limiter.js';
import { type MediaStorage } from './providers/media/media.js';
import { type SmsProvider } from './providers/sms/sms.js';
import { cappedSms } from './providers/sms/capped.js';
import { createAuthService } from './modules/auth/index.js';
import { createStaffCustomersService } from './modules/auth/index.js';
import { createAuditService } from './modules/audit/index.js';
import { createOtpChallenge } from './modules/auth/index.js';
import { createStaffService } from './modules/staff/index.js';
import { createProfileService } from './modules/profile/index.js';
import { createAdminContentService, createShopInfoService } from './modules/content/index.js';
import { createAdminProductsService, createAdminStockService, createCatalogImportService, createCatalogService } from './modules/catalog/index.js';
import { createCartService } from './modules/cart/index.js';
import { createCashHoldExpiry, createOrderPayments, createOrderRecords, createOrderService, createStaffOrdersService } from './modules/orders/index.js';
import { createCardService } from './modules/payments/index.js';
import { createCheckoutPayments, createCheckoutSettlement, createClickRefunds } from './modules/checkout-payments/index.js';
import { createAvailabilityService } from './modules/availability/index.js';
import { createStockAlerts } from './modules/stock-alerts/index.js';
import { createFavourites } from './modules/favourites/index.js';
import { type PaymentProvider } from './providers/payments/payment.js';
import { createClickMerchant, createSandboxClickMerchant } from './providers/payments/click-merchant.js';

/** The providers a running API is wired with; tests swap any of them for a fake. */
export interface Providers {
  database: Database;
  sms: SmsProvider;
  limiter: RateLimiter;
  media: MediaStorage;
  clock: Clock;
  payments: PaymentProvider;
}

/** Every service, built once per app from its providers (no module-level singletons). */
export function createServices(config: Config, providers: Providers, log: FastifyBaseLogger, metrics: Metrics = createMetrics()) {
  const { db } = providers.database;
  const audit = createAuditService({ db, clock: providers.clock });
  const auth = createAuthService({ db, sms: providers.sms, limiter: providers.limiter, clock: providers.clock, media: providers.media, otp: config.otp, log, audit, metrics });
  const staffChallenge = createOtpChallenge({ db, sms: providers.sms, limiter: providers.limiter, clock: providers.clock, otp: config.otp, log, scope: 'staff', sendAfterAnswer: true, metrics });
  const staff = createStaffService({ db, clock: providers.clock, challenge: staffChallenge, audit, log });
  /**
   * Texts other than sign-in codes, SMS_DAILY_CAP_PER_PHONE a day to one phone at most; stock alerts stop at
   * half of it, so the news of an order always has room (docs/operations.md "SMS spending").
   */
  const notices = cappedSms(providers.sms, { limiter: providers.limiter, limit: config.notices.perPhoneDay });
  const alertTexts = cappedSms(providers.sms, { limiter: providers.limiter, limit: Math.floor(config.notices.perPhoneDay / 2) });
  const shopInfo = createShopInfoService({ db, media: providers.media, clock: providers.clock });
  const cards = createCardService({ db, provider: providers.payments, limiter: providers.limiter, clock: providers.clock, log });
  /** Orders as checkout-payments reaches them: the order a callback names, its payment moved in the settlement's transaction. */
  const orderRecords = createOrderRecords({ db });
  const clickConfig = config.checkout.click;
  const clickRefunds = clickConfig
    ? createClickRefunds({
        db,
        clock: providers.clock,
        orders: orderRecords,
        click: clickConfig.simulated ? createSandboxClickMerchant() : createClickMerchant(clickConfig),
        settlement: createCheckoutSettlement({ db, clock: providers.clock, sms: notices, log, metrics, orders: orderRecords, customers: auth, audit }),
        log,
      })
    : undefined;
  const orderPayments = createOrderPayments({
    db,
    clock: providers.clock,
    payments: providers.payments,
    sms: notices,
    log,
    settings: config.reconcile,
    callTimeoutMs: config.payment.provider === 'payme' ? config.payment.timeoutMs : 1000,
    providerRefund: clickRefunds ? (order, options) => (order.paymentMethod === 'click' ? clickRefunds.settle(order, options) : Promise.resolve(false)) : undefined,
    customers: auth,
    metrics,
  });
  const checkout = createCheckoutPayments({ db, clock: providers.clock, sms: notices, log, config, metrics, orders: orderRecords, customers: auth, audit });
  const cart = createCartService({ db, media: providers.media, clock: providers.clock, lineMaxQty: config.orderLimits.lineMaxQty });
  const orders = createOrderService({ db, clock: providers.clock, media: providers.media, orderPayments, cards, sms: notices, log, checkout: config.checkout, checkoutPayments: checkout, audit, limits: config.orderLimits, refunds: config.refunds, cart, customers: auth, shopInfo, metrics });
  const catalog = createCatalogService({ db, media: providers.media, slides: (lang) => shopInfo.slides(lang), lineMaxQty: config.orderLimits.lineMaxQty, metrics });
  // A catalogue change made here shows in this process at once; other API processes follow within 30 s (their caches' TTL).
  const catalogueDeps = { db, clock: providers.clock, media: providers.media, audit, lowStockThreshold: config.lowStockThreshold, onChange: () => catalog.invalidate() };
  const adminStock = createAdminStockService(catalogueDeps);
  /** A signed-in shopper's favourites (a guest's stay in the browser until sign-in merges them). */
  const favourites = createFavourites({ db, clock: providers.clock, catalog });
  /** The back office's orders and dashboard (the low-stock count is the catalogue's stock). */
  const staffOrders = createStaffOrdersService({ db, clock: providers.clock, orders, audit, refunds: config.refunds, lowStockCount: adminStock.lowStockCount, checkoutPayments: checkout });
  return {
    cards,
    orderPayments,
    checkout,
    orders,
    /** Unconfirmed cash orders give their stock back after CASH_ORDER_HOLD_H (each pass with the reconciler's interval). */
    cashHolds: createCashHoldExpiry({ db, clock: providers.clock, orders, log, intervalS: config.reconcile.intervalS }),
    staffOrders,
    /** The back office's customers; their orders are the orders module's (staffOrders). */
    staffCustomers: createStaffCustomersService({ db, auth, orders: staffOrders }),
    auth,
    audit,
    staff,
    profile: createProfileService({ db, media: providers.media, clock: providers.clock, auth, favourites, audit }),
    shopInfo,
    /** The back office's categories, brands, banners, posts, pages, stores and delivery settings. */
    adminContent: createAdminContentService({ db, clock: providers.clock, media: providers.media, audit, onChange: () => catalog.invalidate() }),
    catalog,
    /** The back office's products (with pictures), stock movements and low stock, and the catalogue CSV. */
    adminProducts: createAdminProductsService(catalogueDeps),
    adminStock,
    catalogImport: createCatalogImportService({ ...catalogueDeps, longJob: providers.database.longJob }),
    cart,
    /** Stock per pickup store and the delivery estimate of the product page. */
    availability: createAvailabilityService({ db, clock: providers.clock, catalog, shopInfo }),
    /** "Notify me when in stock": texts waiting shoppers once stock is back (each pass with the reconciler's interval). */
    stockAlerts: createStockAlerts({ db, clock: providers.clock, sms: alertTexts, log, intervalS: config.reconcile.intervalS, publicUrl: config.publicUrl, cooldownH: config.notices.alertCooldownH }),
    favourites,
  };
}

export type Services = ReturnType<typeof createServices>;
