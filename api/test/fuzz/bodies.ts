// Request bodies the fuzz sends beyond JSON: pictures as multipart (well-formed and broken) and the payment providers' envelopes.
import crypto from 'node:crypto';
import fc from 'fast-check';
import { type Hostility, type KnownValues, hostileString, hostileValue, spoil, toJson } from './values.js';

/** Image bytes: real (PNG, JPEG, WebP, made at start-up), cut, bit-flipped, lying about their type. */
function imageBytes(images: Buffer[]): fc.Arbitrary<Buffer> {
  return fc.oneof(
    fc.constantFrom(...images),
    fc.tuple(fc.constantFrom(...images), fc.nat()).map(([img, n]) => img.subarray(0, n % img.length)),
    fc.tuple(fc.constantFrom(...images), fc.nat(), fc.integer({ min: 1, max: 255 })).map(([img, at, x]) => {
      const copy = Buffer.from(img);
      const i = 16 + (at % Math.max(1, copy.length - 16));
      copy[i] = (copy[i] ?? 0) ^ x;
      return copy;
    }),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from(bytes)])),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.from(bytes)])),
    fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
    fc.constant(Buffer.alloc(0)),
    fc.constant(Buffer.alloc(5 * 1024 * 1024 + 10, 0x41)),
  );
}

export const headerText = fc.string({ unit: 'grapheme-ascii', maxLength: 40 }).map((s) => s.replace(/[^\x20-\x7e]/g, ''));

/** Multipart bodies: one picture as a browser sends it (hostility 0), or odd parts and every malformation busboy can meet. */
export function multipartFor(images: Buffer[], hostility: Hostility): fc.Arbitrary<Body> {
  const boundary = fc.constantFrom('XyZ', '----b0und4ry', 'a'.repeat(70));
  const wrap = (parts: Buffer[], b: string): Body => ({
    contentType: `multipart/form-data; boundary=${b}`,
    body: Buffer.concat([...parts.flatMap((p) => [Buffer.from(`--${b}\r\n`), p, Buffer.from('\r\n')]), Buffer.from(`--${b}--\r\n`)]),
  });
  const part = (name: string, filename: string, mime: string, data: Buffer) =>
    Buffer.concat([Buffer.from(`Content-Disposition: form-data; name="${name}"; filename="${filename}"\r\n${mime ? `Content-Type: ${mime}\r\n` : ''}\r\n`), data]);
  const names = ['photo', 'file', 'image', 'upload'];
  if (hostility === 0) {
    return fc.tuple(fc.constantFrom(...names), fc.constantFrom(...images), boundary).map(([name, image, b]) => wrap([part(name, 'picture.png', 'image/png', image)], b));
  }
  const name = fc.oneof(fc.constantFrom(...names, '__proto__', ''), headerText);
  const filename = fc.oneof(fc.constantFrom('a.png', 'a.jpg', '../../etc/passwd', 'a.php', '', '.', '🙂.png', 'a'.repeat(300)), headerText);
  const mime = fc.constantFrom('image/png', 'image/jpeg', 'image/webp', 'image/gif', 'text/plain', 'application/octet-stream', '', 'image/png; charset=x');
  const filePart = fc.tuple(name, filename, mime, imageBytes(images)).map(([n, f, m, data]) => part(n, f, m, data));
  const fieldPart = fc.tuple(name, hostileString.filter((s) => s.length < 5000)).map(([n, v]) => Buffer.from(`Content-Disposition: form-data; name="${n}"\r\n\r\n${v}`));
  const oddPart = fc.constantFrom(Buffer.from('Content-Disposition: form-data\r\n\r\nx'), Buffer.from('Content-Type: image/png\r\n\r\nx'), Buffer.from('no headers at all'), Buffer.from('Content-Disposition: attachment; name=photo; filename=a.png\r\n\r\n'));
  const wellFormed = fc.tuple(fc.array(fc.oneof(filePart, fieldPart, oddPart), { minLength: 0, maxLength: 14 }), boundary).map(([parts, b]) => wrap(parts, b));
  const malformed = fc.oneof(
    fc.constant<Body>({ contentType: 'multipart/form-data', body: Buffer.from('x') }),
    fc.constant<Body>({ contentType: 'multipart/form-data; boundary=', body: Buffer.from('--\r\n\r\n') }),
    fc.constant<Body>({ contentType: 'multipart/form-data; boundary=XYZ', body: Buffer.from('--ABC\r\nContent-Disposition: form-data; name="photo"\r\n\r\nx\r\n--ABC--') }),
    fc.constant<Body>({ contentType: 'multipart/form-data; boundary=XYZ', body: Buffer.alloc(0) }),
    fc.constant<Body>({ contentType: 'multipart/mixed; boundary=XYZ', body: Buffer.from('--XYZ--') }),
    fc.constant<Body>({ contentType: 'multipart/form-data; boundary="unterminated', body: Buffer.from('--unterminated--') }),
    wellFormed.chain(({ contentType, body }) => fc.nat().map((n): Body => ({ contentType, body: (body as Buffer).subarray(0, n % Math.max(1, (body as Buffer).length)) }))),
  );
  return fc.oneof(wellFormed, malformed);
}

export const CONTENT_TYPES = [
  'text/plain', 'application/x-www-form-urlencoded', 'application/octet-stream', 'application/xml', 'application/json; charset=utf-16',
  'application/json; charset=latin1', 'application/jsonp', 'application/merge-patch+json', 'APPLICATION/JSON', 'application/json;;;',
  ';', 'a/b/c', '*/*', 'image/png',
];

/**
 * The payment providers' envelopes for `provider` routes (which take raw bodies, no schema): Payme's
 * JSON-RPC and Click's form, signed with the sandbox's secret half the time so the checks behind the
 * signature are reached too.
 */
export function providerBodies(known: KnownValues, clickSecret: string | undefined, hostility: Hostility): fc.Arbitrary<Body> {
  const hinted = (name: string, fallback: fc.Arbitrary<unknown>) => (known.byName[name] ? fc.oneof(fc.constantFrom(...known.byName[name]), fallback) : fallback);
  const value = (name: string, fallback: fc.Arbitrary<unknown>) => spoil(hostility, hinted(name, fallback), hostileValue);
  const methods = ['CheckPerformTransaction', 'CreateTransaction', 'PerformTransaction', 'CancelTransaction', 'CheckTransaction', 'GetStatement', 'SetFiscalData'];
  const params = fc.record(
    {
      id: value('transaction', fc.string({ minLength: 1, maxLength: 30 })),
      time: value('time', fc.integer({ min: 0, max: 2 ** 42 })),
      amount: value('tiyin', fc.integer({ min: 1, max: 10 ** 11 })),
      reason: value('reason', fc.integer({ min: -10, max: 10 })),
      from: value('time', fc.integer({ min: 0, max: 2 ** 42 })),
      to: value('time', fc.integer({ min: 0, max: 2 ** 42 })),
      type: value('type', fc.constantFrom('PERFORM', 'CANCEL')),
      account: spoil(hostility, fc.record({ order_id: hinted('number', fc.string()) }, { requiredKeys: [] }), hostileValue),
      fiscal_data: spoil(hostility, fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }), hostileValue),
    },
    { requiredKeys: [] },
  );
  const payme = fc
    .record({
      jsonrpc: spoil(hostility, fc.constant('2.0'), hostileValue),
      id: spoil(hostility, fc.oneof(fc.integer(), fc.string()), hostileValue),
      method: spoil(hostility, fc.constantFrom(...methods), fc.oneof(fc.constantFrom('ChangePassword', '__proto__', 'constructor', 'toString', 'hasOwnProperty'), hostileValue)),
      params: spoil(hostility, params, hostileValue),
    }, { requiredKeys: hostility === 0 ? ['jsonrpc', 'id', 'method', 'params'] : [] })
    .map((rpc): Body => ({ contentType: 'application/json', body: toJson(rpc) }));
  const field = (name: string, fallback: fc.Arbitrary<string>) => spoil(hostility, hinted(name, fallback).map(String), hostileString.filter((s) => s.length < 2000));
  const digits = fc.integer({ min: 1, max: 10 ** 9 }).map(String);
  const click = fc
    .tuple(
      fc.record(
        {
          click_trans_id: field('click_trans_id', digits),
          service_id: field('service_id', fc.constant('1')),
          click_paydoc_id: field('click_paydoc_id', digits),
          merchant_trans_id: field('number', digits),
          merchant_prepare_id: field('merchant_prepare_id', digits),
          amount: field('sum', fc.constantFrom('1000', '1000.00', '0.5')),
          action: field('action', fc.constantFrom('0', '1')),
          error: field('error', fc.constantFrom('0', '-1', '-5017')),
          error_note: field('error_note', fc.string()),
          sign_time: field('sign_time', fc.constant('2026-11-22 14:00:00')),
        },
        { requiredKeys: hostility === 0 ? ['click_trans_id', 'service_id', 'click_paydoc_id', 'merchant_trans_id', 'amount', 'action', 'error', 'sign_time'] : [] },
      ),
      fc.boolean(),
      fc.stringMatching(/^[0-9a-f]{32}$/),
    )
    .map(([form, signed, forged]): Body => {
      const f: Record<string, string | undefined> = form;
      const parts = [f.click_trans_id, f.service_id, clickSecret, f.merchant_trans_id, ...(f.action === '1' ? [f.merchant_prepare_id] : []), f.amount, f.action, f.sign_time];
      const fields = Object.fromEntries(Object.entries(f).filter((e): e is [string, string] => e[1] !== undefined));
      fields.sign_string = signed && clickSecret ? crypto.createHash('md5').update(parts.map((p) => p ?? '').join('')).digest('hex') : forged;
      return { contentType: 'application/x-www-form-urlencoded', body: new URLSearchParams(fields).toString() };
    });
  return fc.oneof(payme, click);
}

/** A request body and its Content-Type, either of which may be missing. */
export interface Body {
  contentType?: string;
  body?: string | Buffer;
}
