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
