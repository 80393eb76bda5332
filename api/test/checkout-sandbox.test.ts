/**
 * The sandbox is a mode of its own: with no live payment credential the API's own pages play Payme and
 * Click (made-up keys, in-process calls); with any live credential those pages do not exist, so nobody can
 * mark an order paid through them, and a configuration that mixes the two never starts.
 */
import { ConfigError } from '../src/config.js';
import { DB_KINDS, type TestApp, createTestApp, signIn } from './helpers.js';
import { CLICK, LIVE_PAYME_CHECKOUT, checkoutKit } from './checkout-helpers.js';

const form = { 'content-type': 'application/x-www-form-urlencoded' };

describe.each(DB_KINDS)('checkout sandbox (%s)', (kind) => {
  describe('with no live payment variable (the default: `pnpm start`, the e2e tests)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(kind, { seed: true });
    }, 120_000);
    afterAll(async () => t?.close());

    test('the sandbox pages pay a Payme and a Click order end to end through the real callbacks', async () => {
      const token = await signIn(t);
      const kit = checkoutKit(t, () => token);
      for (const method of ['payme', 'click'] as const) {
        const v = await kit.freshVariant();
        const order = await kit.place(method, v, 'ru');
        const url = new URL(order.pay_url!);
        expect(url.pathname).toBe(`/api/sandbox/${method}`);
        const page = await t.app.inject({ url: `${url.pathname}${url.search}` });
        expect(page.statusCode).toBe(200);
        expect(page.body).toContain('ТЕСТОВАЯ СТРАНИЦА');
        expect(page.body).toContain(order.number);
        const fields = Object.fromEntries(url.searchParams);
        const cancel = await t.app.inject({ method: 'POST', url: url.pathname, headers: form, payload: new URLSearchParams({ ...fields, action: 'cancel' }).toString() });
        expect(cancel.statusCode).toBe(303);
        expect((await kit.view(order.number)).payment_status).toBe('pending');
        const pay = await t.app.inject({ method: 'POST', url: url.pathname, headers: form, payload: new URLSearchParams({ ...fields, action: 'pay' }).toString() });
        expect(pay.statusCode).toBe(303);
        expect(pay.headers.location).toBe(`http://localhost:80/ru/checkout/confirmed?order=${order.number}`);
        expect(await kit.view(order.number)).toMatchObject({ payment_status: 'paid' });
        expect((await kit.view(order.number)).pay_url).toBeUndefined();
        expect(kit.texts(order.number)).toHaveLength(1);
      }
    });
  });

  test("the tester's shop (live Payme checkout or Click keys, PAYMENT_PROVIDER left at sandbox) does not start", async () => {
    for (const env of [LIVE_PAYME_CHECKOUT, CLICK, { ...LIVE_PAYME_CHECKOUT, PAYMENT_PROVIDER: 'sandbox' }]) {
      const started: TestApp | unknown = await createTestApp(kind, { env }).catch((err: unknown) => err);
      if (!(started instanceof Error)) await (started as TestApp).close();
      expect(started).toBeInstanceOf(ConfigError);
      expect((started as Error).message).toMatch(/^Invalid configuration: PAYMENT_PROVIDER is sandbox/);
      for (const variable of Object.keys(env).filter((k) => k !== 'PAYMENT_PROVIDER')) expect((started as Error).message).toContain(variable);
    }
  }, 60_000);

  describe('with live credentials', () => {
    let t: TestApp;
    let token: string;
    let kit: ReturnType<typeof checkoutKit>;
    beforeAll(async () => {
      t = await createTestApp(kind, { seed: true, env: { PAYMENT_PROVIDER: 'none', ...LIVE_PAYME_CHECKOUT, ...CLICK } });
      token = await signIn(t);
      kit = checkoutKit(t, () => token);
    }, 120_000);
    afterAll(async () => t?.close());

    test('POST /api/sandbox/payme and /api/sandbox/click are 404 and no order becomes paid', async () => {
      for (const method of ['payme', 'click'] as const) {
        const order = await kit.place(method, await kit.freshVariant());
        // the shopper is sent to the provider's own page, never to the API's
        expect(new URL(order.pay_url!).host).toBe(method === 'payme' ? 'checkout.paycom.uz' : 'my.click.uz');
        const fields = { order: order.number, a: String(order.total * 100), amount: `${order.total}.00`, lang: 'en' };
        const shown = await t.app.inject({ url: `/api/sandbox/${method}?${new URLSearchParams(fields)}` });
        expect(shown.statusCode).toBe(404);
        const pressed = await t.app.inject({ method: 'POST', url: `/api/sandbox/${method}`, headers: form, payload: new URLSearchParams({ ...fields, action: 'pay' }).toString() });
        expect(pressed.statusCode).toBe(404);
        expect(await kit.view(order.number)).toMatchObject({ status: 'new', payment_status: 'pending' });
        expect(kit.texts(order.number)).toEqual([]);
      }
    });

    test('saved cards are not offered without a card provider, and a card order is refused', async () => {
      const methods = (await t.app.inject({ url: '/api/settings/delivery' })).json().data.payment_methods;
      expect(methods).toEqual(['cash', 'payme', 'click']);
      const added = await t.app.inject({ method: 'POST', url: '/api/payments/card/create', headers: { authorization: `Bearer ${token}`, 'x-lang': 'en' }, payload: { number: '8600069195406311', expire: '03/99' } });
      expect(added.statusCode).toBe(404);
      const v = await kit.freshVariant();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': 'card-without-provider', 'x-lang': 'en' },
        payload: {
          items: [{ product_id: v.product_id, variant_id: v.variant_id, quantity: 1 }],
          delivery: { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' },
          receiver: { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' },
          payment: { method: 'card', card_id: 1 },
        },
      });
      expect([res.statusCode, res.json().error.fields]).toEqual([422, { 'payment.method': 'This value is not valid.' }]);
    });
  });
});
