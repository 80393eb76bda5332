import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

/** Thrown when the environment holds a value the shop cannot run with; names the variable. */
export class ConfigError extends Error {
  constructor(readonly variable: string, detail: string) {
    super(`Invalid configuration: ${variable} ${detail}`);
    this.name = 'ConfigError';
  }
}

const port = z.coerce.number().int().min(0).max(65535);
const seconds = z.coerce.number().int().min(1).max(86_400);
const url = z.url({ protocol: /^https?$/ });

export const envSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: url.optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must start with postgres://').optional(),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must start with redis://').optional(),
  MEDIA_DIR: z.string().min(1).optional(),
  /** Where pictures live (docs/operations.md "Media storage"): the local disk (MEDIA_DIR) or an S3-compatible bucket. */
  MEDIA_STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: url.optional(),
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3 to 63 lower-case letters, digits, dots and hyphens').optional(),
  S3_REGION: z.string().regex(/^[a-z0-9-]{1,40}$/, 'must be a region name such as us-east-1').default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false'], { error: 'must be true or false' }).optional(),
  S3_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(10_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED: z.enum(['demo', 'none']).default('demo'),
  SMS_PROVIDER: z.enum(['log', 'eskiz']).default('log'),
  ESKIZ_BASE_URL: url.default('https://notify.eskiz.uz/api'),
  ESKIZ_EMAIL: z.string().optional(),
  ESKIZ_PASSWORD: z.string().optional(),
  ESKIZ_FROM: z.string().min(1).default('4546'),
  /** Saved cards: the sandbox's test cards (and with them the whole sandbox mode, see checkoutConfig), Payme's Subscribe API, or none. */
  PAYMENT_PROVIDER: z.enum(['sandbox', 'payme', 'none']).default('sandbox'),
  PAYME_BASE_URL: url.default('https://checkout.paycom.uz/api'),
  PAYME_MERCHANT_ID: z.string().optional(),
  PAYME_KEY: z.string().optional(),
  PAYME_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  PAYMENT_RECONCILE_INTERVAL_S: seconds.default(30),
  PAYMENT_RECHECK_S: seconds.default(30),
  PAYMENT_RECHECK_MAX_S: seconds.default(3600),
  PAYMENT_STALE_S: seconds.default(300),
  PAYME_MERCHANT_KEY: z.string().optional(),
  PAYME_CHECKOUT_URL: url.default('https://checkout.paycom.uz'),
  PAYME_ALLOWED_IPS: z.string().regex(/^[0-9a-fA-F:.]+(\s*,\s*[0-9a-fA-F:.]+)*$/, 'must be comma-separated IP addresses').optional(),
  CLICK_SERVICE_ID: z.string().regex(/^\d{1,12}$/, 'must be a number').optional(),
  CLICK_MERCHANT_ID: z.string().regex(/^\d{1,12}$/, 'must be a number').optional(),
  CLICK_SECRET_KEY: z.string().optional(),
  CLICK_MERCHANT_USER_ID: z.string().regex(/^\d{1,12}$/, 'must be a number').optional(),
  CLICK_PAY_URL: url.default('https://my.click.uz/services/pay'),
  CLICK_API_URL: url.default('https://api.click.uz/v2/merchant'),
  CLICK_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  CLICK_FISCAL_TIN: z.string().regex(/^(\d{9}|\d{14})$/, 'must be a 9-digit TIN or a 14-digit PINFL').optional(),
  /** The delivery service's MXIK (ИКПУ) code and package code: with them a paid delivery fee is a line of the Click fiscal receipt. */
  FISCAL_DELIVERY_MXIK: z.string().regex(/^\d{17}$/, 'must be a 17-digit MXIK code').optional(),
  FISCAL_DELIVERY_PACKAGE_CODE: z.string().regex(/^\d{1,20}$/, 'must be a package code (digits)').optional(),
  FISCAL_DELIVERY_VAT_PERCENT: z.coerce.number().int().min(0).max(100).default(12),
  CHECKOUT_PAYMENT_TTL_S: seconds.default(3600),
  ORDER_OPEN_UNPAID_MAX: z.coerce.number().int().min(1).max(100_000).default(5),
  ORDER_LINE_MAX_QTY: z.coerce.number().int().min(1).max(999).default(50),
  ORDER_LINE_MAX_QTY_LEGAL: z.coerce.number().int().min(1).max(999).default(999),
  CASH_ORDER_HOLD_H: z.coerce.number().int().min(1).max(720).default(48),
  /** Hours within which staff make a refund owed by hand (a Payme-checkout one, a Click one Click refused) before it is overdue. */
  REFUND_TASK_OVERDUE_H: z.coerce.number().int().min(1).max(720).default(24),
  PAYME_CABINET_URL: url.default('https://merchant.paycom.uz'),
  CLICK_CABINET_URL: url.default('https://merchant.click.uz'),
  LOW_STOCK_THRESHOLD: z.coerce.number().int().min(0).max(100_000).default(3),
  CATALOG_API_KEY: z.string().min(16, 'must be at least 16 characters').optional(),
  YANDEX_MAPS_API_KEY: z.string().optional(),
  OTP_TTL_S: seconds.default(180),
  OTP_RESEND_S: seconds.default(60),
  /** Zero bits the sign-in puzzle asks for (docs/decisions.md "Sign-in limits per phone and client"); 16 ≈ a second in a phone's browser. */
  OTP_PUZZLE_BITS: z.coerce.number().int().min(0).max(24).default(16),
  /** Sign-in codes a day to one phone for clients that never signed in with it, at most (the last ones behind ever harder puzzles). */
  OTP_PHONE_DAY_MAX: z.coerce.number().int().min(1).max(1000).default(50),
  /** Texts a day to one phone other than sign-in codes (order statuses, stock alerts; docs/operations.md "SMS spending"). */
  SMS_DAILY_CAP_PER_PHONE: z.coerce.number().int().min(2).max(1000).default(10),
  /** Hours before a shopper is texted again about the same variant ("Notify me when in stock"). */
  STOCK_ALERT_COOLDOWN_H: z.coerce.number().int().min(1).max(720).default(24),
  /** Prometheus metrics on their own listener (docs/operations.md "Metrics"); unset: none. */
  METRICS_PORT: port.optional(),
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
});

export type Env = z.input<typeof envSchema>;

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

/** Variables only a live shop sets: with any of them, a sandbox page would stand in for a provider the shop really uses. */
const LIVE_PAYMENT_VARIABLES = ['PAYME_KEY', 'PAYME_MERCHANT_ID', 'PAYME_MERCHANT_KEY', 'CLICK_SERVICE_ID', 'CLICK_MERCHANT_ID', 'CLICK_SECRET_KEY', 'CLICK_MERCHANT_USER_ID', 'CLICK_FISCAL_TIN'] as const;

/**
 * Payme checkout and Click, and the sandbox mode (docs/decisions.md "The sandbox is a mode of its own").
 * PAYMENT_PROVIDER=sandbox is the whole of it: test cards, and the API's own pages play Payme and Click with
 * credentials made up per process (only those pages, calling in-process, ever use them). It is refused
 * with any live payment variable set — a sandbox page signing callbacks with a live key lets anyone mark an
 * order paid — and under an https PUBLIC_URL (test cards and pages on a public shop pay with no money).
 * Otherwise (PAYMENT_PROVIDER payme or none) each provider is on when its credentials are set, all of them
 * or none (a half-set provider stops the start naming the missing variable); a live variable nothing uses
 * is refused too, as the operator meant something by it.
 */
function checkoutConfig(e: z.infer<typeof envSchema>): Config['checkout'] {
  if (e.PAYME_MERCHANT_KEY && !e.PAYME_MERCHANT_ID) throw new ConfigError('PAYME_MERCHANT_ID', 'is required with PAYME_MERCHANT_KEY');
  const clickVars = { CLICK_SERVICE_ID: e.CLICK_SERVICE_ID, CLICK_MERCHANT_ID: e.CLICK_MERCHANT_ID, CLICK_SECRET_KEY: e.CLICK_SECRET_KEY, CLICK_MERCHANT_USER_ID: e.CLICK_MERCHANT_USER_ID };
  const missing = Object.entries(clickVars).find(([, v]) => !v)?.[0];
  const clickSet = Object.values(clickVars).some(Boolean);
  if (clickSet && missing) throw new ConfigError(missing, 'is required when any CLICK_ variable is set');
  if (e.FISCAL_DELIVERY_MXIK && !e.FISCAL_DELIVERY_PACKAGE_CODE) throw new ConfigError('FISCAL_DELIVERY_PACKAGE_CODE', 'is required with FISCAL_DELIVERY_MXIK');
  if (e.FISCAL_DELIVERY_PACKAGE_CODE && !e.FISCAL_DELIVERY_MXIK) throw new ConfigError('FISCAL_DELIVERY_MXIK', 'is required with FISCAL_DELIVERY_PACKAGE_CODE');
  const deliveryFiscal = e.FISCAL_DELIVERY_MXIK && e.FISCAL_DELIVERY_PACKAGE_CODE ? { mxik: e.FISCAL_DELIVERY_MXIK, packageCode: e.FISCAL_DELIVERY_PACKAGE_CODE, vatPercent: e.FISCAL_DELIVERY_VAT_PERCENT } : undefined;
  const common = { ttlS: e.CHECKOUT_PAYMENT_TTL_S, ...(deliveryFiscal ? { deliveryFiscal } : {}) };
  const paymeBase = { checkoutUrl: e.PAYME_CHECKOUT_URL.replace(/\/$/, ''), allowedIps: e.PAYME_ALLOWED_IPS?.split(',').map((ip) => ip.trim()) ?? [] };
  const clickBase = { payUrl: e.CLICK_PAY_URL, apiUrl: e.CLICK_API_URL.replace(/\/$/, ''), fiscalTin: e.CLICK_FISCAL_TIN, timeoutMs: e.CLICK_TIMEOUT_MS };

  if (e.PAYMENT_PROVIDER === 'sandbox') {
    const live = LIVE_PAYMENT_VARIABLES.filter((name) => e[name] !== undefined);
    if (live.length > 0) {
      throw new ConfigError(
        'PAYMENT_PROVIDER',
        `is sandbox (its default) while live payment variables are set (${live.join(', ')}): the sandbox's test cards and pay pages would mark orders paid with no money taken. Set PAYMENT_PROVIDER=payme (saved cards through Payme, with PAYME_KEY) or PAYMENT_PROVIDER=none (no saved cards), or unset them`,
      );
    }
    if (e.PUBLIC_URL?.startsWith('https://')) {
      throw new ConfigError('PAYMENT_PROVIDER', 'is sandbox (test cards and pay pages that mark orders paid with no money) while PUBLIC_URL is https: set PAYMENT_PROVIDER=payme or none, with the Payme checkout or Click credentials the shop uses');
    }
    const made = () => randomBytes(18).toString('base64url');
    // No call reaches Payme or Click: the pages call the shop's own callbacks, Click's refunds are simulated.
    return {
      sandbox: true,
      ...common,
      payme: { merchantId: 'sandbox-merchant', key: made(), ...paymeBase },
      click: { serviceId: '1', merchantId: '1', secretKey: made(), merchantUserId: '1', ...clickBase, simulated: true },
    };
  }
  if (e.PAYME_KEY && e.PAYMENT_PROVIDER !== 'payme') throw new ConfigError('PAYME_KEY', 'is set but PAYMENT_PROVIDER is none: set PAYMENT_PROVIDER=payme for saved cards through Payme, or unset it');
  if (e.PAYME_MERCHANT_ID && !e.PAYME_MERCHANT_KEY && e.PAYMENT_PROVIDER !== 'payme') {
    throw new ConfigError('PAYME_MERCHANT_ID', 'is set but nothing uses it: set PAYME_MERCHANT_KEY for Payme checkout or PAYMENT_PROVIDER=payme for saved cards, or unset it');
  }
  const payme = e.PAYME_MERCHANT_ID && e.PAYME_MERCHANT_KEY ? { merchantId: e.PAYME_MERCHANT_ID, key: e.PAYME_MERCHANT_KEY, ...paymeBase } : undefined;
  const click = clickSet ? { serviceId: e.CLICK_SERVICE_ID!, merchantId: e.CLICK_MERCHANT_ID!, secretKey: e.CLICK_SECRET_KEY!, merchantUserId: e.CLICK_MERCHANT_USER_ID!, ...clickBase, simulated: false } : undefined;
  return { sandbox: false, ...common, ...(payme ? { payme } : {}), ...(click ? { click } : {}) };
}

/** MEDIA_STORAGE and its S3_ variables: s3 needs a bucket; credentials come in pairs; S3_ without s3 is a mistake. */
function mediaConfig(e: z.infer<typeof envSchema>): Config['media'] {
  const s3Vars = { S3_ENDPOINT: e.S3_ENDPOINT, S3_BUCKET: e.S3_BUCKET, S3_ACCESS_KEY_ID: e.S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: e.S3_SECRET_ACCESS_KEY, S3_FORCE_PATH_STYLE: e.S3_FORCE_PATH_STYLE };
  if (e.MEDIA_STORAGE === 'disk') {
    // Media written to one machine's disk while the operator meant a bucket: a second replica would miss it.
    const stray = Object.entries(s3Vars).find(([, v]) => v !== undefined)?.[0];
    if (stray) throw new ConfigError(stray, 'is set but MEDIA_STORAGE is disk: set MEDIA_STORAGE=s3 to keep media in the bucket, or unset it');
    return { storage: 'disk' };
  }
  if (!e.S3_BUCKET) throw new ConfigError('S3_BUCKET', 'is required when MEDIA_STORAGE=s3');
  if (e.S3_ACCESS_KEY_ID && !e.S3_SECRET_ACCESS_KEY) throw new ConfigError('S3_SECRET_ACCESS_KEY', 'is required with S3_ACCESS_KEY_ID');
  if (e.S3_SECRET_ACCESS_KEY && !e.S3_ACCESS_KEY_ID) throw new ConfigError('S3_ACCESS_KEY_ID', 'is required with S3_SECRET_ACCESS_KEY');
  return {
    storage: 's3',
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT?.replace(/\/$/, ''),
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      // MinIO and most self-hosted stores answer on one host name; AWS itself wants virtual-hosted buckets.
      forcePathStyle: e.S3_FORCE_PATH_STYLE ? e.S3_FORCE_PATH_STYLE === 'true' : e.S3_ENDPOINT !== undefined,
      timeoutMs: e.S3_TIMEOUT_MS,
    },
  };
}
