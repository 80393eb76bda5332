/**
 * Fuzz: every route of the built app, driven from its own schemas with hostile values, never answers a
 * 5xx (issue 15). The routes come from the app itself (`app.accessTable`, filled from an onRoute hook at
 * ready), so a route added later is fuzzed without touching this file; what each takes (path params,
 * query, JSON body) comes from the OpenAPI document the app builds from its zod schemas. Every generated
 * request is sent three times: as nobody, as a signed-in shopper and as the owner (staff token plus the
 * ops secret), so handlers behind every kind of access are reached. A 5xx fails the test with the route,
 * the request, the answer and the error the server logged.
 *
 * Bounded: FUZZ_RUNS generated requests per route (default 20), and the whole fuzz within FUZZ_BUDGET_MS
 * (default 25 s, shared evenly by the routes: a slow route gets fewer runs rather than a slow suite), with
 * a new random seed each run (printed on failure; FUZZ_SEED replays it). To dig deeper while working:
 * `FUZZ_RUNS=500 FUZZ_BUDGET_MS=1800000`, FUZZ_ROUTE to fuzz some routes only, FUZZ_VERBOSE for the
 * answers' statuses per route, FUZZ_TRACE for every request.
 */
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { type InjectOptions, type LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { type RouteAccess } from '../src/http/access.js';
import { type OpenApiDocument, openApiPath } from '../src/http/contract.js';
import { queryRows } from '../src/db/client.js';
import { createPgRateLimiter } from '../src/providers/limits/pg.js';
import { type RateLimiter } from '../src/providers/limits/limiter.js';
import { type TestApp, bearer, createTestApp, createTestDatabase, signIn, staffCode } from './helpers.js';
import { type JsonSchema, type Operation } from './support/openapi-schema.js';
import { type FuzzRequest, type RequestContext, requestsAt, requestsFor } from './fuzz/requests.js';
import { type KnownValues } from './fuzz/values.js';

const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const BUDGET_MS = Number(process.env.FUZZ_BUDGET_MS ?? 25_000);
/** Only the routes whose `METHOD /url` contains this (while working on one). */
const ONLY = process.env.FUZZ_ROUTE;
/** Log every request and answer. */
const TRACE = Boolean(process.env.FUZZ_TRACE);
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);

/** Counts every event for real (the limiter's queries run on fuzzed keys) but never refuses, so limits do not hide handlers. */
function neverRefusing(limiter: RateLimiter): RateLimiter {
  return {
    consume: async (key, limit, windowS) => ({ ...(await limiter.consume(key, limit, windowS)), allowed: true }),
    refund: (key) => limiter.refund(key),
    close: () => limiter.close(),
  };
}

/** An error's stack, and its causes' messages (a database error's reason is in the cause). */
function errorChain(err: unknown): string {
  const lines: string[] = [];
  for (let e = err, depth = 0; e !== undefined && depth < 5; e = e instanceof Error ? e.cause : undefined, depth++) {
    lines.push(depth === 0 ? (e instanceof Error ? e.stack ?? e.message : String(e)) : `caused by: ${e instanceof Error ? e.message : String(e)}`);
  }
  return lines.join('\n');
}

const clip = (text: string, max = 1500) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

describe('fuzz: every route, generated hostile input, never a 5xx (pglite)', () => {
  let t: TestApp;
  let closeDatabase: () => Promise<void>;
  let doc: OpenApiDocument;
  let known: KnownValues;
  let images: Buffer[];
  const identity = { customerToken: '', customerId: 0, staffToken: '' };
  let phones = 0;
  /** The error the app last handled (its stack goes into a failure's report). */
  let lastError: unknown;
  /** `METHOD /route` of every request that got past the access check. */
  const pastAccess = new Set<string>();

  const nextPhone = () => `+99893${String(1_000_000 + phones++).slice(-7)}`;

  async function signInCustomer(): Promise<void> {
    identity.customerToken = await signIn(t, nextPhone());
    identity.customerId = (await t.app.inject({ url: '/api/auth/user', headers: bearer(identity.customerToken) })).json().user.id;
  }
  async function signInOwner(): Promise<void> {
    const phone = nextPhone();
    await t.app.services.staff.add({ command: 'fuzz' }, { phone, name: 'Fuzz Owner', role: 'owner', storeId: null }, 'en');
    const sent = await t.app.inject({ method: 'POST', url: '/api/admin/auth/send-otp', payload: { phone } });
    if (sent.statusCode !== 200) throw new Error(`staff send-otp ${sent.statusCode}: ${sent.body}`);
    const verified = await t.app.inject({ method: 'POST', url: '/api/admin/auth/verify-otp', payload: { phone, otp: await staffCode(t, phone) } });
    if (verified.statusCode !== 200) throw new Error(`staff verify-otp ${verified.statusCode}: ${verified.body}`);
    identity.staffToken = verified.json().token;
  }
  /** The fuzz may log either out, delete the shopper, block them or demote the owner: sign in afresh then. */
  async function keepSignedIn(): Promise<void> {
    const user = await t.app.inject({ url: '/api/auth/user', headers: bearer(identity.customerToken) });
    if (user.statusCode !== 200) await signInCustomer();
    const me = await t.app.inject({ url: '/api/admin/me', headers: bearer(identity.staffToken) });
    if (me.statusCode !== 200 || !JSON.stringify(me.json()).includes('"owner"')) await signInOwner();
  }

  beforeAll(async () => {
    const database = await createTestDatabase('pglite');
    closeDatabase = database.close;
    const clock = { now: () => new Date('2026-11-22T09:00:00Z') };
    t = await createTestApp('pglite', { seed: true, database, limiter: neverRefusing(createPgRateLimiter({ db: database.db, clock })) });
    t.app.addHook('onError', async (_request, _reply, error) => {
      lastError = error;
    });
    // Past the access check (which answers in onRequest): the route's own parsing, validation and handler run.
    t.app.addHook('preParsing', async (request) => {
      if (!request.is404) pastAccess.add(`${request.method} ${request.routeOptions.url}`);
    });
    await t.app.ready();
    doc = t.app.openApi();
    await signInCustomer();
    await signInOwner();

    // Rows for generated requests to hit: the shopper's order and card, the catalogue's slugs and pictures.
    const [product] = await queryRows<{ id: number }>(
      t.database.db,
      sql`select p.id from products p where p.status = 'active' and p.visible_to is null and p.total_quantity >= 3 order by p.id limit 1`,
    );
    for (const method of ['cash', 'click', 'payme']) {
      await t.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { ...bearer(identity.customerToken), 'idempotency-key': `fuzz-setup-${method}` },
        payload: { items: [{ product_id: product?.id ?? 1, quantity: 1 }], delivery: { type: 'courier', region: 'tashkent', city: 'chilanzar', address: 'Bunyodkor 12' }, receiver: { name: 'Fuzz', surname: 'Fuzzer', phone: '+998901234567' }, payment: { method } },
      });
    }
    await t.app.inject({ method: 'POST', url: '/api/payments/card/create', headers: bearer(identity.customerToken), payload: { number: '8600 0691 9540 6311', expire: '03/99' } });
    const text = (q: ReturnType<typeof sql>) => queryRows<{ v: string | null }>(t.database.db, q).then((rows) => rows.flatMap((r) => (r.v === null ? [] : [r.v])));
    const ints = (q: ReturnType<typeof sql>) => queryRows<{ v: number | string }>(t.database.db, q).then((rows) => rows.map((r) => Number(r.v)));
    const orderNumbers = await text(sql`select number as v from orders order by id limit 6`);
    const totals = await ints(sql`select total as v from orders order by id limit 6`);
    const productSlugs = await text(sql`select slug as v from products order by id limit 8`);
    const categorySlugs = await text(sql`select slug as v from categories order by id limit 6`);
    const brandSlugs = await text(sql`select slug as v from brands order by id limit 4`);
    const blogSlugs = await text(sql`select slug as v from blogs order by id limit 3`);
    const pageSlugs = await text(sql`select slug as v from info_pages order by slug limit 3`);
    const regions = await text(sql`select slug as v from delivery_regions order by slug limit 3`);
    const cities = await text(sql`select c->>'slug' as v from delivery_regions r, jsonb_array_elements(r.cities) c order by r.slug limit 6`);
    const phonesKnown = [...(await text(sql`select phone as v from customers order by id limit 2`)), ...(await text(sql`select phone as v from staff order by id limit 2`)), '+998901234567', '+998 90 123 45 67'];
    const words = await text(sql`select split_part(name->>'en', ' ', 1) as v from products order by popularity desc limit 4`);
    const productIds = await ints(sql`select id as v from products where status = 'active' order by total_quantity desc limit 4`);
    const variantIds = await ints(sql`select id as v from variants order by id limit 3`);
    const storeIds = await ints(sql`select id as v from stores order by id limit 2`);
    const cardIds = await ints(sql`select id as v from payment_cards order by id limit 2`);
    const rowIds = [...(await ints(sql`select id as v from customers order by id limit 2`)), ...(await ints(sql`select id as v from staff order by id limit 2`)), ...cardIds];
    const media = await text(sql`select images->>0 as v from products where jsonb_array_length(images) > 0 order by id limit 3`);
    const byName: KnownValues['byName'] = {
      phone: phonesKnown,
      slug: [...productSlugs, ...categorySlugs, ...blogSlugs, ...pageSlugs],
      category: categorySlugs,
      brands: brandSlugs,
      q: [...words, 'choynak', 'чайник'],
      number: [...orderNumbers, '8600 0691 9540 6311'],
      tid: orderNumbers,
      orderId: orderNumbers,
      order: orderNumbers,
      region: regions,
      city: cities,
      product_id: productIds,
      variant_id: variantIds,
      store_id: storeIds,
      card_id: cardIds,
      id: rowIds,
      staff_id: rowIds,
      expire: ['03/99', '12/30'],
      otp: ['12345', '00000'],
      code: ['123456', '666666'],
      quantity: [1, 2],
      name: ['Ali', 'Dilnoza'],
      surname: ['Karimova', 'Valiyev'],
      address: ['Bunyodkor 12'],
      tiyin: totals.map((total) => total * 100),
      sum: totals.map(String),
    };
    known = {
      strings: [...new Set([...productSlugs, ...categorySlugs, ...brandSlugs, ...blogSlugs, ...pageSlugs, ...regions, ...orderNumbers, ...phonesKnown, ...media, '2026-11-22'])],
      ints: [...new Set([...productIds, ...variantIds, ...storeIds, ...rowIds, ...(await ints(sql`select id as v from orders order by id limit 3`)), 1, 160])],
      byName,
      customerId: () => identity.customerId,
    };
    const square = sharp({ create: { width: 8, height: 8, channels: 3, background: '#c33' } });
    images = await Promise.all([square.clone().png().toBuffer(), square.clone().jpeg().toBuffer(), square.clone().webp().toBuffer()]);
  }, 180_000);

  afterAll(async () => {
    await t?.close();
    await closeDatabase?.();
  });

  test('what the fuzz found stays fixed', async () => {
    await keepSignedIn();
    const owner = { ...bearer(identity.staffToken), 'x-lang': 'en' };
    // A price bound past PostgreSQL's integer failed the catalogue query: now it is the largest price there
    // can be (nothing costs more), and a bound past a safe integer is a 422.
    const filter = await t.app.inject({ method: 'POST', url: '/backend/api/ext/v1/resources/products', payload: { price_min: 7_861_661_132, q: 'choynak' } });
    expect([filter.statusCode, filter.json().meta.total]).toEqual([200, 0]);
    const unsafe = await t.app.inject({ method: 'POST', url: '/backend/api/ext/v1/resources/products', payload: { price_min: 2 ** 60 } });
    expect([unsafe.statusCode, Object.keys(unsafe.json().error.fields ?? {})]).toEqual([422, ['price_min']]);
    // A staff member's store that does not exist broke the foreign key.
    const added = await t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: owner, payload: { phone: nextPhone(), name: 'Store Person', role: 'store', store_id: 1_495_340_416 } });
    expect([added.statusCode, added.json().error.fields]).toEqual([422, { store_id: 'This value is not valid.' }]);
    const manager = await t.app.inject({ method: 'POST', url: '/api/admin/staff', headers: owner, payload: { phone: nextPhone(), name: 'Manager', role: 'manager' } });
    expect(manager.statusCode).toBe(201);
    const moved = await t.app.inject({ method: 'PATCH', url: `/api/admin/staff/${manager.json().staff.id}`, headers: owner, payload: { role: 'store', store_id: 1_495_340_416 } });
    expect([moved.statusCode, moved.json().error.fields]).toEqual([422, { store_id: 'This value is not valid.' }]);
    // A provider's id that JSON reads as Infinity was echoed back, outside the answer's schema.
    const click = await t.app.inject({ method: 'POST', url: '/api/payments/click/prepare', headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'click_trans_id=-Infinity&action=0' });
    expect([click.statusCode, click.json().click_trans_id, click.json().error]).toEqual([200, 0, -8]);
    const paycom = { authorization: `Basic ${Buffer.from(`Paycom:${t.app.config.checkout.payme?.key}`).toString('base64')}`, 'content-type': 'application/json' };
    const payme = await t.app.inject({ method: 'POST', url: '/api/payments/payme/merchant', headers: paycom, payload: '{"jsonrpc":"2.0","id":1e999,"method":"CheckTransaction","params":{"id":"x"}}' });
    expect([payme.statusCode, payme.json().id, payme.json().error?.code]).toEqual([200, null, -31003]);
  });

  test('no route answers a 5xx to anybody', async () => {
    const table = t.app.accessTable;
    // HEAD twins of GET routes are fuzzed with them (a GET route's requests are HEAD now and then).
    const routes = table
      .filter((r) => !(r.method === 'HEAD' && table.some((g) => g.method === 'GET' && g.url === r.url)))
      .filter((r) => !ONLY || `${r.method} ${r.url}`.includes(ONLY));
    const clickSecret = t.app.config.checkout.click?.secretKey;
    const paymeKey = t.app.config.checkout.payme?.key;
    const failures: string[] = [];
    const statuses: Record<string, Record<string, number>> = {};
    /** Routes that gave an answer other than 401/403 (a request the access check let through). */
    const answered = new Set<string>();

    for (const route of routes) {
      const name = `${route.method} ${route.url}`;
      const op = (doc.paths[openApiPath(route.url)] as Record<string, Operation> | undefined)?.[route.method.toLowerCase()];
      const context: RequestContext = { components: (doc.components.schemas ?? {}) as Record<string, JsonSchema>, known, images, hasHead: table.some((r) => r.method === 'HEAD' && r.url === route.url), clickSecret };
      const arbitrary = requestsFor(route, op, context);
      const seed = SEED ?? crypto.randomInt(2 ** 31);
      const [first] = fc.sample(requestsAt(route, op, context, 0), { numRuns: 1, seed });
      await keepSignedIn();

      const send = async (request: FuzzRequest, who: string, auth: Record<string, string>): Promise<void> => {
        const options: InjectOptions = { method: request.method as InjectOptions['method'], url: request.url, headers: { ...request.headers, ...auth }, ...(request.payload !== undefined ? { payload: request.payload } : {}) };
        lastError = undefined;
        let res: LightMyRequestResponse;
        try {
          res = await t.app.inject(options);
        } catch (err) {
          throw new Error(`${name} as ${who}: inject threw\n${describeRequest(options)}`, { cause: err });
        }
        if (TRACE) console.log(`${describeRequest(options)}\n→ ${who} ${res.statusCode} ${clip(res.body, 400)}`);
        if (![401, 403].includes(res.statusCode) && !res.body.includes('ROUTE_NOT_FOUND')) answered.add(name);
        const counts = (statuses[name] ??= {});
        counts[`${who}:${res.statusCode}`] = (counts[`${who}:${res.statusCode}`] ?? 0) + 1;
        if (res.statusCode >= 500) {
          const cause = errorChain(lastError);
          throw new Error(`${name} as ${who} → ${res.statusCode}\n${describeRequest(options)}\nanswer: ${clip(res.body)}\nserver error: ${clip(cause, 3000)}`);
        }
      };

      const sendAll = async (request: FuzzRequest): Promise<void> => {
        const cookie = { cookie: `bozor_session=${identity.customerToken}` };
        const customer: Record<string, string> =
          request.customerVia === 'bearer' ? bearer(identity.customerToken) : request.customerVia === 'cookie' ? cookie : { ...cookie, origin: 'http://localhost' };
        await send(request, 'nobody', request.strangerAuthorization !== undefined ? { authorization: request.strangerAuthorization } : {});
        await send(request, 'shopper', customer);
        await send(request, 'owner', { ...bearer(identity.staffToken), 'x-ops-secret': t.app.opsSecret });
        if (route.access === 'provider' && paymeKey) await send(request, 'payme', { authorization: `Basic ${Buffer.from(`Paycom:${paymeKey}`).toString('base64')}` });
      };

      // The first request is a well-behaved one, however few runs the time budget leaves the route.
      try {
        if (first) await sendAll({ ...first, customerVia: 'bearer' });
      } catch (err) {
        failures.push(`${(err as Error).message}\n(seed ${seed}, the well-behaved first request)`);
        continue;
      }
      const result = await fc.check(fc.asyncProperty(arbitrary, sendAll), { numRuns: RUNS, seed, endOnFailure: true, interruptAfterTimeLimit: BUDGET_MS / routes.length });
      // Interrupted by the time budget is not a failure; a request that got a 5xx is.
      if (result.failed && result.errorInstance !== null) {
        failures.push(`${result.errorInstance instanceof Error ? result.errorInstance.message : String(result.errorInstance)}\n(seed ${result.seed}, path ${result.counterexamplePath})`);
      }
    }

    if (process.env.FUZZ_VERBOSE) console.log(Object.entries(statuses).map(([n, c]) => `${n}: ${Object.entries(c).sort().map(([k, v]) => `${k}×${v}`).join(' ')}`).join('\n'));
    expect(failures).toEqual([]);
    // Every route was fuzzed past its access check, not just bounced off it: the app saw the request past
    // the check, or the route answered something else than 401/403.
    const reached = (r: RouteAccess) => answered.has(`${r.method} ${r.url}`) || pastAccess.has(`${r.method} ${r.url}`) || (r.method === 'GET' && pastAccess.has(`HEAD ${r.url}`));
    expect(routes.filter((r) => !reached(r)).map((r) => `${r.method} ${r.url}`)).toEqual([]);
  }, 120_000 + BUDGET_MS);
});

function describeRequest(options: InjectOptions): string {
  const payload = options.payload;
  const body = payload === undefined ? '(none)' : Buffer.isBuffer(payload) ? clip(payload.toString('latin1')) : clip(String(payload));
  return `request: ${String(options.method)} ${clip(String(options.url), 2000)}\nheaders: ${clip(JSON.stringify(options.headers))}\nbody: ${body}`;
}

