/**
 * The back office's content screens as the admin-content tests drive them: four staff accounts (one per role)
 * signed in through the real endpoints, calls in their name, picture uploads, the shop's public reads and the
 * audit rows a write leaves.
 */
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { type StaffRole } from '../../src/db/schema/index.js';
import { queryRows } from '../../src/db/client.js';
import { type TestApp, bearer, staffCode } from '../helpers.js';

export const PHONES: Record<StaffRole, string> = { owner: '+998901120001', manager: '+998901120002', operator: '+998901120003', store: '+998901120004' };
export type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/** A multipart body with one file in `picture`. */
function multipart(data: Buffer, filename: string, type: string) {
  const boundary = `----bozor${Math.random().toString(16).slice(2)}`;
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="picture"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload: body, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export const png = (width = 600, height = 200) => sharp({ create: { width, height, channels: 3, background: '#2a7' } }).png().toBuffer();

/** Staff calls on the app `app()` gives (set in the test's beforeAll); `addStaff` makes and signs in one account per role. */
export function contentStaff(app: () => TestApp) {
  const tokens = {} as Record<StaffRole, string>;

  async function staffSignIn(phone: string): Promise<string> {
    const t = app();
    t.clock.advance(61);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/auth/send-otp', payload: { phone } })).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/auth/verify-otp', payload: { phone, otp: await staffCode(t, phone) } });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  }
  const call = (role: StaffRole, method: Method, url: string, payload?: object, lang = 'en') =>
    app().app.inject({ method, url, headers: { ...bearer(tokens[role]), 'x-lang': lang }, ...(payload ? { payload } : {}) });
  const upload = async (role: StaffRole, url: string, data: Buffer, filename = 'banner.png', type = 'image/png') => {
    const { payload, headers } = multipart(data, filename, type);
    return app().app.inject({ method: 'PUT', url, payload, headers: { ...headers, ...bearer(tokens[role]), 'x-lang': 'en' } });
  };
  const publicGet = (url: string, lang = 'en') => app().app.inject({ url, headers: { 'x-lang': lang } });
  const auditRows = (action: string) =>
    queryRows<{ staff_id: number | null; entity: string; entity_id: string; before: Record<string, unknown> | null; after: Record<string, unknown> | null }>(
      app().database.db,
      sql`select staff_id, entity, entity_id, before, after from audit_log where action = ${action} order by id`,
    );

  /** The owner (added as `pnpm staff:add` does) adds a manager, an operator and a store account; all sign in. */
  async function addStaff() {
    const t = app();
    await t.app.services.staff.add({ command: 'test' }, { phone: PHONES.owner, name: 'Owner', role: 'owner', storeId: null }, 'en');
    tokens.owner = await staffSignIn(PHONES.owner);
    const [store] = await queryRows<{ id: number }>(t.database.db, sql`select id from stores order by id limit 1`);
    for (const role of ['manager', 'operator', 'store'] as const) {
      const res = await call('owner', 'POST', '/api/admin/staff', { phone: PHONES[role], name: `${role} person`, role, ...(role === 'store' ? { store_id: store!.id } : {}) });
      expect(res.statusCode).toBe(201);
      tokens[role] = await staffSignIn(PHONES[role]);
    }
  }

  return { tokens, staffSignIn, call, upload, publicGet, auditRows, addStaff };
}
