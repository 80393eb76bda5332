/**
 * The back office's API as staff and strangers meet it: staff sign-in by SMS code, every role's calls
 * (allowed → 2xx, the rest 403), shopper and staff tokens never opening each other's API, the order
 * state machine for every pair of states, a refund pending until the (fake) Payme confirms it, store
 * accounts seeing only their store's pickup orders, customers made legal or blocked, and an audit row
 * for every write.
 */
import { sql } from 'drizzle-orm';
import { ORDER_STATUSES, type OrderStatus, STAFF_ROLES, type StaffRole } from '../src/db/schema/index.js';
import { queryRows } from '../src/db/client.js';
import { nextStatuses } from '../src/modules/orders/order-status-machine.js';
import { startFakePayme } from './fake-payme.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn, staffCode } from './helpers.js';

const courier = { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' };
const receiver = { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' };
const PHONES: Record<StaffRole, string> = { owner: '+998901110001', manager: '+998901110002', operator: '+998901110003', store: '+998901110004' };

describe.each(DB_KINDS)('back office (%s)', (kind) => {
  let payme: Awaited<ReturnType<typeof startFakePayme>>;
  let t: TestApp;
  let shopper: string;
  const tokens = {} as Record<StaffRole, string>;
  let storeId: number;
  let otherStoreId: number;
  let keys = 0;

  /** Signs a staff phone in through the real endpoints. */
  async function staffSignIn(phone: string): Promise<string> {
    t.clock.advance(61); // past the resend cooldown of an earlier code
    const sent = await t.app.inject({ method: 'POST', url: '/api/admin/auth/send-otp', payload: { phone } });
    expect(sent.statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/auth/verify-otp', payload: { phone, otp: await staffCode(t, phone) } });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  }
  const as = (role: StaffRole) => bearer(tokens[role]);
  const admin = (role: StaffRole, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { ...as(role), 'x-lang': 'en' }, ...(payload ? { payload } : {}) });
  let productId: number;
  async function placeOrder(payment: object = { method: 'cash' }, delivery: object = courier): Promise<{ number: string; id: number }> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/',
      headers: { ...bearer(shopper), 'idempotency-key': `bo-${kind}-${keys++}-order` },
      payload: { items: [{ product_id: productId, quantity: 1 }], delivery, receiver, payment },
    });
    expect([res.statusCode, res.statusCode === 201 ? '' : res.body]).toEqual([201, '']);
    return res.json().order;
  }
  const auditRows = (action: string) =>
    queryRows<{ staff_id: number | null; entity_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      t.database.db,
      sql`select staff_id, entity_id, before, after from audit_log where action = ${action} order by id`,
    );

  beforeAll(async () => {
    payme = await startFakePayme();
    // One shopper places every order here (~90, most left open): the cap on open unpaid orders is order-limits.test.ts's subject.
    const env = { PAYMENT_PROVIDER: 'payme', PAYME_BASE_URL: payme.baseUrl, PAYME_MERCHANT_ID: payme.merchantId, PAYME_KEY: payme.key, PAYME_TIMEOUT_MS: '300', ORDER_OPEN_UNPAID_MAX: '1000' };
    t = await createTestApp(kind, { seed: true, env });
    const stores = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by id`);
    [storeId, otherStoreId] = [stores[0]!.id, stores[1]!.id];
    // One single-variant product with plenty in every store: the table test alone places ~90 orders.
    const [p] = await queryRows<{ id: number; variant_id: number }>(
      t.database.db,
      sql`select p.id, min(v.id)::int as variant_id from products p join variants v on v.product_id = p.id
          where p.status = 'active' and p.visible_to is null and p.price_individual < 900000
          group by p.id having count(*) = 1 order by p.id limit 1`,
    );
    productId = p!.id;
    await t.database.db.execute(sql`delete from variant_stock where variant_id = ${p!.variant_id}`);
    await t.database.db.execute(sql`insert into variant_stock (variant_id, store_id, quantity) select ${p!.variant_id}, id, 10000 from stores`);
    await t.database.db.execute(sql`update products set total_quantity = 10000 * (select count(*) from stores) where id = ${productId}`);
    await t.app.services.staff.add({ command: 'test' }, { phone: PHONES.owner, name: 'Owner Odina', role: 'owner', storeId: null }, 'en');
    tokens.owner = await staffSignIn(PHONES.owner);
    for (const role of ['manager', 'operator', 'store'] as const) {
      const res = await admin('owner', 'POST', '/api/admin/staff', { phone: PHONES[role], name: `${role} person`, role, ...(role === 'store' ? { store_id: storeId } : {}) });
      expect(res.statusCode).toBe(201);
      tokens[role] = await staffSignIn(PHONES[role]);
    }
    shopper = await signIn(t, '+998935551122');
  }, 180_000);
  afterAll(async () => {
    await t.close();
    await payme.close();
  });

  test('a staff code goes only to staff phones, and the answer does not tell', async () => {
    const before = t.sms.sent.length;
    const stranger = await t.app.inject({ method: 'POST', url: '/api/admin/auth/send-otp', payload: { phone: '+998977770000' } });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toEqual({ sent: true, retry_after: expect.any(Number), expires_in: expect.any(Number) });
    await t.app.services.staff.idle();
    expect(t.sms.sent.length).toBe(before);
    const me = await admin('operator', 'GET', '/api/admin/me');
    expect(me.json().staff).toMatchObject({ phone: PHONES.operator, role: 'operator', active: true });
  });

  test('send-otp answers a staff number and a stranger number alike, without waiting for the SMS', async () => {
    // A provider that takes its time (Eskiz's call in production): the answer must not wait for it, or the
    // time it takes tells a colleague's number from any other.
    const release = t.sms.hold();
    const before = t.sms.sent.length;
    const ask = (phone: string, address: string) => t.app.inject({ method: 'POST', url: '/api/admin/auth/send-otp', payload: { phone }, remoteAddress: address });
    let answers: Awaited<ReturnType<typeof ask>>[] | 'still waiting';
    try {
      // (a limit on how long a hung answer is waited for, not a measure of speed)
      answers = await Promise.race([
        Promise.all([ask(PHONES.manager, '10.20.0.1'), ask('+998977770001', '10.20.0.2')]),
        new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), 5000)),
      ]);
    } finally {
      release();
    }
    expect(answers).not.toBe('still waiting');
    const [colleague, stranger] = answers as Awaited<ReturnType<typeof ask>>[];
    expect([colleague!.statusCode, stranger!.statusCode]).toEqual([200, 200]);
    expect(colleague!.json()).toEqual(stranger!.json());
    expect(t.sms.sent.length).toBe(before);
    // the colleague's code arrives afterwards and signs in; the stranger's number got nothing
    const code = await staffCode(t, PHONES.manager);
    expect(t.sms.sent.slice(before).map((m) => m.phone)).toEqual([PHONES.manager]);
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/admin/auth/verify-otp', payload: { phone: PHONES.manager, otp: code }, remoteAddress: '10.20.0.1' });
    expect(signedIn.statusCode).toBe(200);
    tokens.manager = signedIn.json().token as string;
  });

  test('a staff code that cannot be sent is not kept, and its wait is given back', async () => {
    const ask = () => t.app.inject({ method: 'POST', url: '/api/admin/auth/send-otp', payload: { phone: PHONES.operator }, remoteAddress: '10.20.1.1' });
    t.sms.failing = true;
    try {
      expect((await ask()).statusCode).toBe(200);
      await t.app.services.staff.idle();
    } finally {
      t.sms.failing = false;
    }
    const verify = await t.app.inject({ method: 'POST', url: '/api/admin/auth/verify-otp', payload: { phone: PHONES.operator, otp: '12345' }, remoteAddress: '10.20.1.1' });
    expect(verify.json().error.code).toBe('OTP_EXPIRED');
    // asked again at once (no resend wait started), the code goes out
    expect((await ask()).statusCode).toBe(200);
    const code = await staffCode(t, PHONES.operator);
    const signedIn = await t.app.inject({ method: 'POST', url: '/api/admin/auth/verify-otp', payload: { phone: PHONES.operator, otp: code }, remoteAddress: '10.20.1.1' });
    expect(signedIn.statusCode).toBe(200);
    tokens.operator = signedIn.json().token as string;
  });

  test('the audit log records each staff sign-in and sign-out, by that staff member', async () => {
    const phone = '+998901110066';
    const created = (await admin('owner', 'POST', '/api/admin/staff', { phone, name: 'Audit Operator', role: 'operator' })).json().staff;
    const token = await staffSignIn(phone);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/auth/logout', headers: bearer(token) })).statusCode).toBe(204);
    const mine = (action: string) => auditRows(action).then((rows) => rows.filter((r) => r.entity_id === String(created.id)));
    expect(await mine('staff.sign_in')).toEqual([{ staff_id: created.id, entity_id: String(created.id), before: null, after: null }]);
    expect(await mine('staff.sign_out')).toEqual([{ staff_id: created.id, entity_id: String(created.id), before: null, after: null }]);
    const listed = (await admin('owner', 'GET', `/api/admin/audit?entity=staff&entity_id=${created.id}`)).json().data as Array<{ action: string; actor: unknown }>;
    expect(listed.map((e) => [e.action, e.actor])).toEqual([
      ['staff.sign_out', { kind: 'staff', staff_id: created.id }],
      ['staff.sign_in', { kind: 'staff', staff_id: created.id }],
      ['staff.create', { kind: 'staff', staff_id: expect.any(Number) }],
    ]);
  });

  test('each role may do its own calls and gets 403 for the rest', async () => {
    const order = await placeOrder();
    const customerId = (await queryRows<{ id: number }>(t.database.db, sql`select id from customers where phone = '+998935551122'`))[0]!.id;
    const calls: Array<{ call: () => ReturnType<typeof admin> extends Promise<infer R> ? Promise<R> : never; roles: StaffRole[] } & { name: string }> = [];
    const add = (name: string, roles: StaffRole[], method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
      calls.push({ name, roles, call: (role?: StaffRole) => admin(role!, method, url, payload) } as never);
    add('dashboard', [...STAFF_ROLES], 'GET', '/api/admin/dashboard');
    add('orders', [...STAFF_ROLES], 'GET', '/api/admin/orders');
    add('customers', ['owner', 'manager', 'operator'], 'GET', '/api/admin/customers');
    add('customer', ['owner', 'manager', 'operator'], 'GET', `/api/admin/customers/${customerId}`);
    add('staff list', ['owner'], 'GET', '/api/admin/staff');
    add('audit', ['owner'], 'GET', '/api/admin/audit');
    add('order', ['owner', 'manager', 'operator'], 'GET', `/api/admin/orders/${order.number}`);
    for (const { name, roles, call } of calls as unknown as Array<{ name: string; roles: StaffRole[]; call: (r: StaffRole) => Promise<{ statusCode: number }> }>) {
      for (const role of STAFF_ROLES) {
        // A store account is not told a courier order exists at all (404, not 403).
        const expected = roles.includes(role) ? 200 : name === 'order' ? 404 : 403;
        expect([name, role, (await call(role)).statusCode]).toEqual([name, role, expected]);
      }
    }
    // Writes: an operator cannot add staff or read the audit log; a store account cannot touch customers.
    expect((await admin('operator', 'POST', '/api/admin/staff', { phone: '+998901119999', name: 'X', role: 'owner' })).statusCode).toBe(403);
    expect((await admin('manager', 'PATCH', `/api/admin/staff/1`, { active: false })).statusCode).toBe(403);
    expect((await admin('store', 'PATCH', `/api/admin/customers/${customerId}`, { blocked: true })).statusCode).toBe(403);
  });

  test('shopper tokens get 401 on the admin API, staff tokens 401 on shopper-only calls', async () => {
    for (const url of ['/api/admin/me', '/api/admin/orders', '/api/admin/staff', '/api/admin/dashboard']) {
      expect((await t.app.inject({ url, headers: bearer(shopper) })).statusCode).toBe(401);
      expect((await t.app.inject({ url })).statusCode).toBe(401);
    }
    for (const url of ['/api/auth/user', '/api/orders', '/api/profile/cart', '/api/payments/cards']) {
      expect((await t.app.inject({ url, headers: as('owner') })).statusCode).toBe(401);
    }
    // Nor is an ops route open to a staff session, or to anyone through a gateway.
    const ops = await t.app.inject({ method: 'POST', url: '/api/ops/staff', headers: as('owner'), payload: { phone: '+998901119998', role: 'owner' } });
    expect(ops.statusCode).toBe(403);
    const relayed = await t.app.inject({
      method: 'POST',
      url: '/api/ops/staff',
      headers: { 'x-ops-secret': t.app.opsSecret, 'x-forwarded-for': '203.0.113.9' },
      payload: { phone: '+998901119998', role: 'owner' },
    });
    expect(relayed.statusCode).toBe(403);
  });

  test('the state machine: every pair of states, as a table', async () => {
    const pickupStore = { type: 'pickup', store_id: storeId };
    for (const delivery of [courier, pickupStore]) {
      const isPickup = delivery === pickupStore;
      for (const from of ORDER_STATUSES) {
        for (const to of ORDER_STATUSES) {
          const path = pathTo(from, isPickup);
          if (!path) continue; // a courier order is never ready_for_pickup, and so on
          const order = await placeOrder({ method: 'cash' }, delivery);
          const move = (status: OrderStatus) => ({ status, ...(status === 'cancelled' ? { note: 'Customer changed their mind' } : {}) });
          for (const step of path) expect((await admin('operator', 'POST', `/api/admin/orders/${order.number}/status`, move(step))).statusCode).toBe(200);
          const res = await admin('operator', 'POST', `/api/admin/orders/${order.number}/status`, move(to));
          const allowed = nextStatuses({ status: from, deliveryType: isPickup ? 'pickup' : 'courier' });
          if (allowed.includes(to)) {
            expect([from, to, res.statusCode]).toEqual([from, to, 200]);
            expect(res.json().order.status).toBe(to);
          } else {
            expect([from, to, res.statusCode]).toEqual([from, to, 409]);
            expect(res.json().error).toMatchObject({ code: 'INVALID_TRANSITION', allowed });
          }
        }
      }
    }
    // the refusal names the statuses as staff read them, in their language
    const packed = await placeOrder({ method: 'cash' }, { type: 'pickup', store_id: storeId });
    for (const step of ['confirmed', 'assembling']) await admin('operator', 'POST', `/api/admin/orders/${packed.number}/status`, { status: step });
    const uz = await t.app.inject({ method: 'POST', url: `/api/admin/orders/${packed.number}/status`, headers: { ...bearer(tokens.manager), 'x-lang': 'uz' }, payload: { status: 'confirmed' } });
    expect(uz.json().error.message).toBe('Buyurtmani «Yigʻilmoqda» holatidan «Tasdiqlandi» holatiga oʻtkazib boʻlmaydi. Mumkin: olib ketishga tayyor, bekor qilindi.');
    const en = await admin('operator', 'POST', `/api/admin/orders/${packed.number}/status`, { status: 'confirmed' });
    expect(en.json().error.message).toBe('The order cannot go from “Being packed” to “Confirmed”. Allowed: ready for pickup, cancelled.');
    // The table itself: nothing leaves cancelled or completed; goods that left cannot be cancelled.
    expect(nextStatuses({ status: 'cancelled', deliveryType: 'courier' })).toEqual([]);
    expect(nextStatuses({ status: 'completed', deliveryType: 'pickup' })).toEqual([]);
    expect(nextStatuses({ status: 'shipping', deliveryType: 'courier' })).toEqual(['delivered']);
    expect(nextStatuses({ status: 'assembling', deliveryType: 'pickup' })).toEqual(['ready_for_pickup', 'cancelled']);
  }, 600_000);

  test('cancelling returns the stock once; a paid card order is refund_pending until Payme confirms, retried while it is down', async () => {
    const card = await t.app.inject({ method: 'POST', url: '/api/payments/card/create', headers: bearer(shopper), payload: { number: '8600 0691 9540 6311', expire: '03/99' } });
    const cardId = card.json().card.id as number;
    await t.app.inject({ method: 'POST', url: '/api/payments/card/confirm', headers: bearer(shopper), payload: { card_id: cardId, code: '666666' } });
    const order = await placeOrder({ method: 'card', card_id: cardId });
    const stock = async () => (await queryRows<{ n: number }>(t.database.db, sql`select sum(s.quantity)::int as n from variant_stock s join order_items i on i.variant_id = s.variant_id where i.order_id = ${order.id}`))[0]!.n;
    const held = await stock();
    payme.faults.push({ method: 'receipts.cancel', process: false, answer: 'http', status: 500 });
    // a cancellation says why: without a reason (or with only spaces) nothing changes
    for (const body of [{ status: 'cancelled' }, { status: 'cancelled', note: '   ' }]) {
      const refused = await admin('manager', 'POST', `/api/admin/orders/${order.number}/status`, body);
      expect(refused.statusCode).toBe(422);
      expect(refused.json().error.fields).toMatchObject({ note: expect.any(String) });
    }
    expect(await stock()).toBe(held);
    expect((await admin('manager', 'GET', `/api/admin/orders/${order.number}`)).json().order.status).toBe('new');
    const cancelled = await admin('manager', 'POST', `/api/admin/orders/${order.number}/status`, { status: 'cancelled', note: 'Customer changed their mind' });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().order).toMatchObject({ status: 'cancelled', payment_status: 'refund_pending', allowed_next: [] });
    expect(await stock()).toBe(held + 1);
    // Again: still not refunded (Payme is still failing), and the stock is not returned twice.
    payme.faults.push({ method: 'receipts.cancel', process: false, answer: 'http', status: 500 });
    t.clock.advance(31);
    await t.app.services.orderPayments.reconcileOnce();
    expect((await admin('manager', 'GET', `/api/admin/orders/${order.number}`)).json().order.payment_status).toBe('refund_pending');
    t.clock.advance(61);
    await t.app.services.orderPayments.reconcileOnce();
    const detail = (await admin('manager', 'GET', `/api/admin/orders/${order.number}`)).json().order;
    expect(detail.payment_status).toBe('refunded');
    expect(await stock()).toBe(held + 1);
    expect(detail.timeline.find((s: { status: string }) => s.status === 'cancelled')).toMatchObject({ staff: { name: 'manager person' }, note: 'Customer changed their mind' });
    const audit = (await auditRows('order.status')).filter((r) => r.entity_id === order.number);
    expect(audit.at(-1)).toMatchObject({ before: { status: 'new', payment_status: 'paid' }, after: { status: 'cancelled', payment_status: 'refund_pending' } });
  });

  test('a store account sees only the pickup orders of its store, and moves them', async () => {
    const mine = await placeOrder({ method: 'cash' }, { type: 'pickup', store_id: storeId });
    const theirs = await placeOrder({ method: 'cash' }, { type: 'pickup', store_id: otherStoreId });
    const list = (await admin('store', 'GET', '/api/admin/orders?per_page=100')).json();
    const numbers = list.data.map((o: { number: string }) => o.number);
    expect(numbers).toContain(mine.number);
    expect(numbers).not.toContain(theirs.number);
    expect(list.data.every((o: { delivery_type: string; store_id: number }) => o.delivery_type === 'pickup' && o.store_id === storeId)).toBe(true);
    expect((await admin('store', 'GET', `/api/admin/orders/${theirs.number}`)).statusCode).toBe(404);
    expect((await admin('store', 'POST', `/api/admin/orders/${theirs.number}/status`, { status: 'confirmed' })).statusCode).toBe(404);
    const moved = await admin('store', 'POST', `/api/admin/orders/${mine.number}/status`, { status: 'confirmed' });
    expect(moved.statusCode).toBe(200);
    // the till gets the receiver, not the account behind the order (its role has no customer data)
    expect(moved.json().order.customer).toBeNull();
    expect((await admin('store', 'GET', `/api/admin/orders/${mine.number}`)).json().order).toMatchObject({ customer: null, receiver: { phone: expect.any(String) } });
    expect(list.data.every((o: { customer: unknown }) => o.customer === null)).toBe(true);
    expect((await admin('operator', 'GET', `/api/admin/orders/${mine.number}`)).json().order.customer).toMatchObject({ id: expect.any(Number) });
    // nor does it find them by the account: the account's phone (93 555 11 22) finds nothing, the receiver's (90 123 45 67) does
    expect((await admin('store', 'GET', '/api/admin/orders?q=935551122')).json().meta.total).toBe(0);
    expect((await admin('store', 'GET', '/api/admin/orders?q=901234567')).json().data.map((o: { number: string }) => o.number)).toContain(mine.number);
    expect((await admin('operator', 'GET', '/api/admin/orders?q=935551122&per_page=100')).json().data.map((o: { number: string }) => o.number)).toContain(mine.number);
    // asking for another store's or a courier's orders finds nothing (not its own list, as if unasked)
    for (const query of [`store_id=${otherStoreId}`, 'delivery_type=courier', 'delivery_type=phone']) {
      expect([query, (await admin('store', 'GET', `/api/admin/orders?${query}`)).json().meta.total]).toEqual([query, 0]);
    }
    expect((await admin('store', 'GET', `/api/admin/orders?store_id=${storeId}&delivery_type=pickup&per_page=100`)).json().data.map((o: { number: string }) => o.number)).toContain(mine.number);
  });

  test('orders are found by number, phone or name; counts per status follow the other filters; notes are kept', async () => {
    const order = await placeOrder();
    const byNumber = (await admin('operator', 'GET', `/api/admin/orders?q=${order.number}`)).json();
    expect(byNumber.data.map((o: { number: string }) => o.number)).toEqual([order.number]);
    const byPhone = (await admin('operator', 'GET', '/api/admin/orders?q=935551122&status=new')).json();
    expect(byPhone.data.length).toBeGreaterThan(0);
    expect(byPhone.meta.counts.new).toBe(byPhone.meta.total);
    expect((await admin('operator', 'GET', '/api/admin/orders?q=Nobody%20Such')).json().meta.total).toBe(0);
    // the receiver's name as the list shows it, either way round, and a spaced phone
    for (const q of ['Dilnoza Karimova', 'karimova dilnoza', '90 123 45 67']) {
      const found = (await admin('operator', 'GET', `/api/admin/orders?q=${encodeURIComponent(q)}&per_page=100`)).json();
      expect([q, found.data.some((o: { number: string }) => o.number === order.number)]).toEqual([q, true]);
    }
    expect((await admin('operator', 'GET', `/api/admin/orders?q=${encodeURIComponent('Dilnoza Nobody')}`)).json().meta.total).toBe(0);
    expect((await admin('operator', 'GET', '/api/admin/orders?sort=price')).statusCode).toBe(422);
    const note = await admin('operator', 'POST', `/api/admin/orders/${order.number}/notes`, { text: 'Call before delivery' });
    expect(note.statusCode).toBe(201);
    expect((await admin('operator', 'GET', `/api/admin/orders/${order.number}`)).json().order.notes).toEqual([
      expect.objectContaining({ text: 'Call before delivery', staff: expect.objectContaining({ name: 'operator person' }) }),
    ]);
    expect((await auditRows('order.note')).at(-1)).toMatchObject({ entity_id: order.number, after: { note: 'Call before delivery' } });
  });

  test('a customer made a legal entity gets legal prices; a blocked one loses their sessions and cannot sign in', async () => {
    const phone = '+998935551199';
    const token = await signIn(t, phone);
    const id = (await t.app.inject({ url: '/api/auth/user', headers: bearer(token) })).json().user.id as number;
    expect((await admin('operator', 'PATCH', `/api/admin/customers/${id}`, { user_type: 'legal', company_name: 'OOO Baraka', inn: '12345' })).json().error.fields).toHaveProperty('inn');
    const legal = await admin('operator', 'PATCH', `/api/admin/customers/${id}`, { user_type: 'legal', company_name: 'OOO Baraka', inn: '301234567' });
    expect(legal.json().customer).toMatchObject({ user_type: 'legal', company_name: 'OOO Baraka', inn: '301234567' });
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer(token) })).json().user.user_type).toBe('legal');

    const blocked = await admin('operator', 'PATCH', `/api/admin/customers/${id}`, { blocked: true });
    expect(blocked.json().customer.blocked).toBe(true);
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer(token) })).statusCode).toBe(401);
    t.clock.advance(61);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone } })).statusCode).toBe(200);
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', headers: { 'x-lang': 'uz' }, payload: { phone, otp: t.sms.lastCode(phone) } });
    expect(again.statusCode).toBe(403);
    expect(again.json().error).toMatchObject({ code: 'ACCOUNT_BLOCKED', message: expect.stringContaining('bloklangan') });
    const audit = (await auditRows('customer.update')).filter((r) => r.entity_id === String(id));
    expect(audit.map((r) => [r.before?.blocked, r.after?.blocked, r.after?.user_type])).toEqual([
      [false, false, 'legal'],
      [false, true, 'legal'],
    ]);
  });

  test('the owner disables an account or ends its sessions at once; the last owner stays; staff sessions end after 12 idle hours', async () => {
    const phone = '+998901110055';
    const created = (await admin('owner', 'POST', '/api/admin/staff', { phone, name: 'Temp Operator', role: 'operator' })).json().staff;
    expect((await admin('owner', 'POST', '/api/admin/staff', { phone, name: 'Again', role: 'operator' })).statusCode).toBe(409);
    let token = await staffSignIn(phone);
    expect((await admin('owner', 'POST', `/api/admin/staff/${created.id}/end-sessions`)).statusCode).toBe(204);
    expect((await t.app.inject({ url: '/api/admin/me', headers: bearer(token) })).statusCode).toBe(401);
    token = await staffSignIn(phone);
    expect((await admin('owner', 'PATCH', `/api/admin/staff/${created.id}`, { active: false })).json().staff.active).toBe(false);
    expect((await t.app.inject({ url: '/api/admin/me', headers: bearer(token) })).statusCode).toBe(401);
    const sentBefore = t.sms.sent.length;
    await t.app.inject({ method: 'POST', url: '/api/admin/auth/send-otp', payload: { phone } });
    await t.app.services.staff.idle();
    expect(t.sms.sent.length).toBe(sentBefore);
    const ownerId = (await admin('owner', 'GET', '/api/admin/me')).json().staff.id as number;
    expect((await admin('owner', 'PATCH', `/api/admin/staff/${ownerId}`, { role: 'manager' })).json().error.code).toBe('LAST_OWNER');
    expect((await admin('owner', 'PATCH', `/api/admin/staff/${created.id}`, { role: 'store' })).json().error.fields).toHaveProperty('store_id');
    expect((await auditRows('staff.update')).at(-1)).toMatchObject({ before: { active: true }, after: { active: false, name: 'Temp Operator' } });
    // saved unchanged (the role dialog's Save pressed as it was): answered, but no empty audit row
    const written = (await auditRows('staff.update')).length;
    const same = await admin('owner', 'PATCH', `/api/admin/staff/${created.id}`, { name: 'Temp Operator', role: 'operator', active: false });
    expect([same.statusCode, same.json().staff.name]).toEqual([200, 'Temp Operator']);
    expect(await auditRows('staff.update')).toHaveLength(written);
    // a misspelt name corrected is written
    expect((await admin('owner', 'PATCH', `/api/admin/staff/${created.id}`, { name: 'Temur Operator' })).json().staff.name).toBe('Temur Operator');
    expect((await auditRows('staff.update')).at(-1)).toMatchObject({ before: { name: 'Temp Operator' }, after: { name: 'Temur Operator' } });
    expect((await auditRows('staff.end_sessions')).at(-1)).toMatchObject({ entity_id: String(created.id) });

    // Idle: a request 11 h after the last keeps the session; 12 h 1 min of silence ends it.
    const idle = await staffSignIn(PHONES.manager);
    t.clock.advance(11 * 3600);
    expect((await t.app.inject({ url: '/api/admin/me', headers: bearer(idle) })).statusCode).toBe(200);
    // "Last seen" is that request, not the sign-in 11 h before it
    const listed = (await admin('owner', 'GET', '/api/admin/staff')).json().data as Array<{ phone: string; last_seen_at: string | null }>;
    expect(listed.find((s) => s.phone === PHONES.manager)?.last_seen_at).toBe(t.clock.now().toISOString());
    t.clock.advance(12 * 3600 + 60);
    expect((await t.app.inject({ url: '/api/admin/me', headers: bearer(idle) })).statusCode).toBe(401);
    tokens.manager = await staffSignIn(PHONES.manager);
    for (const role of ['owner', 'operator', 'store'] as const) tokens[role] = await staffSignIn(PHONES[role]);
  });

  test('the audit log is read and filtered by the owner', async () => {
    const all = (await admin('owner', 'GET', '/api/admin/audit?per_page=100')).json();
    expect(all.meta.total).toBeGreaterThan(5);
    const staffCreates = (await admin('owner', 'GET', '/api/admin/audit?action=staff.create')).json();
    expect(staffCreates.data.every((r: { action: string }) => r.action === 'staff.create')).toBe(true);
    expect(staffCreates.data.at(-1)).toMatchObject({ staff: null, after: { role: 'owner', _command: 'test' } });
    expect(staffCreates.data[0].staff).toMatchObject({ name: 'Owner Odina' });
    const ownerId = (await admin('owner', 'GET', '/api/admin/me')).json().staff.id as number;
    const byOwner = (await admin('owner', 'GET', `/api/admin/audit?staff_id=${ownerId}&entity=staff`)).json();
    expect(byOwner.data.length).toBeGreaterThan(0);
    expect(byOwner.data.every((r: { staff: { id: number }; entity: string }) => r.staff.id === ownerId && r.entity === 'staff')).toBe(true);
    expect((await admin('owner', 'GET', '/api/admin/audit?from=2020-13-01')).statusCode).toBe(422);
  });

  test('the dashboard counts today and this week, and what waits per status', async () => {
    const before = (await admin('operator', 'GET', '/api/admin/dashboard')).json();
    const order = await placeOrder();
    const after = (await admin('operator', 'GET', '/api/admin/dashboard')).json();
    expect(after.today.orders).toBe(before.today.orders + 1);
    expect(after.week.revenue - before.week.revenue).toBeGreaterThan(0);
    expect(after.waiting.new).toBe(before.waiting.new + 1);
    await admin('operator', 'POST', `/api/admin/orders/${order.number}/status`, { status: 'cancelled', note: 'Duplicate order' });
    // a cash order cancelled owes nothing: its payment no longer reads "Awaiting payment"
    const view = (await t.app.inject({ url: `/api/admin/orders/${order.number}`, headers: { ...bearer(tokens.operator), 'x-lang': 'ru' } })).json().order;
    expect(view).toMatchObject({ status: 'cancelled', payment_status: 'pending', payment_status_label: 'Не оплачен' });
    const cancelled = (await admin('operator', 'GET', '/api/admin/dashboard')).json();
    expect(cancelled.today.orders).toBe(before.today.orders);
    expect(cancelled.waiting.new).toBe(before.waiting.new);
  });
});

/** The steps that take a new order to `target`, or null when the delivery type never gets there. */
function pathTo(target: OrderStatus, pickup: boolean): OrderStatus[] | null {
  const line: OrderStatus[] = pickup ? ['confirmed', 'assembling', 'ready_for_pickup', 'picked_up', 'completed'] : ['confirmed', 'assembling', 'shipping', 'delivered', 'completed'];
  if (target === 'new') return [];
  if (target === 'cancelled') return ['cancelled'];
  const at = line.indexOf(target);
  return at < 0 ? null : line.slice(0, at + 1);
}
