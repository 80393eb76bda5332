/**
 * The shop the order-limits tests hoard stock in: forty single-variant products handed out one per test,
 * staff of every role, sessions made directly (sign-in is not what these tests are about), and orders
 * placed through the API.
 */
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { customers, sessions, staffSessions } from '../../src/db/schema/index.js';
import { type StaffRole } from '../../src/db/schema/index.js';
import { newSessionToken, sha256 } from '../../src/lib/secrets.js';
import { type DbKind, type TestApp, bearer, createTestApp } from '../helpers.js';

export const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' };
const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };

/** The shop on `kind`: `open` in beforeAll, `nextTest` in beforeEach (it gives the test's shopper), `close` in afterAll. */
export function hoardingShop(kind: DbKind) {
  let t: TestApp;
  let shopper: string;
  let storeId: number;
  let products: Array<{ product_id: number; variant_id: number; name: string; name_ru: string }>;
  let used = 0;
  let keys = 0;
  const staffIds = {} as Record<StaffRole, number>;

  /** A session for a shopper (made directly: sign-in is not what these tests are about). */
  async function shopperToken(phone: string, userType: 'individual' | 'legal' = 'individual'): Promise<string> {
    const [customer] = await t.database.db.insert(customers).values({ phone, userType }).returning();
    const token = newSessionToken();
    await t.database.db.insert(sessions).values({ tokenHash: sha256(token), customerId: customer!.id, expiresAt: new Date(t.clock.now().getTime() + 90 * 86_400_000) });
    return token;
  }
  /** A live staff session as of the fake clock's now (staff sessions end after 12 idle hours). */
  async function staffToken(role: StaffRole): Promise<string> {
    const token = newSessionToken();
    await t.database.db.insert(staffSessions).values({ tokenHash: sha256(token), staffId: staffIds[role], lastSeenAt: t.clock.now() });
    return token;
  }
  const admin = async (role: StaffRole, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...bearer(await staffToken(role)), 'x-lang': 'en' }, ...(payload ? { payload } : {}) });

  /** A single-variant product no other test has used, with exactly `perStore` units in each store. */
  async function variantWith(perStore: number) {
    const v = products[used++];
    if (!v) throw new Error('no fresh product');
    await t.database.db.execute(sql`delete from variant_stock where variant_id = ${v.variant_id}`);
    await t.database.db.execute(sql`insert into variant_stock (variant_id, store_id, quantity) select ${v.variant_id}, id, ${perStore} from stores`);
    return v;
  }
  const stockOf = async (variantId: number) =>
    (await queryRows<{ n: number }>(t.database.db, sql`select coalesce(sum(quantity), 0)::int as n from variant_stock where variant_id = ${variantId}`))[0]!.n;
  const orderCount = async () => (await queryRows<{ n: number }>(t.database.db, sql`select count(*)::int as n from orders`))[0]!.n;

  function order(
    items: Array<{ product_id: number; variant_id: number; quantity: number }>,
    options: { key?: string; lang?: string; who?: string; payment?: object; delivery?: object } = {},
  ) {
    return t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...bearer(options.who ?? shopper), 'idempotency-key': options.key ?? `limits-${kind}-${keys++}`, 'x-lang': options.lang ?? 'en' },
      payload: { items, delivery: options.delivery ?? courier, receiver, payment: options.payment ?? { method: 'cash' } },
    });
  }
  const one = (v: { product_id: number; variant_id: number }, quantity = 1) => [{ product_id: v.product_id, variant_id: v.variant_id, quantity }];

  async function open() {
    t = await createTestApp(kind, { seed: true, env: { CHECKOUT_PAYMENT_TTL_S: '5400' } });
    const stores = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by id`);
    storeId = stores[0]!.id;
    const otherStoreId = stores[1]!.id;
    products = await queryRows<{ product_id: number; variant_id: number; name: string; name_ru: string }>(
      t.database.db,
      sql`select p.id as product_id, min(v.id)::int as variant_id, p.name->>'en' as name, p.name->>'ru' as name_ru from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null
          group by p.id having count(*) = 1 order by p.id limit 40`,
    );
    const phones: Record<StaffRole, string> = { owner: '+998902220001', manager: '+998902220002', operator: '+998902220003', store: '+998902220004' };
    for (const role of ['owner', 'manager', 'operator', 'store'] as const) {
      const created = await t.app.services.staff.add({ command: 'test' }, { phone: phones[role], name: `${role} person`, role, storeId: role === 'store' ? storeId : null }, 'en');
      staffIds[role] = created.id;
    }
    return { t, storeId, otherStoreId, staffIds };
  }
  /** The shopper tables and the audit log emptied; a new shopper's session for the test. */
  async function nextTest(): Promise<string> {
    await t.reset();
    await t.database.db.execute(sql`delete from audit_log`);
    shopper = await shopperToken('+998935551122');
    return shopper;
  }
  async function close() {
    await t.close();
  }

  return { shopperToken, admin, variantWith, stockOf, orderCount, order, one, open, nextTest, close };
}
