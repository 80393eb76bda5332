// The payment and media parts of the configuration: which providers a start may use, and the mixes it refuses.
import { randomBytes } from 'node:crypto';
import { type z } from 'zod';
import { ConfigError, type envSchema } from './config-env.js';
import { type Config } from './config.js';

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
export function checkoutConfig(e: z.infer<typeof envSchema>): Config['checkout'] {
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
export function mediaConfig(e: z.infer<typeof envSchema>): Config['media'] {
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
