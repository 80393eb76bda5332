import { loadConfig } from '../../config.js';
import { type OrderRow } from '../orders/index.js';
import { payUrl } from './pay-links.js';
import { createPaymeRpc } from './payme-rpc.js';
import { type PaymeMerchant } from './payme-merchant.js';

const env = {
  PAYMENT_PROVIDER: 'payme', PAYME_MERCHANT_ID: '587f72c72cac0d162c722ae2', PAYME_KEY: 'k', PAYME_MERCHANT_KEY: 'merchant-key',
  CLICK_SERVICE_ID: '777', CLICK_MERCHANT_ID: '555', CLICK_SECRET_KEY: 's', CLICK_MERCHANT_USER_ID: '333', PAYME_ALLOWED_IPS: '185.234.113.1, 185.234.113.2',
};
const order = (method: 'payme' | 'click') => ({ number: 'BZ-100042', total: 918000, lang: 'ru', paymentMethod: method }) as OrderRow;

describe('pay_url outside the sandbox', () => {
  const { checkout } = loadConfig(env);
  test('Payme: the checkout page with base64 of m, ac.order_id, a (tiyin), c (return URL), l', () => {
    const url = payUrl(order('payme'), checkout, 'https://bozor.uz')!;
    expect(url.startsWith('https://checkout.paycom.uz/')).toBe(true);
    expect(Buffer.from(url.slice('https://checkout.paycom.uz/'.length), 'base64').toString()).toBe(
      'm=587f72c72cac0d162c722ae2;ac.order_id=BZ-100042;a=91800000;c=https://bozor.uz/ru/checkout/confirmed?order=BZ-100042;l=ru',
    );
  });
  test('Click: my.click.uz with service, merchant, amount N.NN, transaction_param and return_url', () => {
    const url = new URL(payUrl(order('click'), checkout, 'https://bozor.uz')!);
    expect(`${url.origin}${url.pathname}`).toBe('https://my.click.uz/services/pay');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      service_id: '777', merchant_id: '555', amount: '918000.00', transaction_param: 'BZ-100042', return_url: 'https://bozor.uz/ru/checkout/confirmed?order=BZ-100042',
    });
  });
  test('a half-set Click configuration stops the start naming the missing variable', () => {
    expect(() => loadConfig({ CLICK_SERVICE_ID: '1' })).toThrow(/CLICK_MERCHANT_ID/);
  });
});

describe('Payme source addresses (PAYME_ALLOWED_IPS)', () => {
  const { checkout } = loadConfig(env);
  const merchant: PaymeMerchant = { call: async () => ({ allow: true, detail: { receipt_type: 0, items: [] } }) };
  const log = { info: () => undefined, error: () => undefined } as unknown as Parameters<typeof createPaymeRpc>[0]['log'];
  const rpc = createPaymeRpc({ merchant, settings: checkout.payme, log });
  const authorization = `Basic ${Buffer.from('Paycom:merchant-key').toString('base64')}`;
  const body = JSON.stringify({ id: 1, method: 'CheckPerformTransaction', params: {} });
  test('with the right key, only the listed addresses get an answer', async () => {
    expect(await rpc.handle({ body, authorization, ip: '::ffff:185.234.113.2' })).toMatchObject({ result: { allow: true } });
    expect(await rpc.handle({ body, authorization, ip: '10.0.0.5' })).toMatchObject({ error: { code: -32504 } });
  });
});
