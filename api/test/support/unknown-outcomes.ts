/**
 * The shop the payment-reconcile tests pay in: card payments through the real Payme adapter against the
 * repo's fake Subscribe API (made to time out, drop the connection or answer 5xx), fresh stock, a saved
 * card, orders placed and viewed as the shopper, and the reconciler's pass.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { startFakePayme } from '../fake-payme.js';
import { type DbKind, type TestApp, bearer, createTestApp, signIn } from '../helpers.js';

const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' };
const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };
/** Shorter than the faults' delays, so a late answer is a time-out. */
export const TIMEOUT_MS = 300;
export const LATE = 900;

/** The shop on `kind`: `open` in beforeAll, `nextTest` in beforeEach (it gives the test's shopper), `close` in afterAll. */
export function unknownOutcomes(kind: DbKind) {
  let payme: Awaited<ReturnType<typeof startFakePayme>>;
  let env: Record<string, string>;
  let t: TestApp;
  let token: string;
  let used = 0;

  async function freshVariant() {
    const [row] = await queryRows<{ product_id: number; variant_id: number; stock: number }>(
      t.database.db,
      sql`select p.id as product_id, v.id as variant_id, (select sum(quantity) from variant_stock s where s.variant_id = v.id)::int as stock
          from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null and (select count(*) from variants v2 where v2.product_id = p.id) = 1
            and (select sum(quantity) from variant_stock s where s.variant_id = v.id) >= 3 and v.price_individual < 900000
          order by p.id desc offset ${used++} limit 1`,
    );
    if (!row) throw new Error('no fresh variant');
    return row;
  }
  const stockOf = async (variantId: number) =>
    (await queryRows<{ n: number }>(t.database.db, sql`select coalesce(sum(quantity), 0)::int as n from variant_stock where variant_id = ${variantId}`))[0]!.n;
  /** Payme's side of an order: its receipt. */
  const receiptOf = async (number: string) =>
    (await queryRows<{ receipt_id: string | null }>(t.database.db, sql`select receipt_id from orders where number = ${number}`))[0]!.receipt_id;

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), ...headers } });
  async function addCard(): Promise<{ id: number; token: string }> {
    const created = await post('/api/payments/card/create', { number: '8600 0691 9540 6311', expire: '03/99' });
    const id = created.json().card.id as number;
    expect((await post('/api/payments/card/confirm', { card_id: id, code: '666666' })).statusCode).toBe(200);
    return { id, token: `tok_${payme.cards.size}` };
  }
  const place = (cardId: number, variant: { product_id: number; variant_id: number }, key: string, lang = 'en') =>
    post(
      '/api/orders/',
      { items: [{ product_id: variant.product_id, variant_id: variant.variant_id, quantity: 1 }], delivery: courier, receiver, payment: { method: 'card', card_id: cardId } },
      { 'idempotency-key': key, 'x-lang': lang },
    );
  const view = async (number: string, lang = 'en') => (await t.app.inject({ url: `/api/orders/${number}`, headers: { ...bearer(token), 'x-lang': lang } })).json().order;
  const textsAbout = (number: string, sms = t.sms) => sms.sent.filter((m) => m.text.includes(number)).map((m) => m.text);
  const reconcile = () => t.app.services.orderPayments.reconcileOnce();
  const timeOutPay = (moneyMoves: boolean) => payme.faults.push({ method: 'receipts.pay', process: moneyMoves, answer: 'late', delayMs: LATE });

  async function open() {
    payme = await startFakePayme();
    env = { PAYMENT_PROVIDER: 'payme', PAYME_BASE_URL: payme.baseUrl, PAYME_MERCHANT_ID: payme.merchantId, PAYME_KEY: payme.key, PAYME_TIMEOUT_MS: String(TIMEOUT_MS) };
    t = await createTestApp(kind, { seed: true, env });
    return { payme, env, t };
  }
  /** The shopper tables emptied, a shopper signed in (its token), the fake Payme's faults, calls and states undone. */
  async function nextTest(): Promise<string> {
    await t.reset();
    token = await signIn(t);
    payme.faults.length = 0;
    payme.calls.length = 0;
    payme.state.httpFailure = false;
    payme.state.queueCancellations = false;
    return token;
  }
  async function close() {
    await t.close();
    await payme.close();
  }

  return { freshVariant, stockOf, receiptOf, post, addCard, place, view, textsAbout, reconcile, timeOutPay, open, nextTest, close };
}
