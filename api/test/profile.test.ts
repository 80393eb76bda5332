import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { customers } from '../src/db/schema/index.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';

/** A multipart body with one file part. */
function multipart(field: string, filename: string, data: Buffer, contentType = 'application/octet-stream') {
  const boundary = '----bozorTestBoundary7MA4YWxk';
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { payload: Buffer.concat([head, data, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 40 } } }).png().toBuffer();

describe.each(DB_KINDS)('profile (%s)', (kind) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  beforeEach(async () => {
    await t.reset();
    token = await signIn(t);
  });
  afterAll(async () => {
    await t.close();
  });

  const put = (payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'PUT', url: '/api/profile', payload, headers: { ...bearer(token), ...headers } });
  const upload = (body: ReturnType<typeof multipart>) =>
    t.app.inject({ method: 'POST', url: '/api/profile/upload-photo', payload: body.payload, headers: { ...body.headers, ...bearer(token) } });

  test('PUT /api/profile saves name, surname, email, birth date and gender', async () => {
    const res = await put({ name: ' Dilnoza ', surname: 'Karimova', email: 'dilnoza@example.uz', birth_date: '1994-03-08', gender: 'female' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ name: 'Dilnoza', surname: 'Karimova', email: 'dilnoza@example.uz', birth_date: '1994-03-08', gender: 'female', phone: '+998901234567' });
    const again = await t.app.inject({ url: '/api/auth/user', headers: bearer(token) });
    expect(again.json().user.name).toBe('Dilnoza');
    const cleared = await put({ email: null, gender: null });
    expect(cleared.json().user).toMatchObject({ name: 'Dilnoza', email: null, gender: null });
  });

  test('PUT /api/profile rejects bad values field by field, in the request language', async () => {
    const res = await put({ name: '', email: 'not-an-email', birth_date: '2026-02-30', gender: 'x', phone: '+998911111111' }, { 'x-lang': 'en' });
    expect(res.statusCode).toBe(422);
    expect(res.json().error.fields).toEqual({
      name: 'This field is required.',
      email: 'This email is not valid.',
      birth_date: 'Enter the date as YYYY-MM-DD.',
      gender: 'This value is not valid.',
      phone: 'Unknown field.',
    });
    expect((await put({ name: 'x'.repeat(61) })).json().error.fields.name).toBe('Juda uzun.');
    // the surname may be cleared, the name not (said as required)
    const cleared = await put({ surname: null }, { 'x-lang': 'en' });
    expect([cleared.statusCode, cleared.json().user?.surname]).toEqual([200, null]);
    expect((await put({ name: null }, { 'x-lang': 'en' })).json().error.fields).toEqual({ name: 'This field is required.' });
    // a name of spaces is no name; a real date out of range is said to be out of range, not misspelt
    expect((await put({ name: '   ' }, { 'x-lang': 'en' })).json().error.fields).toEqual({ name: 'This field is required.' });
    for (const day of ['2999-01-01', '1890-01-01']) {
      const refused = await put({ birth_date: day }, { 'x-lang': 'en' });
      expect([refused.statusCode, refused.json().error.fields]).toEqual([422, { birth_date: 'Enter a date between 1900 and today.' }]);
    }
  });

  test('changing the account type says to contact support', async () => {
    const res = await put({ user_type: 'legal' }, { 'x-lang': 'ru' });
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'ACCOUNT_TYPE_CONTACT_SUPPORT', message: 'Чтобы сменить тип аккаунта, обратитесь в службу поддержки клиентов.' });
    expect((await put({ user_type: 'individual' })).statusCode).toBe(200);
  });

  test('profile calls need a token', async () => {
    expect((await t.app.inject({ method: 'PUT', url: '/api/profile', payload: { name: 'A' } })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/profile' })).statusCode).toBe(401);
    const body = multipart('photo', 'a.png', await png(10, 10));
    expect((await t.app.inject({ method: 'POST', url: '/api/profile/upload-photo', payload: body.payload, headers: body.headers })).statusCode).toBe(401);
  });

  test('upload-photo re-encodes a PNG to a WebP square, serves it, and removes the previous photo', async () => {
    const first = await upload(multipart('photo', 'me.png', await png(1200, 800), 'image/png'));
    expect(first.statusCode).toBe(200);
    const url1: string = first.json().user.photo_url;
    expect(url1).toMatch(/^\/media\/avatars\/[0-9a-f]{32}\.webp$/);
    const served = await t.app.inject({ url: url1 });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });

    const jpeg = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#0a0' } }).jpeg().toBuffer();
    const second = await upload(multipart('photo', 'x.jpg', jpeg, 'image/jpeg'));
    expect(second.statusCode).toBe(200);
    const url2: string = second.json().user.photo_url;
    expect(url2).not.toBe(url1);
    expect(fs.existsSync(path.join(t.mediaDir, url1.replace('/media/', '')))).toBe(false);
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer(token) })).json().user.photo_url).toBe(url2);
  });

  test.each([
    ['an HTML file named .png', Buffer.from('<html><script>alert(1)</script></html>'), 'PHOTO_INVALID'],
    ['an SVG', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'PHOTO_INVALID'],
    ['a truncated PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0]), 'PHOTO_INVALID'],
  ])('rejects %s with 422 and stores nothing', async (_what, data, code) => {
    const res = await upload(multipart('photo', 'evil.png', data, 'image/png'));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe(code);
    expect(fs.existsSync(path.join(t.mediaDir, 'avatars')) ? fs.readdirSync(path.join(t.mediaDir, 'avatars')) : []).toEqual([]);
    const [row] = await t.database.db.select().from(customers);
    expect(row?.photoKey).toBeNull();
  });

  test('rejects a file over 5 MB and an image over 40 megapixels', async () => {
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(5 * 1024 * 1024 + 10)]);
    const tooBig = await upload(multipart('photo', 'big.png', big, 'image/png'));
    expect(tooBig.statusCode).toBe(422);
    expect(tooBig.json().error.code).toBe('PHOTO_TOO_LARGE');
    const huge = await png(8000, 5001); // 40.008 megapixels of one colour compresses to a few KB
    const tooManyPixels = await upload(multipart('photo', 'huge.png', huge, 'image/png'));
    expect(tooManyPixels.statusCode).toBe(422);
    expect(tooManyPixels.json().error.code).toBe('PHOTO_TOO_LARGE');
  });

  test('asks for the photo field when it is missing', async () => {
    const res = await upload(multipart('avatar', 'a.png', await png(10, 10), 'image/png'));
    expect(res.statusCode).toBe(422);
    expect(res.json().error.code).toBe('PHOTO_REQUIRED');
    const notMultipart = await t.app.inject({ method: 'POST', url: '/api/profile/upload-photo', payload: { photo: 'x' }, headers: bearer(token) });
    expect(notMultipart.statusCode).toBe(422);
  });

  test('DELETE /api/profile erases personal data, revokes every session, and the phone can start afresh', async () => {
    await put({ name: 'Aziz', surname: 'Rahimov', email: 'aziz@example.uz' });
    await upload(multipart('photo', 'me.png', await png(100, 100), 'image/png'));
    t.clock.advance(61);
    const otherDevice = await signIn(t);
    const res = await t.app.inject({ method: 'DELETE', url: '/api/profile', headers: bearer(token) });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer(token) })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/auth/user', headers: bearer(otherDevice) })).statusCode).toBe(401);
    const rows = await t.database.db.select().from(customers);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: null, name: null, surname: null, email: null, photoKey: null });
    expect(rows[0]!.deletedAt).not.toBeNull();
    expect(fs.readdirSync(path.join(t.mediaDir, 'avatars'))).toEqual([]);
    // The owner's audit log says who did it (the customer, no staff member) and keeps nothing personal.
    const log = await t.app.services.audit.list({ action: 'customer.delete', page: 1, perPage: 10 });
    expect(log.data).toEqual([
      expect.objectContaining({ staff: null, actor: { kind: 'customer', customer_id: rows[0]!.id }, entity: 'customer', entity_id: String(rows[0]!.id), before: null, after: { _customer: rows[0]!.id } }),
    ]);

    // (the third code of the day to this phone from this client comes after a 4-minute wait)
    t.clock.advance(241);
    const fresh = await signIn(t);
    const user = (await t.app.inject({ url: '/api/auth/user', headers: bearer(fresh) })).json().user;
    expect(user.id).not.toBe(rows[0]!.id);
    expect(user.name).toBeNull();
  });
});
