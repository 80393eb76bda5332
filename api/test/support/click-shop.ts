/**
 * Click as the click-* tests meet it: a fake of its fiscal API (receipts submitted after a payment), a live
 * shop configured for Click, and its SHOP API callbacks as Click sends them (form-encoded, MD5-signed).
 */
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { clickSign } from '../../src/modules/checkout-payments/click-shop.js';
import { type DbKind, type TestApp, createTestApp, signIn } from '../helpers.js';
import { CLICK, LIVE_CHECKOUT, type checkoutKit } from '../checkout-helpers.js';

export type FakeClickApi = Awaited<ReturnType<typeof startFakeClickApi>>;

/** Click's fiscal API: records what it was sent; with `held.on`, answers only when the test releases it. */
export async function startFakeClickApi() {
  const calls: Array<{ url: string; auth: string | undefined; body: Record<string, unknown> }> = [];
  const held: { on: boolean; waiting: Array<() => void> } = { on: false, waiting: [] };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      calls.push({ url: req.url ?? '', auth: req.headers.auth as string | undefined, body: JSON.parse(raw) as Record<string, unknown> });
      const send = () => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ error_code: 0, error_note: 'Success' }));
      if (held.on) held.waiting.push(send);
      else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/merchant`,
    calls,
    held,
    release: () => held.waiting.splice(0).forEach((send) => send()),
    close: () => new Promise<void>((r) => { server.closeAllConnections(); server.close(() => r()); }),
  };
}

/** A live shop on Click (no sandbox), its fiscal receipts going to a fake Click API; for beforeAll. */
export async function openClickShop(kind: DbKind): Promise<{ t: TestApp; ofd: FakeClickApi }> {
  const ofd = await startFakeClickApi();
  const t = await createTestApp(kind, {
    seed: true,
    env: { ...LIVE_CHECKOUT, CLICK_API_URL: ofd.url, CLICK_FISCAL_TIN: '123456789', CHECKOUT_PAYMENT_TTL_S: '1800', FISCAL_DELIVERY_MXIK: '10112006002000000', FISCAL_DELIVERY_PACKAGE_CODE: '1545617' },
  });
  return { t, ofd };
}

/** For beforeEach: no receipt held or on its way, the shopper tables emptied, a shopper signed in (its token). */
export async function nextClickTest(t: TestApp, ofd: FakeClickApi): Promise<string> {
  ofd.held.on = false;
  ofd.release();
  await t.app.services.checkout.click.idle();
  await t.reset();
  const token = await signIn(t);
  ofd.calls.length = 0;
  return token;
}

/** For afterAll: the receipts under way let go and awaited, then the app and the fake closed. */
export async function closeClickShop(t: TestApp, ofd: FakeClickApi) {
  ofd.release();
  await t.app.services.checkout.click.idle();
  await t.close();
  await ofd.close();
}

/**
 * Click's callbacks for an order: `form` signs one (its click_trans_id is `trans.now()`), `call` posts it to
 * the shop's route, `prepared` places a click order and prepares it under a new click_trans_id.
 */
export function clickCalls(app: () => TestApp, kit: () => ReturnType<typeof checkoutKit>, trans: { now: () => number; next: () => void }) {
  const signTime = () => app().clock.now().toISOString().slice(0, 19).replace('T', ' ');
  function form(order: { number: string; total: number }, action: '0' | '1', extra: Record<string, string> = {}) {
    const f: Record<string, string> = {
      click_trans_id: String(trans.now()),
      service_id: CLICK.CLICK_SERVICE_ID,
      click_paydoc_id: String(trans.now() + 5_000_000),
      merchant_trans_id: order.number,
      amount: `${order.total}.00`,
      action,
      error: '0',
      error_note: 'Success',
      sign_time: signTime(),
      ...extra,
    };
    return { ...f, sign_string: clickSign(f, CLICK.CLICK_SECRET_KEY, action === '1') };
  }
  async function call(action: 'prepare' | 'complete', f: Record<string, string>) {
    const res = await app().app.inject({ method: 'POST', url: `/api/payments/click/${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(f).toString() });
    expect(res.statusCode).toBe(200);
    return res.json() as { error: number; error_note: string; merchant_prepare_id?: number; merchant_confirm_id?: number };
  }
  async function prepared() {
    trans.next();
    const v = await kit().freshVariant();
    const order = await kit().place('click', v);
    const p = await call('prepare', form(order, '0'));
    expect(p.error).toBe(0);
    return { v, order, prepareId: String(p.merchant_prepare_id) };
  }
  return { form, call, prepared };
}
