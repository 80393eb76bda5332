/**
 * The back office's doors: staff sign-in by SMS code (a code only to staff phones, the answer telling nothing,
 * a code that could not be sent given back, each sign-in and sign-out audited), every role's calls (allowed →
 * 2xx, the rest 403), and shopper and staff tokens never opening each other's API.
 */
import { sql } from 'drizzle-orm';
import { STAFF_ROLES, type StaffRole } from '../src/db/schema/index.js';
import { queryRows } from '../src/db/client.js';
import { DB_KINDS, type TestApp, bearer, staffCode } from './helpers.js';
import { PHONES, backOffice } from './support/back-office.js';

describe.each(DB_KINDS)('back office (%s)', (kind) => {
  let t: TestApp;
  let shopper: string;
  const { tokens, staffSignIn, as, admin, placeOrder, auditRows, open, close } = backOffice(kind);
  beforeAll(async () => {
    ({ t, shopper } = await open());
  }, 180_000);
  afterAll(async () => {
    await close();
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
});
