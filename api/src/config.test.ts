import path from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { paymentMethodsTaken } from './modules/content/index.js';

describe('configuration', () => {
  test('every variable is optional, with the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      dataDir: path.resolve('./data'),
      mediaDir: path.resolve('./data/media'),
      seed: 'demo',
      sms: { provider: 'log' },
      payment: { provider: 'sandbox' },
      otp: { ttlS: 180, resendS: 60, puzzleBits: 16, phoneDayMax: 50 },
      notices: { perPhoneDay: 10, alertCooldownH: 24 },
      reconcile: { intervalS: 30, recheckS: 30, recheckMaxS: 3600, staleS: 300 },
      orderLimits: { openUnpaidMax: 5, lineMaxQty: { individual: 50, legal: 999 }, cashHoldH: 48 },
      refunds: { overdueH: 24, paymeCabinetUrl: 'https://merchant.paycom.uz', clickCabinetUrl: 'https://merchant.click.uz' },
    });
    expect(config.databaseUrl).toBeUndefined();
  });

  test('blank values count as unset', () => {
    expect(loadConfig({ PORT: '', DATABASE_URL: '  ' }).port).toBe(3000);
  });

  test.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['SEED', 'lots'],
    ['SMS_PROVIDER', 'telegram'],
    ['OTP_TTL_S', '0'],
    ['OTP_PHONE_DAY_MAX', '0'],
    ['SMS_DAILY_CAP_PER_PHONE', '1'],
    ['STOCK_ALERT_COOLDOWN_H', 'soon'],
    ['PUBLIC_URL', 'shop.uz'],
    ['CATALOG_API_KEY', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['PAYME_TIMEOUT_MS', '50'],
    ['PAYMENT_RECONCILE_INTERVAL_S', '0'],
    ['PAYMENT_RECHECK_S', 'soon'],
    ['PAYMENT_STALE_S', '-5'],
    ['ORDER_OPEN_UNPAID_MAX', '0'],
    ['ORDER_LINE_MAX_QTY', '1000'],
    ['ORDER_LINE_MAX_QTY_LEGAL', 'lots'],
    ['CASH_ORDER_HOLD_H', '0'],
    ['REFUND_TASK_OVERDUE_H', '0'],
    ['REFUND_TASK_OVERDUE_H', 'a day'],
    ['PAYME_CABINET_URL', 'merchant.paycom.uz'],
    ['CLICK_CABINET_URL', 'ftp://merchant.click.uz'],
    ['FISCAL_DELIVERY_MXIK', '1011200600200'],
    ['FISCAL_DELIVERY_PACKAGE_CODE', 'box'],
    ['FISCAL_DELIVERY_VAT_PERCENT', '112'],
  ])('a bad %s stops start-up with a message naming it', (variable, value) => {
    expect(() => loadConfig({ [variable]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [variable]: value })).toThrow(new RegExp(`^Invalid configuration: ${variable} `));
  });

  test('the delivery fee\'s fiscal codes come as a pair, VAT 12 % unless set', () => {
    expect(loadConfig({}).checkout.deliveryFiscal).toBeUndefined();
    const codes = { FISCAL_DELIVERY_MXIK: '10112006002000000', FISCAL_DELIVERY_PACKAGE_CODE: '1545617' };
    expect(loadConfig(codes).checkout.deliveryFiscal).toEqual({ mxik: '10112006002000000', packageCode: '1545617', vatPercent: 12 });
    expect(loadConfig({ ...codes, FISCAL_DELIVERY_VAT_PERCENT: '0' }).checkout.deliveryFiscal?.vatPercent).toBe(0);
    expect(() => loadConfig({ FISCAL_DELIVERY_MXIK: codes.FISCAL_DELIVERY_MXIK })).toThrow('Invalid configuration: FISCAL_DELIVERY_PACKAGE_CODE is required with FISCAL_DELIVERY_MXIK');
    expect(() => loadConfig({ FISCAL_DELIVERY_PACKAGE_CODE: '1545617' })).toThrow('Invalid configuration: FISCAL_DELIVERY_MXIK is required with FISCAL_DELIVERY_PACKAGE_CODE');
  });

  test('media on the disk by default; MEDIA_STORAGE=s3 needs a bucket, credentials in pairs, and names what is wrong', () => {
    expect(loadConfig({}).media).toEqual({ storage: 'disk' });
    expect(() => loadConfig({ MEDIA_STORAGE: 'ftp' })).toThrow(/^Invalid configuration: MEDIA_STORAGE /);
    expect(() => loadConfig({ MEDIA_STORAGE: 's3' })).toThrow('Invalid configuration: S3_BUCKET is required when MEDIA_STORAGE=s3');
    const s3 = { MEDIA_STORAGE: 's3', S3_BUCKET: 'bozor-media' };
    expect(() => loadConfig({ ...s3, S3_BUCKET: 'Bozor_Media' })).toThrow(/^Invalid configuration: S3_BUCKET .*must be a bucket name/);
    expect(() => loadConfig({ ...s3, S3_ENDPOINT: 'minio:9000' })).toThrow(/^Invalid configuration: S3_ENDPOINT /);
    expect(() => loadConfig({ ...s3, S3_ACCESS_KEY_ID: 'key' })).toThrow('Invalid configuration: S3_SECRET_ACCESS_KEY is required with S3_ACCESS_KEY_ID');
    expect(() => loadConfig({ ...s3, S3_SECRET_ACCESS_KEY: 'secret' })).toThrow('Invalid configuration: S3_ACCESS_KEY_ID is required with S3_SECRET_ACCESS_KEY');
    expect(() => loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'yes' })).toThrow(/^Invalid configuration: S3_FORCE_PATH_STYLE .*true or false/);
    expect(() => loadConfig({ ...s3, S3_TIMEOUT_MS: '10' })).toThrow(/^Invalid configuration: S3_TIMEOUT_MS /);
    // a bucket configured while media still goes to one machine's disk is a mistake, not a silent default
    expect(() => loadConfig({ S3_BUCKET: 'bozor-media' })).toThrow('Invalid configuration: S3_BUCKET is set but MEDIA_STORAGE is disk');
    // AWS itself: no endpoint, virtual-hosted addressing, the SDK's own credential chain
    expect(loadConfig(s3).media).toEqual({
      storage: 's3',
      s3: { bucket: 'bozor-media', region: 'us-east-1', endpoint: undefined, accessKeyId: undefined, secretAccessKey: undefined, forcePathStyle: false, timeoutMs: 10_000 },
    });
    // MinIO: an endpoint means path-style unless told otherwise
    const minio = { ...s3, S3_ENDPOINT: 'http://minio:9000/', S3_ACCESS_KEY_ID: 'bozor', S3_SECRET_ACCESS_KEY: 'bozor-secret', S3_REGION: 'ru-central1' };
    expect(loadConfig(minio).media).toEqual({
      storage: 's3',
      s3: { bucket: 'bozor-media', region: 'ru-central1', endpoint: 'http://minio:9000', accessKeyId: 'bozor', secretAccessKey: 'bozor-secret', forcePathStyle: true, timeoutMs: 10_000 },
    });
    expect(loadConfig({ ...minio, S3_FORCE_PATH_STYLE: 'false' }).media).toMatchObject({ s3: { forcePathStyle: false } });
  });

  test('eskiz needs its credentials, payme its merchant', () => {
    expect(() => loadConfig({ SMS_PROVIDER: 'eskiz' })).toThrow(/ESKIZ_EMAIL/);
    expect(() => loadConfig({ SMS_PROVIDER: 'eskiz', ESKIZ_EMAIL: 'a@b.uz' })).toThrow(/ESKIZ_PASSWORD/);
    // sign-in codes in the log of a public shop: refused, naming SMS_PROVIDER
    expect(() => loadConfig({ PUBLIC_URL: 'https://bozor.uz' })).toThrow(/^Invalid configuration: SMS_PROVIDER .*PUBLIC_URL is https/);
    expect(loadConfig({ PUBLIC_URL: 'http://localhost:3000' }).sms.provider).toBe('log');
    expect(loadConfig({ PUBLIC_URL: 'https://bozor.uz', SMS_PROVIDER: 'eskiz', ESKIZ_EMAIL: 'a@b.uz', ESKIZ_PASSWORD: 'x', PAYMENT_PROVIDER: 'none' }).sms.provider).toBe('eskiz');
    expect(loadConfig({ SMS_PROVIDER: 'eskiz', ESKIZ_EMAIL: 'a@b.uz', ESKIZ_PASSWORD: 'p' }).sms).toEqual({
      provider: 'eskiz',
      baseUrl: 'https://notify.eskiz.uz/api',
      email: 'a@b.uz',
      password: 'p',
      from: '4546',
    });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'payme' })).toThrow(/PAYME_MERCHANT_ID/);
  });

  describe('payments: the sandbox is a mode of its own, never mixed with live credentials', () => {
    const CARDS = { default: {}, sandbox: { PAYMENT_PROVIDER: 'sandbox' }, payme: { PAYMENT_PROVIDER: 'payme', PAYME_MERCHANT_ID: 'cashbox-1', PAYME_KEY: 'subscribe-key' }, none: { PAYMENT_PROVIDER: 'none' } };
    const PAYME_CHECKOUT = { off: {}, on: { PAYME_MERCHANT_ID: 'cashbox-1', PAYME_MERCHANT_KEY: 'merchant-key' } };
    const CLICK = { off: {}, on: { CLICK_SERVICE_ID: '777', CLICK_MERCHANT_ID: '555', CLICK_SECRET_KEY: 'click-secret', CLICK_MERCHANT_USER_ID: '333' } };
    const SITE = { http: {}, https: { PUBLIC_URL: 'https://bozor.uz', SMS_PROVIDER: 'eskiz', ESKIZ_EMAIL: 'a@b.uz', ESKIZ_PASSWORD: 'p' } };
    const mixes = Object.keys(CARDS).flatMap((cards) =>
      ['off', 'on'].flatMap((payme) => ['off', 'on'].flatMap((click) => ['http', 'https'].map((site) => [cards, payme, click, site] as const))),
    );

    test.each(mixes)('cards %s, Payme checkout %s, Click %s, %s', (cards, payme, click, site) => {
      const env = { ...CARDS[cards as keyof typeof CARDS], ...PAYME_CHECKOUT[payme as 'off'], ...CLICK[click as 'off'], ...SITE[site as 'http'] };
      const sandboxCards = cards === 'default' || cards === 'sandbox';
      if (sandboxCards && (payme === 'on' || click === 'on')) {
        // the tester's shop: live checkout credentials, PAYMENT_PROVIDER left at its default
        const live = [...(payme === 'on' ? ['PAYME_MERCHANT_ID', 'PAYME_MERCHANT_KEY'] : []), ...(click === 'on' ? Object.keys(CLICK.on) : [])];
        expect(() => loadConfig(env)).toThrow(new RegExp(`^Invalid configuration: PAYMENT_PROVIDER is sandbox.* \\(${live.join(', ')}\\).*PAYMENT_PROVIDER=none`));
        return;
      }
      if (sandboxCards && site === 'https') {
        expect(() => loadConfig(env)).toThrow(/^Invalid configuration: PAYMENT_PROVIDER is sandbox.*PUBLIC_URL is https/);
        return;
      }
      const config = loadConfig(env);
      if (sandboxCards) {
        // nothing live anywhere: test cards, and the API's own pages play Payme and Click with made-up keys
        expect(config.payment).toEqual({ provider: 'sandbox' });
        expect(config.checkout).toMatchObject({ sandbox: true, payme: { merchantId: 'sandbox-merchant' }, click: { simulated: true } });
        expect(paymentMethodsTaken(config)).toEqual(['cash', 'card', 'payme', 'click']);
        return;
      }
      // live: each provider on by its own credentials, no sandbox pages, no made-up keys
      expect(config.payment.provider).toBe(cards);
      expect(config.checkout.sandbox).toBe(false);
      expect(config.checkout.payme?.key).toBe(payme === 'on' ? 'merchant-key' : undefined);
      expect(config.checkout.click?.secretKey).toBe(click === 'on' ? 'click-secret' : undefined);
      expect(config.checkout.click?.simulated ?? false).toBe(false);
      expect(paymentMethodsTaken(config)).toEqual(['cash', ...(cards === 'payme' ? ['card'] : []), ...(payme === 'on' ? ['payme'] : []), ...(click === 'on' ? ['click'] : [])]);
    });

    test('a live credential nothing uses, or half a provider, stops start-up naming it', () => {
      const none = { PAYMENT_PROVIDER: 'none' };
      expect(() => loadConfig({ ...none, PAYME_KEY: 'k' })).toThrow(/^Invalid configuration: PAYME_KEY is set but PAYMENT_PROVIDER is none/);
      expect(() => loadConfig({ ...none, PAYME_MERCHANT_ID: 'cashbox-1' })).toThrow(/^Invalid configuration: PAYME_MERCHANT_ID is set but .*PAYME_MERCHANT_KEY/);
      expect(() => loadConfig({ ...none, PAYME_MERCHANT_KEY: 'k' })).toThrow('Invalid configuration: PAYME_MERCHANT_ID is required with PAYME_MERCHANT_KEY');
      expect(() => loadConfig({ ...none, CLICK_SERVICE_ID: '777' })).toThrow(/^Invalid configuration: CLICK_MERCHANT_ID is required when any CLICK_ variable is set/);
      expect(() => loadConfig({ PAYMENT_PROVIDER: 'payme', PAYME_MERCHANT_ID: 'cashbox-1' })).toThrow(/^Invalid configuration: PAYME_KEY is required when PAYMENT_PROVIDER=payme/);
      // a sandbox that would send fiscal receipts to Click's real API with made-up keys
      expect(() => loadConfig({ CLICK_FISCAL_TIN: '123456789' })).toThrow(/^Invalid configuration: PAYMENT_PROVIDER is sandbox.*\(CLICK_FISCAL_TIN\)/);
      expect(() => loadConfig({ PAYME_KEY: 'k' })).toThrow(/^Invalid configuration: PAYMENT_PROVIDER is sandbox.*\(PAYME_KEY\)/);
      // a shop with cash alone
      expect(paymentMethodsTaken(loadConfig(none))).toEqual(['cash']);
    });
  });

  test('payment timings: the crash sweep waits longer than a checkout can take, the back-off cap is not below its start', () => {
    expect(loadConfig({ PAYMENT_PROVIDER: 'payme', PAYME_MERCHANT_ID: 'm', PAYME_KEY: 'k', PAYME_TIMEOUT_MS: '2500' }).payment).toMatchObject({ provider: 'payme', timeoutMs: 2500 });
    expect(() => loadConfig({ PAYME_TIMEOUT_MS: '60000', PAYMENT_STALE_S: '100' })).toThrow(/^Invalid configuration: PAYMENT_STALE_S /);
    expect(() => loadConfig({ PAYMENT_RECHECK_S: '600', PAYMENT_RECHECK_MAX_S: '60' })).toThrow(/^Invalid configuration: PAYMENT_RECHECK_MAX_S /);
  });
});
