import { type StaffRole } from '../src/db/schema/index.js';
import { type TestApp, bearer, staffCode } from './helpers.js';

const STAFF_PHONES: Record<StaffRole, string> = { owner: '+998901120001', manager: '+998901120002', operator: '+998901120003', store: '+998901120004' };

/** Signs a staff phone in through the real endpoints. */
export async function staffSignIn(t: TestApp, phone: string): Promise<string> {
  t.clock.advance(61); // past the resend cooldown of an earlier code
  const sent = await t.app.inject({ method: 'POST', url: '/api/admin/auth/send-otp', payload: { phone } });
  if (sent.statusCode !== 200) throw new Error(`send-otp ${sent.statusCode} ${sent.body}`);
  const res = await t.app.inject({ method: 'POST', url: '/api/admin/auth/verify-otp', payload: { phone, otp: await staffCode(t, phone) } });
  if (res.statusCode !== 200) throw new Error(`verify-otp ${res.statusCode} ${res.body}`);
  return res.json().token as string;
}

/** An owner (added as `pnpm staff:add` does) and a manager, operator and store account added by the owner, all signed in. */
export async function staffTokens(t: TestApp, storeId: number): Promise<Record<StaffRole, string>> {
  const tokens = {} as Record<StaffRole, string>;
  await t.app.services.staff.add({ command: 'test' }, { phone: STAFF_PHONES.owner, name: 'Owner Odina', role: 'owner', storeId: null }, 'en');
  tokens.owner = await staffSignIn(t, STAFF_PHONES.owner);
  for (const role of ['manager', 'operator', 'store'] as const) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/staff',
      headers: bearer(tokens.owner),
      payload: { phone: STAFF_PHONES[role], name: `${role} person`, role, ...(role === 'store' ? { store_id: storeId } : {}) },
    });
    if (res.statusCode !== 201) throw new Error(`staff add ${res.statusCode} ${res.body}`);
    tokens[role] = await staffSignIn(t, STAFF_PHONES[role]);
  }
  return tokens;
}

/** A multipart body: files in `field` and plain text fields. */
export function multipartBody(parts: Array<{ field: string; filename?: string; type?: string; data: Buffer | string }>) {
  const boundary = `----bozor${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = p.filename !== undefined ? `form-data; name="${p.field}"; filename="${p.filename}"` : `form-data; name="${p.field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ''}\r\n`));
    chunks.push(typeof p.data === 'string' ? Buffer.from(p.data) : p.data);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
