/**
 * The back office's marking codes as the marking-labels tests drive them: a live Click shop whose fiscal
 * receipts go to a fake of Click's API, thirty single-variant products stocked for the tests, staff of every
 * role signed in, one shopper's orders paid through Click's signed callbacks, and the audit rows and receipt
 * an order keeps.
 */
import http from 'node:http';
import { type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { queryRows } from '../../src/db/client.js';
import { type StaffRole } from '../../src/db/schema/index.js';
import { clickSign } from '../../src/modules/checkout-payments/click-shop.js';
import { CLICK } from '../checkout-helpers.js';
import { type DbKind, type TestApp, bearer, createTestApp, signIn, staffCode } from '../helpers.js';

export type FakeOfd = Awaited<ReturnType<typeof startFakeOfd>>;

/** Click's fiscal API (submit_items): records each call; answers `answer` (or fails with HTTP 502). */
async function startFakeOfd() {
  const calls: Array<{ url: string; body: { payment_id: number; items: Array<Record<string, unknown>> } }> = [];
  const state = { answer: { error_code: 0, error_note: 'Success' } as { error_code: number; error_note: string } | 'fail' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      calls.push({ url: req.url ?? '', body: JSON.parse(raw) as (typeof calls)[number]['body'] });
      if (state.answer === 'fail') return res.writeHead(502).end('bad gateway');
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(state.answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v2/merchant`, calls, state, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const PHONES: Record<StaffRole, string> = { owner: '+998901120001', manager: '+998901120002', operator: '+998901120003', store: '+998901120004' };
const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };
const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' };

/** The shop on `kind`: `open` in beforeAll, `nextTest` in beforeEach (it gives the test its codes), `close` in afterAll;
 * `nextTrans` gives each Click payment its click_trans_id. */
export function markingDesk(kind: DbKind, nextTrans: () => number) {
  let t: TestApp;
  let ofd: FakeOfd;
  let shopper: string;
  const tokens = {} as Record<StaffRole, string>;
  let storeId: number;
  let otherStoreId: number;
  let keys = 0;
  /** Single-variant products with plenty of stock, taken one per call. */
  let products: Array<{ id: number; variant_id: number }> = [];
  let codeSet = 0;

  /**
   * Four marking codes of a test's own units (a unit's code is sold once, so no two tests share one): GS1's
   * serial characters, digits and letters in each.
   */
  function freshCodes(): string[] {
    const n = String(++codeSet).padStart(2, '0');
    return [`04780069000130aB!"%${n}`, `04780069000130aB!&%${n}`, `0478006900013012_?${n}5`, `04600000000017X-./${n}0`];
  }

  async function staffSignIn(phone: string): Promise<string> {
    t.clock.advance(61);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/auth/send-otp', payload: { phone } })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/auth/verify-otp', payload: { phone, otp: await staffCode(t, phone) } });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  }
  const admin = (role: StaffRole, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...bearer(tokens[role]), 'x-lang': 'en' }, ...(payload ? { payload } : {}) });
  const setLabels = (role: StaffRole, number: string, itemId: number, labels: string[]) => admin(role, 'PUT', `/api/admin/orders/${number}/items/${itemId}/labels`, { labels });
  const detail = async (number: string) => (await admin('owner', 'GET', `/api/admin/orders/${number}`)).json().order;
  const move = (number: string, status: string) =>
    admin('owner', 'POST', `/api/admin/orders/${number}/status`, status === 'cancelled' ? { status, note: 'Customer changed their mind' } : { status });

  /** A fresh product, marked or not. */
  async function product(marked: boolean) {
    const p = products.shift();
    if (!p) throw new Error('out of test products');
    await t.database.db.execute(sql`update products set marked = ${marked} where id = ${p.id}`);
    return p;
  }

  /** Places an order of `lines` ([product, quantity]) through the shop's API. */
  async function place(method: 'click' | 'cash', lines: Array<[{ id: number; variant_id: number }, number]>, delivery: object = courier) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...bearer(shopper), 'idempotency-key': `marking-${kind}-${keys++}`, 'x-lang': 'en' },
      payload: { items: lines.map(([p, quantity]) => ({ product_id: p.id, variant_id: p.variant_id, quantity })), delivery, receiver, payment: { method } },
    });
    expect([res.statusCode, res.statusCode === 201 ? '' : res.body]).toEqual([201, '']);
    const order = res.json().order as { number: string; total: number };
    const items = await queryRows<{ id: number; product_id: number }>(t.database.db, sql`select oi.id::int as id, oi.product_id from order_items oi join orders o on o.id = oi.order_id where o.number = ${order.number} order by oi.id`);
    return { ...order, items };
  }

  /** Click's Prepare and Complete for the order, signed as Click signs them. */
  async function payWithClick(order: { number: string; total: number }) {
    const trans = nextTrans();
    const base = { click_trans_id: String(trans), service_id: CLICK.CLICK_SERVICE_ID, click_paydoc_id: String(trans + 5_000_000), merchant_trans_id: order.number, amount: `${order.total}.00`, error: '0', error_note: 'Success', sign_time: '2026-11-22 09:00:00' };
    const post = async (action: 'prepare' | 'complete', f: Record<string, string>) => {
      const signed = { ...f, sign_string: clickSign(f, CLICK.CLICK_SECRET_KEY, action === 'complete') };
      const res = await t.app.inject({ method: 'POST', url: `/api/payments/click/${action}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(signed).toString() });
      return res.json() as { error: number; merchant_prepare_id?: number };
    };
    const p = await post('prepare', { ...base, action: '0' });
    expect(p.error).toBe(0);
    expect((await post('complete', { ...base, action: '1', merchant_prepare_id: String(p.merchant_prepare_id) })).error).toBe(0);
    return trans + 5_000_000;
  }

  const auditRows = (number: string) =>
    queryRows<{ staff_id: number | null; before: Record<string, unknown>; after: Record<string, unknown> }>(
      t.database.db,
      sql`select staff_id, before, after from audit_log where action = 'order.labels_set' and entity_id = ${number} order by id`,
    );
  const fiscalOf = async (number: string) =>
    (await queryRows<{ fiscal: Record<string, unknown> | null }>(t.database.db, sql`select t.fiscal from checkout_transactions t join orders o on o.id = t.order_id where o.number = ${number}`))[0]?.fiscal;

  async function open() {
    ofd = await startFakeOfd();
    t = await createTestApp(kind, { seed: true, env: { PAYMENT_PROVIDER: 'none', ...CLICK, CLICK_API_URL: ofd.url, CLICK_FISCAL_TIN: '123456789', ORDER_OPEN_UNPAID_MAX: '1000' } });
    const stores = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by id`);
    [storeId, otherStoreId] = [stores[0]!.id, stores[1]!.id];
    products = await queryRows<{ id: number; variant_id: number }>(
      t.database.db,
      sql`select p.id, min(v.id)::int as variant_id from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null and not p.marked
          group by p.id having count(*) = 1 order by p.id desc limit 30`,
    );
    for (const p of products) {
      await t.database.db.execute(sql`delete from variant_stock where variant_id = ${p.variant_id}`);
      await t.database.db.execute(sql`insert into variant_stock (variant_id, store_id, quantity) select ${p.variant_id}, id, 100 from stores`);
      await t.database.db.execute(sql`update products set total_quantity = 100 * (select count(*) from stores) where id = ${p.id}`);
    }
    await t.app.services.staff.add({ command: 'test' }, { phone: PHONES.owner, name: 'Owner Odina', role: 'owner', storeId: null }, 'en');
    tokens.owner = await staffSignIn(PHONES.owner);
    for (const role of ['manager', 'operator', 'store'] as const) {
      const res = await admin('owner', 'POST', '/api/admin/staff', { phone: PHONES[role], name: `${role} person`, role, ...(role === 'store' ? { store_id: storeId } : {}) });
      expect(res.statusCode).toBe(201);
      tokens[role] = await staffSignIn(PHONES[role]);
    }
    shopper = await signIn(t, '+998935551133');
    return { t, ofd, shopper, storeId, otherStoreId };
  }
  /** The next test's codes; the fake's calls forgotten and its answer a success again. */
  function nextTest(): string[] {
    const codes = freshCodes();
    ofd.calls.length = 0;
    ofd.state.answer = { error_code: 0, error_note: 'Success' };
    return codes;
  }
  async function close() {
    await t.close();
    await ofd.close();
  }

  return { freshCodes, tokens, admin, setLabels, detail, move, product, place, payWithClick, auditRows, fiscalOf, open, nextTest, close };
}
