/**
 * The payment methods the shop takes now, as GET /api/settings/delivery tells the checkout: every one in
 * the sandbox; outside it cash, saved cards (PAYMENT_PROVIDER=payme; not with none) and only the provider
 * pages whose credentials are set. A method left out is still refused by POST /api/orders/ with 422 on
 * `payment.method` (every mix of the configuration: src/config.test.ts).
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { paymentMethodsTaken } from '../src/modules/content/index.js';
import { loadConfig } from '../src/config.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { CLICK, LIVE_PAYME_CHECKOUT, checkoutKit } from './checkout-helpers.js';

/** A live shop's card provider (Payme Subscribe API); never called here. */
const PAYME_CARDS = { PAYMENT_PROVIDER: 'payme', PAYME_BASE_URL: 'http://127.0.0.1:9/api', PAYME_MERCHANT_ID: 'live-merchant', PAYME_KEY: 'live-subscribe-key' };

const methodsOf = async (t: TestApp) => {
  const res = await t.app.inject({ url: '/api/settings/delivery', headers: { 'x-lang': 'en' } });
  expect(res.statusCode).toBe(200);
  return res.json().data.payment_methods as string[];
};

test('the list follows the configuration: cash always, card with its provider, payme/click with their credentials', () => {
  const at = (env: Record<string, string>) => paymentMethodsTaken(loadConfig({ LOG_LEVEL: 'silent', ...env }));
  expect(at({})).toEqual(['cash', 'card', 'payme', 'click']);
  expect(at(PAYME_CARDS)).toEqual(['cash', 'card']);
  expect(at({ ...PAYME_CARDS, ...CLICK })).toEqual(['cash', 'card', 'click']);
  expect(at({ ...PAYME_CARDS, ...LIVE_PAYME_CHECKOUT, PAYME_MERCHANT_ID: PAYME_CARDS.PAYME_MERCHANT_ID })).toEqual(['cash', 'card', 'payme']);
  // a shop without saved cards: Payme checkout and Click alone, or cash alone
  expect(at({ PAYMENT_PROVIDER: 'none', ...LIVE_PAYME_CHECKOUT, ...CLICK })).toEqual(['cash', 'payme', 'click']);
  expect(at({ PAYMENT_PROVIDER: 'none', ...CLICK })).toEqual(['cash', 'click']);
  expect(at({ PAYMENT_PROVIDER: 'none' })).toEqual(['cash']);
});

describe.each(DB_KINDS)('payment methods offered and taken (%s)', (kind) => {
  let sandbox: TestApp;
  let live: TestApp;
  beforeAll(async () => {
    sandbox = await createTestApp(kind, { seed: true });
    live = await createTestApp(kind, { seed: true, env: PAYME_CARDS });
  }, 120_000);
  afterAll(async () => {
    await sandbox?.close();
    await live?.close();
  });

  test('in the sandbox all four are listed, next to the delivery settings', async () => {
    expect(await methodsOf(sandbox)).toEqual(['cash', 'card', 'payme', 'click']);
    const data = (await sandbox.app.inject({ url: '/api/settings/delivery' })).json().data;
    expect(data).toMatchObject({ currency: 'UZS', default_region: 'tashkent' });
  });

  test('outside the sandbox without Payme/Click credentials: cash and card only, and payme/click orders are refused with 422', async () => {
    expect(await methodsOf(live)).toEqual(['cash', 'card']);

    let token = '';
    const kit = checkoutKit(live, () => token);
    token = await signIn(live);
    const variant = await kit.freshVariant();
    const stock = await kit.stockOf(variant.variant_id);
    const orders = async () => (await queryRows<{ n: number }>(live.database.db, sql`select count(*)::int as n from orders`))[0]!.n;
    const before = await orders();
    for (const method of ['payme', 'click'] as const) {
      const res = await live.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { ...bearer(token), 'idempotency-key': `unavailable-${method}`, 'x-lang': 'en' },
        payload: {
          items: [{ product_id: variant.product_id, variant_id: variant.variant_id, quantity: 1 }],
          delivery: { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' },
          receiver: { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' },
          payment: { method },
        },
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({
        error: { code: 'VALIDATION_FAILED', message: 'Please check the data you entered.', fields: { 'payment.method': 'This value is not valid.' } },
      });
    }
    expect(await orders()).toBe(before);
    expect(await kit.stockOf(variant.variant_id)).toBe(stock);
    // A method on the list is taken by the same API.
    const cash = await kit.place('cash', variant);
    expect(cash.payment_status).toBe('pending');
  });

  test('Click credentials alone add click, not payme', async () => {
    const click = await createTestApp(kind, { database: live.database, env: { ...PAYME_CARDS, ...CLICK } });
    try {
      expect(await methodsOf(click)).toEqual(['cash', 'card', 'click']);
    } finally {
      await click.close();
    }
  });
});
