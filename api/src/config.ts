import path from 'node:path';
import { type z } from 'zod';
import { ConfigError, envSchema } from './config-env.js';
import { checkoutConfig, mediaConfig } from './config-providers.js';

export { ConfigError, envSchema, type Env } from './config-env.js';

export interface Config {
  port: number;
  host: string;
  publicUrl: string | undefined;
  dataDir: string;
  databaseUrl: string | undefined;
  redisUrl: string | undefined;
  mediaDir: string;
  /**
   * Where media is stored: `disk` under mediaDir, or an S3-compatible bucket (the official AWS SDK v3
   * client; path-style addressing by default when an endpoint is set, as MinIO wants).
   */
  media:
    | { storage: 'disk' }
    | {
        storage: 's3';
        s3: { bucket: string; region: string; endpoint: string | undefined; accessKeyId: string | undefined; secretAccessKey: string | undefined; forcePathStyle: boolean; timeoutMs: number };
      };
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  seed: 'demo' | 'none';
  sms:
    | { provider: 'log' }
    | { provider: 'eskiz'; baseUrl: string; email: string; password: string; from: string };
  /** Saved cards (PAYMENT_PROVIDER): `none` takes no card payments. */
  payment:
    | { provider: 'sandbox' }
    | { provider: 'payme'; baseUrl: string; merchantId: string; key: string; timeoutMs: number }
    | { provider: 'none' };
  /**
   * The payment reconciler (docs/operations.md): how often each API process looks for unsettled card
   * payments, the first wait before asking the provider about one (doubling up to the cap), and how old
   * a `pending` card payment must be before it counts as left behind by a crash.
   */
  reconcile: { intervalS: number; recheckS: number; recheckMaxS: number; staleS: number };
  /**
   * Paying on the provider's page (`payme`, `click`): outside the sandbox each is offered when its
   * credentials are set. In sandbox mode (`sandbox`: PAYMENT_PROVIDER=sandbox, no live payment variable
   * at all) both are, and the API's own test pages play the providers with credentials made up per process.
   */
  checkout: {
    sandbox: boolean;
    /** An unpaid order gives its stock back this long after it was placed. */
    ttlS: number;
    payme?: { merchantId: string; key: string; checkoutUrl: string; allowedIps: string[] };
    click?: { serviceId: string; merchantId: string; secretKey: string; merchantUserId: string; payUrl: string; apiUrl: string; fiscalTin: string | undefined; timeoutMs: number; simulated: boolean };
    /**
     * The delivery service's fiscal codes: a fiscal receipt must cover all that was paid, the delivery fee
     * too, as a line of its own. Unset: the receipt lists the goods only (docs/operations.md).
     */
    deliveryFiscal?: { mxik: string; packageCode: string; vatPercent: number };
  };
  /**
   * Limits against stock hoarding (docs/operations.md "Order limits"): open unpaid orders per customer, units
   * of one variant per order line (individuals; legal entities apart), and how long an unconfirmed cash
   * order holds its stock (staff may extend it once by as much).
   */
  orderLimits: { openUnpaidMax: number; lineMaxQty: { individual: number; legal: number }; cashHoldH: number };
  /**
   * Refunds staff make by hand in a provider's merchant cabinet (docs/operations.md "Refunds owed by hand"):
   * overdue this many hours after the order was cancelled; the cabinets the back office links to.
   */
  refunds: { overdueH: number; paymeCabinetUrl: string; clickCabinetUrl: string };
  /** A variant with fewer units than this in a store is "low stock" there, unless it has its own threshold. */
  lowStockThreshold: number;
  catalogApiKey: string | undefined;
  yandexMapsApiKey: string | undefined;
  otp: { ttlS: number; resendS: number; puzzleBits: number; phoneDayMax: number };
  /**
   * Texts other than sign-in codes (docs/operations.md "SMS spending"): at most `perPhoneDay` a day to one
   * phone, of which stock alerts use at most half; one stock alert per variant and shopper per `alertCooldownH`.
   */
  notices: { perPhoneDay: number; alertCooldownH: number };
  /** GET /metrics on its own port (never the public one); undefined: not served. */
  metrics: { port: number; host: string } | undefined;
}

/**
 * Parses the environment once, at start-up. Empty strings count as unset so that a
 * `.env` copied from `.env.example` with blank values behaves like no value at all.
 */
export function loadConfig(rawEnv: Record<string, string | undefined> = process.env): Config {
  const env: Record<string, string> = {};
  for (const key of Object.keys(envSchema.shape)) {
    const value = rawEnv[key];
    if (value !== undefined && value.trim() !== '') env[key] = value.trim();
  }
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const variable = String(issue.path[0] ?? 'environment');
    throw new ConfigError(variable, `(${JSON.stringify(env[variable] ?? '')}): ${issue.message}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);

  let sms: Config['sms'] = { provider: 'log' };
  // The log provider writes sign-in codes to the log: fine on a developer's machine, never on a public shop.
  if (e.SMS_PROVIDER === 'log' && e.PUBLIC_URL?.startsWith('https://')) {
    throw new ConfigError('SMS_PROVIDER', `is "log" (sign-in codes in the log) while PUBLIC_URL is https: set SMS_PROVIDER=eskiz with ESKIZ_EMAIL and ESKIZ_PASSWORD`);
  }
  if (e.SMS_PROVIDER === 'eskiz') {
    if (!e.ESKIZ_EMAIL) throw new ConfigError('ESKIZ_EMAIL', 'is required when SMS_PROVIDER=eskiz');
    if (!e.ESKIZ_PASSWORD) throw new ConfigError('ESKIZ_PASSWORD', 'is required when SMS_PROVIDER=eskiz');
    sms = { provider: 'eskiz', baseUrl: e.ESKIZ_BASE_URL, email: e.ESKIZ_EMAIL, password: e.ESKIZ_PASSWORD, from: e.ESKIZ_FROM };
  }
  let payment: Config['payment'] = { provider: e.PAYMENT_PROVIDER === 'none' ? 'none' : 'sandbox' };
  if (e.PAYMENT_PROVIDER === 'payme') {
    if (!e.PAYME_MERCHANT_ID) throw new ConfigError('PAYME_MERCHANT_ID', 'is required when PAYMENT_PROVIDER=payme');
    if (!e.PAYME_KEY) throw new ConfigError('PAYME_KEY', 'is required when PAYMENT_PROVIDER=payme');
    payment = { provider: 'payme', baseUrl: e.PAYME_BASE_URL, merchantId: e.PAYME_MERCHANT_ID, key: e.PAYME_KEY, timeoutMs: e.PAYME_TIMEOUT_MS };
  }
  const checkout = checkoutConfig(e);
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    throw new ConfigError('METRICS_PORT', `(${e.METRICS_PORT}): must differ from PORT — metrics never share the public port`);
  }
  if (e.PAYMENT_RECHECK_MAX_S < e.PAYMENT_RECHECK_S) {
    throw new ConfigError('PAYMENT_RECHECK_MAX_S', `(${e.PAYMENT_RECHECK_MAX_S}): must be at least PAYMENT_RECHECK_S (${e.PAYMENT_RECHECK_S})`);
  }
  // A checkout makes two provider calls (receipts.create, receipts.pay), each up to the time-out; a
  // payment younger than that may still be in a live request, so the crash sweep must not touch it.
  if (e.PAYMENT_STALE_S * 1000 <= 2 * e.PAYME_TIMEOUT_MS) {
    throw new ConfigError('PAYMENT_STALE_S', `(${e.PAYMENT_STALE_S}): must be longer than two PAYME_TIMEOUT_MS (${2 * e.PAYME_TIMEOUT_MS} ms)`);
  }

  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl: e.PUBLIC_URL?.replace(/\/$/, ''),
    dataDir,
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    mediaDir: path.resolve(e.MEDIA_DIR ?? path.join(dataDir, 'media')),
    media: mediaConfig(e),
    logLevel: e.LOG_LEVEL,
    seed: e.SEED,
    sms,
    payment,
    checkout,
    reconcile: { intervalS: e.PAYMENT_RECONCILE_INTERVAL_S, recheckS: e.PAYMENT_RECHECK_S, recheckMaxS: e.PAYMENT_RECHECK_MAX_S, staleS: e.PAYMENT_STALE_S },
    orderLimits: {
      openUnpaidMax: e.ORDER_OPEN_UNPAID_MAX,
      lineMaxQty: { individual: e.ORDER_LINE_MAX_QTY, legal: e.ORDER_LINE_MAX_QTY_LEGAL },
      cashHoldH: e.CASH_ORDER_HOLD_H,
    },
    refunds: { overdueH: e.REFUND_TASK_OVERDUE_H, paymeCabinetUrl: e.PAYME_CABINET_URL.replace(/\/$/, ''), clickCabinetUrl: e.CLICK_CABINET_URL.replace(/\/$/, '') },
    lowStockThreshold: e.LOW_STOCK_THRESHOLD,
    catalogApiKey: e.CATALOG_API_KEY,
    yandexMapsApiKey: e.YANDEX_MAPS_API_KEY,
    otp: { ttlS: e.OTP_TTL_S, resendS: e.OTP_RESEND_S, puzzleBits: e.OTP_PUZZLE_BITS, phoneDayMax: e.OTP_PHONE_DAY_MAX },
    notices: { perPhoneDay: e.SMS_DAILY_CAP_PER_PHONE, alertCooldownH: e.STOCK_ALERT_COOLDOWN_H },
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
  };
}
