/**
 * The back office as the staff-* tests meet it: a shop on the (fake) Payme with one product stocked for ~90
 * orders, an owner, manager, operator and store account signed in, one shopper placing the orders, and the
 * audit rows a write leaves.
 */
import { sql } from 'drizzle-orm';
import { type StaffRole } from '../../src/db/schema/index.js';
import { queryRows } from '../../src/db/client.js';
import { startFakePayme } from '../fake-payme.js';
import { type DbKind, type TestApp, bearer, createTestApp, signIn, staffCode } from '../helpers.js';

export const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' };
const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };
export const PHONES: Record<StaffRole, string> = { owner: '+998901110001', manager: '+998901110002', operator: '+998901110003', store: '+998901110004' };

export interface BackOffice {
  payme: Awaited<ReturnType<typeof startFakePayme>>;
  t: TestApp;
  shopper: string;
  storeId: number;
  otherStoreId: number;
  productId: number;
}

/** The back office on `kind`: `open` in beforeAll (it signs the staff in), `close` in afterAll, the calls in between. */
export function backOffice(kind: DbKind) {
  const office = {} as BackOffice;
  const tokens = {} as Record<StaffRole, string>;
  let keys = 0;

  /** Signs a staff phone in through the real endpoints. */
  async function staffSignIn(phone: string): Promise<string> {
    const { t } = office;
    t.clock.advance(61); // past the resend cooldown of an earlier code
    const sent = await t.app.inject({ method: 'POST', url: '/api/admin/auth/send-otp', payload: { phone } });
    expect(sent.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/auth/verify-otp', payload: { phone, otp: await staffCode(t, phone) } });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  }
  const as = (role: StaffRole) => bearer(tokens[role]);
  const admin = (role: StaffRole, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    office.t.app.inject({ method, url, headers: { ...as(role), 'x-lang': 'en' }, ...(payload ? { payload } : {}) });
  async function placeOrder(payment: object = { method: 'cash' }, delivery: object = courier): Promise<{ number: string; id: number }> {
    const res = await office.t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...bearer(office.shopper), 'idempotency-key': `bo-${kind}-${keys++}-order` },
      payload: { items: [{ product_id: office.productId, quantity: 1 }], delivery, receiver, payment },
    });
    expect([res.statusCode, res.statusCode === 201 ? '' : res.body]).toEqual([201, '']);
    return res.json().order;
  }
  const auditRows = (action: string) =>
    queryRows<{ staff_id: number | null; entity_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      office.t.database.db,
      sql`select staff_id, entity_id, before, after from audit_log where action = ${action} order by id`,
    );

  async function open(): Promise<BackOffice> {
    office.payme = await startFakePayme();
    const { payme } = office;
    // One shopper places every order here (~90, most left open): the cap on open unpaid orders is order-limits.test.ts's subject.
    const env = { PAYMENT_PROVIDER: 'payme', PAYME_BASE_URL: payme.baseUrl, PAYME_MERCHANT_ID: payme.merchantId, PAYME_KEY: payme.key, PAYME_TIMEOUT_MS: '300', ORDER_OPEN_UNPAID_MAX: '1000' };
    const t = (office.t = await createTestApp(kind, { seed: true, env }));
    const stores = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by id`);
    [office.storeId, office.otherStoreId] = [stores[0]!.id, stores[1]!.id];
    // One single-variant product with plenty in every store: the state machine's table alone places ~90 orders.
    const [p] = await queryRows<{ id: number; variant_id: number }>(
      t.database.db,
      sql`select p.id, min(v.id)::int as variant_id from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null and p.price_individual < 900000
          group by p.id having count(*) = 1 order by p.id limit 1`,
    );
    office.productId = p!.id;
    await t.database.db.execute(sql`delete from variant_stock where variant_id = ${p!.variant_id}`);
    await t.database.db.execute(sql`insert into variant_stock (variant_id, store_id, quantity) select ${p!.variant_id}, id, 10000 from stores`);
    await t.database.db.execute(sql`update products set total_quantity = 10000 * (select count(*) from stores) where id = ${office.productId}`);
    await t.app.services.staff.add({ command: 'test' }, { phone: PHONES.owner, name: 'Owner Odina', role: 'owner', storeId: null }, 'en');
    tokens.owner = await staffSignIn(PHONES.owner);
    for (const role of ['manager', 'operator', 'store'] as const) {
      const res = await admin('owner', 'POST', '/api/admin/staff', { phone: PHONES[role], name: `${role} person`, role, ...(role === 'store' ? { store_id: office.storeId } : {}) });
      expect(res.statusCode).toBe(201);
      tokens[role] = await staffSignIn(PHONES[role]);
    }
    office.shopper = await signIn(t, '+998935551122');
    return office;
  }
  async function close() {
    await office.t.close();
    await office.payme.close();
  }

  return { tokens, staffSignIn, as, admin, placeOrder, auditRows, open, close };
}
