import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { type TestApp, bearer } from './helpers.js';

export const PAYME_KEY = 'payme-test-key-0123456789';
export const CLICK = { CLICK_SERVICE_ID: '777', CLICK_MERCHANT_ID: '555', CLICK_SECRET_KEY: 'click-secret', CLICK_MERCHANT_USER_ID: '333' };
/** Payme checkout (Merchant API) as a live shop configures it: the cashbox id and the key Payme sends. */
export const LIVE_PAYME_CHECKOUT = { PAYME_MERCHANT_ID: 'test-cashbox', PAYME_MERCHANT_KEY: PAYME_KEY };
/** Live payments (the providers' real pages, fakes of them here) with no saved cards: PAYMENT_PROVIDER=none. */
export const LIVE_CHECKOUT = { PAYMENT_PROVIDER: 'none', ...LIVE_PAYME_CHECKOUT, ...CLICK };
const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' };
const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };

/** Shop-side helpers for the provider tests: fresh stock, orders placed through the API, what a shopper sees. */
export function checkoutKit(t: TestApp, token: () => string) {
  let used = 0;
  let keys = 0;
  /** The audit log's last entry before each order was placed: order numbers repeat after `t.reset()`, the log does not. */
  const auditFrom = new Map<string, number>();
  return {
    /** A single-variant product no other test has touched, with stock to spare. */
    async freshVariant() {
      const [row] = await queryRows<{ product_id: number; variant_id: number; stock: number }>(
        t.database.db,
        sql`select p.id as product_id, v.id as variant_id, (select sum(quantity) from variant_stock s where s.variant_id = v.id)::int as stock
            from products p join variants v on v.product_id = p.id
            where p.status = 'active' and p.visible_to is null and (select count(*) from variants v2 where v2.product_id = p.id) = 1
              and (select sum(quantity) from variant_stock s where s.variant_id = v.id) >= 3
            order by p.id offset ${used++} limit 1`,
      );
      if (!row) throw new Error('no fresh variant');
      return row;
    },
    stockOf: async (variantId: number) =>
      (await queryRows<{ n: number }>(t.database.db, sql`select coalesce(sum(quantity), 0)::int as n from variant_stock where variant_id = ${variantId}`))[0]!.n,
    async place(method: 'payme' | 'click' | 'cash', variant: { product_id: number; variant_id: number }, lang = 'en') {
      const [last] = await queryRows<{ id: number }>(t.database.db, sql`select coalesce(max(id), 0)::int as id from audit_log`);
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { ...bearer(token()), 'idempotency-key': `checkout-${method}-${keys++}-${Date.now()}`, 'x-lang': lang },
        payload: { items: [{ product_id: variant.product_id, variant_id: variant.variant_id, quantity: 1 }], delivery: courier, receiver, payment: { method } },
      });
      if (res.statusCode !== 201) throw new Error(`order ${res.statusCode}: ${res.body}`);
      auditFrom.set(res.json().order.number, last!.id);
      return res.json().order as { number: string; total: number; pay_url?: string; payment_status: string; delivery_fee: number };
    },
    view: async (number: string) => (await t.app.inject({ url: `/api/orders/${number}`, headers: { ...bearer(token()), 'x-lang': 'en' } })).json().order,
    texts: (number: string) => t.sms.sent.filter((m) => m.text.includes(number)).map((m) => m.text),
    /** The order's audit entries as the back office lists them, oldest first: who (actor), what, before → after. */
    async audit(number: string) {
      const { data } = await t.app.services.audit.list({ entity: 'order', entityId: number, page: 1, perPage: 100 });
      const from = auditFrom.get(number) ?? 0;
      return data
        .filter((e) => e.id > from)
        .reverse()
        .map(({ actor, action, before, after }) => ({ actor, action, before, after }));
    },
  };
}
