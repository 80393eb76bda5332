/**
 * Accounts in the back office: customers made legal or blocked, staff accounts disabled or signed out by the
 * owner (the last owner stays, sessions end after 12 idle hours), and the audit log the owner reads.
 */
import { type TestApp, DB_KINDS, bearer, signIn } from './helpers.js';
import { PHONES, backOffice } from './support/back-office.js';

describe.each(DB_KINDS)('back office (%s)', (kind) => {
  let t: TestApp;
  const { tokens, staffSignIn, admin, auditRows, open, close } = backOffice(kind);
  beforeAll(async () => {
    ({ t } = await open());
  }, 180_000);
  afterAll(async () => {
    await close();
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
});
