/**
 * Prometheus metrics (docs/operations.md "Metrics"): what a scrape of METRICS_PORT shows, that the counters
 * move with what shoppers do, and that the public port has no /metrics.
 */
import fs from 'node:fs';
import type http from 'node:http';
import { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client.js';
import { serveMetrics } from '../src/lib/metrics.js';
import { ConfigError, loadConfig } from '../src/config.js';
import { DB_KINDS, type TestApp, bearer, createTestApp, signIn } from './helpers.js';
import { LIVE_PAYME_CHECKOUT, PAYME_KEY, checkoutKit } from './checkout-helpers.js';
import { freePort, startApiProcess } from './api-process.js';

const PHONE = '+998901234567';

/** One scrape: `name{labels}` → value, plus the raw text. */
async function scrape(url: string): Promise<{ text: string; contentType: string; value: (name: string, labels?: Record<string, string>) => number }> {
  const res = await fetch(url);
  expect(res.status).toBe(200);
  const text = await res.text();
  const samples = text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
      if (!m) throw new Error(`not a sample line: ${line}`);
      const labels = Object.fromEntries([...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
      return { name: m[1]!, labels, value: Number(m[3]) };
    });
  return {
    text,
    contentType: res.headers.get('content-type') ?? '',
    // the sum of the samples of that name whose labels include the given ones (0 when none yet)
    value: (name, labels = {}) =>
      samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0),
  };
}

describe.each(DB_KINDS)('metrics (%s)', (kind) => {
  let t: TestApp;
  let server: http.Server;
  let url: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { seed: true, env: { PAYMENT_PROVIDER: 'none', ...LIVE_PAYME_CHECKOUT } });
    server = serveMetrics(t.app.metrics.registry);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics`;
  }, 120_000);
  beforeEach(async () => {
    await t.reset();
  });
  afterAll(async () => {
    await new Promise((r) => server.close(r));
    await t.close();
  });

  test('a scrape is Prometheus text with every metric named and described', async () => {
    // one request so that the histogram has a series
    await t.app.inject({ url: '/api/categories' });
    const s = await scrape(url);
    expect(s.contentType).toMatch(/^text\/plain; version=0\.0\.4/);
    for (const [name, type] of [
      ['bozor_api_http_request_duration_seconds', 'histogram'],
      ['bozor_api_db_pool_connections', 'gauge'],
      ['bozor_api_cache_lookups_total', 'counter'],
      ['bozor_api_orders_created_total', 'counter'],
      ['bozor_api_payments_total', 'counter'],
      ['bozor_api_sms_total', 'counter'],
      ['bozor_api_otp_verifications_total', 'counter'],
    ]) {
      expect(s.text).toContain(`# HELP ${name} `);
      expect(s.text).toContain(`# TYPE ${name} ${type}`);
    }
    // anything else on the metrics port is not there
    expect((await fetch(url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(url, { method: 'POST' })).status).toBe(404);
  });

  test('request durations are labelled with the route pattern, never the address a client asked for', async () => {
    const before = await scrape(url);
    const route = { route: '/api/product/:slug', method: 'GET', status_code: '404' };
    await t.app.inject({ url: '/api/product/no-such-thing-xyz' });
    await t.app.inject({ url: '/api/product/another-missing-one' });
    await t.app.inject({ url: '/api/no/such/route/at-all' });
    const after = await scrape(url);
    expect(after.value('bozor_api_http_request_duration_seconds_count', route) - before.value('bozor_api_http_request_duration_seconds_count', route)).toBe(2);
    expect(after.value('bozor_api_http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(after.value('bozor_api_http_request_duration_seconds_count', route));
    expect(after.value('bozor_api_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }) - before.value('bozor_api_http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(after.text).not.toContain('no-such-thing-xyz');
    expect(after.text).not.toContain('/api/no/such/route');
  });

  test('an SMS sent and one that failed move the SMS counter', async () => {
    const before = await scrape(url);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone: PHONE, user_type: 'individual' } })).statusCode).toBe(200);
    t.sms.failing = true;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone: '+998907654321', user_type: 'individual' } })).statusCode).toBe(503);
    t.sms.failing = false;
    const after = await scrape(url);
    const moved = (result: string) => after.value('bozor_api_sms_total', { provider: 'fake', result }) - before.value('bozor_api_sms_total', { provider: 'fake', result });
    expect(moved('sent')).toBe(1);
    expect(moved('failed')).toBe(1);
  });

  test('OTP verifications are counted by result: a wrong code, then the right one', async () => {
    await t.app.inject({ method: 'POST', url: '/api/auth/send-otp', payload: { phone: PHONE, user_type: 'individual' } });
    const code = t.sms.lastCode(PHONE);
    const wrong = String((Number(code) + 1) % 100_000).padStart(5, '0');
    const before = await scrape(url);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone: PHONE, otp: wrong } })).statusCode).toBe(422);
    const mid = await scrape(url);
    const moved = (a: typeof before, b: typeof before, result: string) =>
      b.value('bozor_api_otp_verifications_total', { scope: 'shop', result }) - a.value('bozor_api_otp_verifications_total', { scope: 'shop', result });
    expect(moved(before, mid, 'wrong_code')).toBe(1);
    expect(moved(before, mid, 'ok')).toBe(0);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone: PHONE, otp: code } })).statusCode).toBe(200);
    const after = await scrape(url);
    expect(moved(mid, after, 'ok')).toBe(1);
    expect(moved(mid, after, 'wrong_code')).toBe(0);
    // a used code again: expired
    await t.app.inject({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone: PHONE, otp: code } });
    expect(moved(after, await scrape(url), 'expired')).toBe(1);
  });

  test('an order placed moves the orders counter once (its replay does not); catalogue caches count hits and misses', async () => {
    const token = await signIn(t);
    const [v] = await queryRows<{ product_id: number; variant_id: number }>(
      t.database.db,
      sql`select v.product_id, v.id as variant_id from variants v join products p on p.id = v.product_id
          where p.status = 'active' and p.visible_to is null and (select sum(quantity) from variant_stock s where s.variant_id = v.id) >= 2 order by v.id limit 1`,
    );
    const before = await scrape(url);
    const place = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/orders/',
        headers: { ...bearer(token), 'idempotency-key': 'metrics-order-0001' },
        payload: {
          items: [{ product_id: v!.product_id, variant_id: v!.variant_id, quantity: 1 }],
          delivery: { type: 'pickup', store_id: 2 },
          receiver: { name: 'Dilnoza', surname: 'Karimova', phone: '+998 90 123 45 67' },
          payment: { method: 'cash' },
        },
      });
    expect((await place()).statusCode).toBe(201);
    expect((await place()).statusCode).toBeLessThan(300);
    await t.app.inject({ url: '/api/categories' });
    await t.app.inject({ url: '/api/categories' });
    const after = await scrape(url);
    expect(after.value('bozor_api_orders_created_total', { payment_method: 'cash' }) - before.value('bozor_api_orders_created_total', { payment_method: 'cash' })).toBe(1);
    const lookups = (s: typeof before, result: string) => s.value('bozor_api_cache_lookups_total', { cache: 'categories', result });
    // the second read of the category tree within the cache's lifetime is a hit
    expect(lookups(after, 'hit') - lookups(before, 'hit')).toBeGreaterThanOrEqual(1);
    expect(lookups(after, 'hit') + lookups(after, 'miss')).toBeGreaterThan(lookups(before, 'hit') + lookups(before, 'miss'));
  });

  test('payments are counted by method and outcome: a Payme payment performed, another cancelled', async () => {
    const token = await signIn(t);
    const kit = checkoutKit(t, () => token);
    let rpcId = 1;
    const rpc = async (method: string, params: unknown) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/payments/payme/merchant',
        headers: { 'content-type': 'application/json', authorization: `Basic ${Buffer.from(`Paycom:${PAYME_KEY}`).toString('base64')}` },
        payload: JSON.stringify({ jsonrpc: '2.0', id: rpcId++, method, params }),
      });
      return (res.json() as { result?: { state?: number } }).result;
    };
    const before = await scrape(url);
    for (const [i, finish] of (['PerformTransaction', 'CancelTransaction'] as const).entries()) {
      const order = await kit.place('payme', await kit.freshVariant());
      const id = `metrics-tx-${kind}-${i}-${Date.now()}`;
      expect((await rpc('CreateTransaction', { id, time: t.clock.now().getTime(), amount: order.total * 100, account: { order_id: order.number } }))?.state).toBe(1);
      expect((await rpc(finish, finish === 'CancelTransaction' ? { id, reason: 3 } : { id }))?.state).toBe(finish === 'CancelTransaction' ? -1 : 2);
    }
    const after = await scrape(url);
    const moved = (outcome: string) => after.value('bozor_api_payments_total', { method: 'payme', outcome }) - before.value('bozor_api_payments_total', { method: 'payme', outcome });
    expect(moved('paid')).toBe(1);
    expect(moved('failed')).toBe(1);
    expect(after.value('bozor_api_orders_created_total', { payment_method: 'payme' }) - before.value('bozor_api_orders_created_total', { payment_method: 'payme' })).toBe(2);
  });

  test('database pool use is reported on PostgreSQL (the embedded database has no pool)', async () => {
    const s = await scrape(url);
    if (kind === 'postgres') {
      expect(s.value('bozor_api_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1);
      expect(s.text).toMatch(/bozor_api_db_pool_connections\{state="idle"\} \d+/);
      expect(s.text).toMatch(/bozor_api_db_pool_connections\{state="waiting"\} \d+/);
    } else {
      expect(s.text).not.toMatch(/bozor_api_db_pool_connections\{/);
    }
  });

  test('the public port has no /metrics', async () => {
    for (const path of ['/metrics', '/api/metrics', '/metrics/']) {
      const res = await t.app.inject({ url: path });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('bozor_api_');
    }
  });
});

test('METRICS_PORT: its own listener on 127.0.0.1 unless told otherwise, never the public port', () => {
  expect(loadConfig({}).metrics).toBeUndefined();
  expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({ port: 9464, host: '127.0.0.1' });
  expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ port: 9464, host: '0.0.0.0' });
  expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(ConfigError);
  expect(() => loadConfig({ PORT: '3000', METRICS_PORT: '3000' })).toThrow(/METRICS_PORT/);
  expect(() => loadConfig({ METRICS_PORT: 'nine' })).toThrow(/METRICS_PORT/);
});

test('the API process serves /metrics on METRICS_PORT, on the loopback only, and not on its own port', async () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-metrics-proc-'));
  const metricsPort = await freePort();
  const api = await startApiProcess({ DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'info', METRICS_PORT: String(metricsPort), METRICS_HOST: '' }, 90_000);
  try {
    await fetch(`${api.url}/api/store/stores`);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toMatch(/bozor_api_http_request_duration_seconds_count\{method="GET",route="\/api\/store\/stores",status_code="200"\} 1/);
    // the serving process also reports itself (CPU, memory, event loop)
    expect(text).toContain('# TYPE bozor_api_process_cpu_seconds_total counter');
    expect(text).toContain('bozor_api_nodejs_eventloop_lag_p99_seconds');
    expect(api.output()).toContain(`metrics on http://127.0.0.1:${metricsPort}/metrics`);
    expect((await fetch(`${api.url}/metrics`)).status).toBe(404);
    // bound to 127.0.0.1 (METRICS_HOST unset): the machine's other addresses do not answer
    const external = Object.values(os.networkInterfaces()).flat().find((i) => i && i.family === 'IPv4' && !i.internal);
    if (external) await expect(fetch(`http://${external.address}:${metricsPort}/metrics`)).rejects.toThrow();
  } finally {
    api.proc.kill('SIGTERM');
    await new Promise((r) => api.proc.once('exit', r));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 120_000);
