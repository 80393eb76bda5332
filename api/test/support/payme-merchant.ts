/**
 * Payme's side of the Merchant API as the payme-merchant tests play it: JSON-RPC over HTTP with Basic auth,
 * and a payme order whose transaction is brought to a state through the API itself.
 */
import { randomBytes } from 'node:crypto';
import { type TestApp } from '../helpers.js';
import { PAYME_KEY, type checkoutKit } from '../checkout-helpers.js';

export const basic = (login: string, key: string) => `Basic ${Buffer.from(`${login}:${key}`).toString('base64')}`;
export const GOOD = basic('Paycom', PAYME_KEY);
export const H12 = 12 * 60 * 60;

/** Payme's calls on the app `app()` gives, for orders placed through `kit()`; `nextId` numbers the requests. */
export function paymeCalls(app: () => TestApp, kit: () => ReturnType<typeof checkoutKit>, nextId: () => number) {
  async function rpc(method: string, params: unknown, auth: string | null = GOOD) {
    const res = await app().app.inject({
      method: 'POST',
      url: '/api/payments/payme/merchant',
      headers: { 'content-type': 'application/json', ...(auth ? { authorization: auth } : {}) },
      payload: JSON.stringify({ jsonrpc: '2.0', id: nextId(), method, params }),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { result?: Record<string, unknown>; error?: { code: number; message: Record<string, string>; data?: string } };
    return body;
  }
  const txId = () => randomBytes(12).toString('hex');
  const now = () => app().clock.now().getTime();

  /** A payme order and, if asked, a transaction of it brought to `state` through the API itself. */
  async function orderIn(state: 0 | 1 | 2 | -1 | -2, lang = 'en') {
    const v = await kit().freshVariant();
    const order = await kit().place('payme', v, lang);
    const id = txId();
    const account = { order_id: order.number };
    const amount = order.total * 100;
    if (state !== 0) expect((await rpc('CreateTransaction', { id, time: now(), amount, account })).result?.state).toBe(1);
    if (state === 2 || state === -2) expect((await rpc('PerformTransaction', { id })).result?.state).toBe(2);
    if (state === -1) expect((await rpc('CancelTransaction', { id, reason: 3 })).result?.state).toBe(-1);
    if (state === -2) expect((await rpc('CancelTransaction', { id, reason: 5 })).result?.state).toBe(-2);
    return { v, order, id, account, amount };
  }

  return { rpc, txId, now, orderIn };
}
