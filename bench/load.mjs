#!/usr/bin/env node
// `pnpm bench load [--seconds 20] [--vus 1,16,64] [--replicas 1,3]`: the whole shop under a mixed load, not one
// endpoint. Each virtual shopper runs journeys back to back — home → search → product → cart check → sign in
// (send-otp, the code from the log SMS provider's outbox, verify-otp) → cash order — each journey a new
// shopper (new phone, new client address), against 1 and then 3 API replicas (api/dist) behind nginx with
// the repository's gateway config (gateway/default.conf.template; its API upstream given the replicas), on a
// fresh PostgreSQL database next to TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test) and
// Redis (REDIS_URL / TEST_REDIS_URL, default redis://127.0.0.1:6379) for the rate limits.
//
// In the last 3-replica run one replica is killed (SIGKILL) half-way. Checked after every run: stock
// arithmetic per variant and store (stock before = stock after + units of the run's orders; never below 0),
// one order at most per shopper, every 201 in the database. After the kill: no failed request that started
// after it (nginx sends new ones to the live replicas), each order that failed in flight is sent again
// with its Idempotency-Key (created once, or answered as the order that was already made), and the sign-in
// limits hold across replicas (Redis): 25 codes asked from one address → exactly 20 sent; 5 wrong codes
// use a code up, whichever replica answered.
//
// Shoppers come from their own loopback addresses (127.x.y.z): nginx passes the connecting address as
// X-Forwarded-For, so per-address limits count each shopper apart, as they would in the field.
// Prints Markdown for bench/RESULTS.md; raw figures go to bench/out/load-<time>.json.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const require = createRequire(path.join(root, 'api/package.json'));
const pg = require('pg');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const BASE = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = Number(arg('seconds', process.env.BENCH_SECONDS ?? 20));
const VUS = arg('vus', '1,16,64').split(',').map(Number);
const REPLICAS = arg('replicas', '1,3').split(',').map(Number);
const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/**
 * The products the shoppers buy, each run starting from fresh stock: half of them scarce (units per store,
 * sold out within a run, so orders race for the last ones), half plentiful (so orders/s is not capped by stock).
 */
const SCARCE_STOCK = Number(arg('scarce-stock', 5));
const PLENTY_STOCK = 100_000;
const HOT_VARIANTS = 8;
const STEPS = ['home', 'search', 'product', 'cart_check', 'send_otp', 'verify_otp', 'order'];
const SEARCHES = ['choynak', 'televizor', 'samsung', 'muzlatgich', 'пылесос', 'kir yuvish', 'artel', 'dazmol'];
/** OTP_LIMITS.perIpHour (api/src/modules/auth/otp-challenge.ts): codes one address may ask for in an hour. */
const CODES_PER_ADDRESS_HOUR = 20;

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A loopback address per shopper: 127.<run>.<hi>.<lo>, never 127.0.0.1 (the probes' own).
const runOctet = 20 + crypto.randomInt(200);
let addressCount = 0;
const nextAddress = () => {
  const n = addressCount++;
  return `127.${runOctet}.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
};
const phonePrefix = 10 + crypto.randomInt(90);
let phoneCount = 0;
const nextPhone = () => `+99893${phonePrefix}${String(++phoneCount).padStart(5, '0')}`;

/** One HTTP request through an agent bound to the shopper's address; never throws (status 0: no answer). */
function request(origin, agent, method, pathname, body, headers = {}) {
  return new Promise((resolve) => {
    const started = performance.now();
    const startedAt = Date.now();
    const data = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = http.request(
      `${origin}${pathname}`,
      { method, agent, headers: { accept: 'application/json', 'x-lang': 'uz', ...(data ? { 'content-type': 'application/json', 'content-length': data.length } : {}), ...headers }, timeout: 60_000 },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          let json = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString('utf8'));
          } catch {
            /* not JSON */
          }
          resolve({ status: res.statusCode ?? 0, json, ms: performance.now() - started, startedAt, endedAt: Date.now() });
        });
        res.on('error', () => resolve({ status: 0, json: null, ms: performance.now() - started, startedAt, endedAt: Date.now() }));
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', (err) => resolve({ status: 0, json: null, error: err.message, ms: performance.now() - started, startedAt, endedAt: Date.now() }));
    req.end(data);
  });
}

async function waitFor(url, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await sleep(300);
  }
  throw new Error(`${url} did not answer`);
}

function startNginx(dir, apiPorts, gatewayPort) {
  fs.mkdirSync(dir, { recursive: true });
  const unused = '127.0.0.1:9'; // the shell, remotes and back office: not part of this bench
  const vars = {
    GATEWAY_PORT: `127.0.0.1:${gatewayPort}`,
    // `server A; server B; server C` inside the template's one `server ${API_UPSTREAM};`
    API_UPSTREAM: apiPorts.map((p) => `127.0.0.1:${p}`).join('; server '),
    SHELL_UPSTREAM: unused,
    CATALOG_UPSTREAM: unused,
    CART_UPSTREAM: unused,
    CHECKOUT_UPSTREAM: unused,
    ACCOUNT_UPSTREAM: unused,
    ADMIN_UPSTREAM: unused,
    CATALOG_API_KEY: '',
  };
  const template = fs.readFileSync(path.join(root, 'gateway/default.conf.template'), 'utf8');
  fs.writeFileSync(path.join(dir, 'gateway.conf'), template.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (whole, name) => vars[name] ?? whole));
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log error;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/gateway.conf;
}
`,
  );
  return spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
}

function startReplica(env, port, dataDir) {
  return spawn(process.execPath, ['api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SEED: 'demo',
      METRICS_PORT: '',
      SMS_PROVIDER: 'log',
      PAYMENT_PROVIDER: 'sandbox',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

const stopProc = (child, signal = 'SIGTERM') =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => (child.once('exit', r), child.kill(signal)));

async function main() {
  if (!fs.existsSync(NGINX)) throw new Error(`nginx not found at ${NGINX} (NGINX_PATH): the bench runs the gateway's own config`);
  if (!fs.existsSync(path.join(root, 'api/dist/server.js'))) spawnSync('pnpm', ['--filter', '@bozor/api', 'build'], { cwd: root, stdio: 'inherit' });

  const dbName = `bozor_load_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const dbUrl = new URL(BASE);
  dbUrl.pathname = `/${dbName}`;
  const env = { DATABASE_URL: dbUrl.toString(), REDIS_URL: REDIS };
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-load-'));
  fs.chmodSync(tmp, 0o777);
  const db = new pg.Pool({ connectionString: dbUrl.toString(), max: 4 });
  db.on('error', () => undefined); // the database is dropped at the end, idle connections with it
  const runs = [];
  const children = [];
  try {
    // the database and the demo shop, made once by a first replica
    const seedPort = await freePort();
    const seeder = startReplica(env, seedPort, path.join(tmp, 'seed'));
    await waitFor(`http://127.0.0.1:${seedPort}/readyz`);
    await stopProc(seeder);

    const { rows: hot } = await db.query(
      `select p.id as product_id, p.slug, v.id as variant_id from products p join variants v on v.product_id = p.id
       where p.status = 'active' and p.visible_to is null and (select count(*) from variants v2 where v2.product_id = p.id) = 1
       order by p.id limit ${HOT_VARIANTS}`,
    );
    if (hot.length < HOT_VARIANTS) throw new Error('not enough single-variant products in the demo shop');
    const hotIds = hot.map((h) => h.variant_id);

    for (const replicas of REPLICAS) {
      const ports = await Promise.all(Array.from({ length: replicas }, () => freePort()));
      const procs = ports.map((p, i) => startReplica(env, p, path.join(tmp, `r${replicas}-${i}`)));
      children.push(...procs);
      await Promise.all(ports.map((p) => waitFor(`http://127.0.0.1:${p}/readyz`)));
      const gatewayPort = await freePort();
      const nginx = startNginx(path.join(tmp, `nginx-${replicas}`), ports, gatewayPort);
      children.push(nginx);
      const origin = `http://127.0.0.1:${gatewayPort}`;
      await waitFor(`${origin}/readyz`, 20_000);

      for (const vus of VUS) {
        const kill = replicas > 1 && vus === Math.max(...VUS);
        runs.push(await runOnce({ origin, db, hot, hotIds, replicas, vus, kill: kill ? () => procs[1].kill('SIGKILL') : null }));
      }
      await stopProc(nginx, 'SIGQUIT');
      await Promise.all(procs.map((p) => stopProc(p)));
    }
  } finally {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await db.end().catch(() => undefined);
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
    await admin.end();
    fs.rmSync(tmp, { recursive: true, force: true });
  }
  report(runs);
}

/** The code the log SMS provider put in its outbox for `phone` (sms_outbox, shared by all replicas). */
async function outboxCode(db, phone) {
  for (let i = 0; i < 100; i++) {
    const { rows } = await db.query('select message from sms_outbox where phone = $1 order by id desc limit 1', [phone]);
    const code = rows[0]?.message.match(/\b(\d{5})\b/)?.[1];
    if (code) return code;
    await sleep(20);
  }
  return null;
}

async function runOnce({ origin, db, hot, hotIds, replicas, vus, kill }) {
  // fresh stock for the hot variants, and where every (variant, store) stands before the run
  const half = Math.floor(hotIds.length / 2);
  await db.query('update variant_stock set quantity = $2 where variant_id = any($1)', [hotIds.slice(0, half), SCARCE_STOCK]);
  await db.query('update variant_stock set quantity = $2 where variant_id = any($1)', [hotIds.slice(half), PLENTY_STOCK]);
  const snapshot = async () =>
    (
      await db.query(
        `select s.variant_id, s.store_id, s.quantity,
                coalesce((select sum(m.quantity) from order_stock_moves m where m.variant_id = s.variant_id and m.store_id = s.store_id and m.released_at is null), 0)::int as taken
         from variant_stock s where s.variant_id = any($1) order by 1, 2`,
        [hotIds],
      )
    ).rows;
  const before = await snapshot();
  const firstOrderId = Number((await db.query('select coalesce(max(id), 0) as id from orders')).rows[0].id);

  const samples = Object.fromEntries(STEPS.map((s) => [s, []]));
  const errors = Object.fromEntries(STEPS.map((s) => [s, 0]));
  const failures = []; // { step, startedAt, endedAt, status, retry? }
  let journeys = 0;
  let soldOut = 0;
  const placed = []; // order numbers answered 201
  let killAt = null;
  const started = Date.now();
  const deadline = started + SECONDS * 1000;

  const step = async (name, promise, ok, retry) => {
    const r = await promise;
    samples[name].push(r.ms);
    if (!ok(r)) {
      errors[name]++;
      failures.push({ step: name, startedAt: r.startedAt, endedAt: r.endedAt, status: r.status, error: r.error ?? r.json?.error?.code, retry });
      return null;
    }
    return r;
  };

  async function journey(vu, n) {
    const address = nextAddress();
    const agent = new http.Agent({ keepAlive: true, localAddress: address, maxSockets: 1 });
    const item = hot[(vu * 3 + n) % hot.length];
    const phone = nextPhone();
    try {
      const ok200 = (r) => r.status === 200;
      if (!(await step('home', request(origin, agent, 'GET', '/backend/api/ext/v1/resources/home'), ok200))) return;
      const q = encodeURIComponent(SEARCHES[(vu + n) % SEARCHES.length]);
      if (!(await step('search', request(origin, agent, 'GET', `/backend/api/ext/v1/resources/products/search?q=${q}`), ok200))) return;
      if (!(await step('product', request(origin, agent, 'GET', `/backend/api/ext/v1/resources/product/${item.slug}`), ok200))) return;
      const line = { product_id: item.product_id, variant_id: item.variant_id, quantity: 1 };
      if (!(await step('cart_check', request(origin, agent, 'POST', '/api/cart/check', { cart_data: [line] }), ok200))) return;
      if (!(await step('send_otp', request(origin, agent, 'POST', '/api/auth/send-otp', { phone }), ok200))) return;
      const otp = await outboxCode(db, phone);
      const verified = await step('verify_otp', request(origin, agent, 'POST', '/api/auth/verify-otp', { phone, otp }), (r) => r.status === 200 && r.json?.access_token);
      if (!verified) return;
      const body = {
        items: [line],
        delivery: { type: 'courier', region: 'tashkent', address: 'Amir Temur 1' },
        receiver: { name: 'Bench', surname: 'Shopper', phone },
        payment: { method: 'cash' },
      };
      const headers = { authorization: `Bearer ${verified.json.access_token}`, 'idempotency-key': `load-${crypto.randomUUID()}` };
      const order = await step(
        'order',
        request(origin, agent, 'POST', '/api/orders/', body, headers),
        (r) => r.status === 201 || (r.status === 409 && r.json?.error?.code === 'OUT_OF_STOCK'),
        { body, headers, address },
      );
      if (order?.status === 201) placed.push(order.json.order.number);
      else if (order) soldOut++;
      journeys++;
    } finally {
      agent.destroy();
    }
  }

  const killer = kill
    ? setTimeout(() => {
        killAt = Date.now();
        kill();
      }, (SECONDS * 1000) / 2)
    : null;
  await Promise.all(
    Array.from({ length: vus }, async (_, vu) => {
      for (let n = 0; Date.now() < deadline; n++) await journey(vu, n);
    }),
  );
  clearTimeout(killer);
  const elapsed = (Date.now() - started) / 1000;

  // After a kill: failures that started after it are failures of the shop, not of the kill.
  let afterKill = null;
  if (killAt) {
    const grace = 50; // a request whose connection was accepted just before the kill
    const inFlight = failures.filter((f) => f.startedAt <= killAt + grace);
    const later = failures.filter((f) => f.startedAt > killAt + grace);
    // each in-flight order sent again with its Idempotency-Key: created now, or the order that was made
    let recovered = 0;
    let replayed = 0;
    let recoveredSoldOut = 0;
    for (const f of inFlight.filter((x) => x.retry)) {
      const agent = new http.Agent({ keepAlive: false, localAddress: f.retry.address });
      const r = await request(origin, agent, 'POST', '/api/orders/', f.retry.body, f.retry.headers);
      if (r.status === 201) {
        recovered++;
        placed.push(r.json.order.number);
      } else if (r.status === 200) {
        replayed++;
        placed.push(r.json.order.number);
      } else if (r.status === 409 && r.json?.error?.code === 'OUT_OF_STOCK') recoveredSoldOut++;
    }
    afterKill = { killedAfterS: (killAt - started) / 1000, inFlight: inFlight.length, inFlightOrders: inFlight.filter((f) => f.step === 'order').length, later: later.length, laterDetail: later.slice(0, 5).map((f) => ({ step: f.step, status: f.status, error: f.error, msAfterKill: f.startedAt - killAt })), recovered, replayed, recoveredSoldOut, limits: await probeLimits(origin, db) };
  }

  // stock arithmetic and orders in the database
  const after = await snapshot();
  const stockErrors = [];
  for (const b of before) {
    const a = after.find((x) => x.variant_id === b.variant_id && x.store_id === b.store_id);
    if (a.quantity < 0) stockErrors.push(`variant ${b.variant_id} store ${b.store_id}: ${a.quantity} (below zero)`);
    if (b.quantity + b.taken !== a.quantity + a.taken) stockErrors.push(`variant ${b.variant_id} store ${b.store_id}: ${b.quantity}+${b.taken} before, ${a.quantity}+${a.taken} after`);
  }
  const { rows: made } = await db.query(
    `select o.number, o.customer_id from orders o where o.id > $1`,
    [firstOrderId],
  );
  const perCustomer = new Map();
  for (const o of made) perCustomer.set(o.customer_id, (perCustomer.get(o.customer_id) ?? 0) + 1);
  const unique = new Set(placed);
  const madeNumbers = new Set(made.map((o) => o.number));
  const check = {
    stockErrors,
    ordersInDb: made.length,
    ordersAnswered: unique.size,
    answeredButMissing: [...unique].filter((n) => !madeNumbers.has(n)).length,
    // orders made whose answer was lost and not asked again (only possible for a killed replica's in-flight ones)
    madeUnanswered: made.filter((o) => !unique.has(o.number)).length,
    doubleOrders: [...perCustomer.values()].filter((n) => n > 1).length,
  };
  const unitsSold = before.reduce((sum, b) => sum + (after.find((a) => a.variant_id === b.variant_id && a.store_id === b.store_id).taken - b.taken), 0);
  const result = {
    replicas,
    vus,
    seconds: elapsed,
    journeys,
    orders: unique.size,
    ordersPerSecond: unique.size / elapsed,
    soldOut,
    unitsSold,
    errors,
    steps: Object.fromEntries(
      STEPS.map((s) => {
        const sorted = samples[s].sort((x, y) => x - y);
        return [s, { n: sorted.length, p50: percentile(sorted, 50), p95: percentile(sorted, 95), p99: percentile(sorted, 99), errors: errors[s] }];
      }),
    ),
    check,
    afterKill,
  };
  process.stderr.write(`[load] ${replicas} replica(s), ${vus} shoppers: ${journeys} journeys, ${unique.size} orders, ${soldOut} sold out, errors ${JSON.stringify(errors)}${afterKill ? `, after kill ${JSON.stringify(afterKill)}` : ''}, check ${JSON.stringify(check)}\n`);
  return result;
}

/** Sign-in limits across the replicas: codes per address, and a code used up by wrong tries. */
async function probeLimits(origin, db) {
  const address = nextAddress();
  const agent = new http.Agent({ keepAlive: true, localAddress: address, maxSockets: 1 });
  const statuses = [];
  for (let i = 0; i < CODES_PER_ADDRESS_HOUR + 5; i++) statuses.push((await request(origin, agent, 'POST', '/api/auth/send-otp', { phone: nextPhone() })).status);
  agent.destroy();
  const sent = statuses.filter((s) => s === 200).length;
  const limited = statuses.filter((s) => s === 429).length;

  const other = new http.Agent({ keepAlive: true, localAddress: nextAddress(), maxSockets: 1 });
  const phone = nextPhone();
  await request(origin, other, 'POST', '/api/auth/send-otp', { phone });
  const code = await outboxCode(db, phone);
  const wrong = String((Number(code) + 1) % 100_000).padStart(5, '0');
  const wrongAnswers = [];
  for (let i = 0; i < 5; i++) wrongAnswers.push((await request(origin, other, 'POST', '/api/auth/verify-otp', { phone, otp: wrong })).json?.error?.code);
  const right = await request(origin, other, 'POST', '/api/auth/verify-otp', { phone, otp: code });
  other.destroy();
  return { codesAsked: statuses.length, sent, limited, wrongAnswers, rightCodeAfterFiveWrong: right.status };
}

function report(runs) {
  const fmt = (x) => (Number.isFinite(x) ? x.toFixed(0) : '–');
  const cpu = os.cpus();
  const machine = `${cpu.length} × ${cpu[0]?.model?.trim() ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' / ')}`;
  const lines = [
    `### Load — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    '',
    `${machine}; ${SECONDS} s per run; replicas, nginx, PostgreSQL, Redis and the load generator on the same machine; ` +
      `${HOT_VARIANTS} products bought, half with ${SCARCE_STOCK} units per store at the start of each run (sold out: a 409 OUT_OF_STOCK, not an error).`,
    '',
    '| replicas | shoppers | journeys | orders | orders/s | sold out | errors | stock arithmetic | double orders |',
    '|---:|---:|---:|---:|---:|---:|---:|---|---:|',
    ...runs.map((r) => {
      const errs = Object.values(r.errors).reduce((a, b) => a + b, 0);
      return `| ${r.replicas} | ${r.vus} | ${r.journeys} | ${r.orders} | ${r.ordersPerSecond.toFixed(1)} | ${r.soldOut} | ${errs} | ${r.check.stockErrors.length ? `**${r.check.stockErrors.length} wrong**` : 'exact'} | ${r.check.doubleOrders} |`;
    }),
    '',
    'Per step, milliseconds (p50 / p95 / p99), errors in brackets:',
    '',
    `| replicas | shoppers | ${STEPS.join(' | ')} |`,
    `|---:|---:|${STEPS.map(() => '---:').join('|')}|`,
    ...runs.map((r) => `| ${r.replicas} | ${r.vus} | ${STEPS.map((s) => `${fmt(r.steps[s].p50)} / ${fmt(r.steps[s].p95)} / ${fmt(r.steps[s].p99)}${r.steps[s].errors ? ` (${r.steps[s].errors})` : ''}`).join(' | ')} |`),
    '',
  ];
  for (const r of runs.filter((x) => x.afterKill)) {
    const k = r.afterKill;
    lines.push(
      `Replica killed (SIGKILL) ${k.killedAfterS.toFixed(1)} s into the ${r.replicas}-replica, ${r.vus}-shopper run: ${k.inFlight} requests failed in flight (${k.inFlightOrders} of them orders), ` +
        `${k.later} failed after it${k.later ? ` (${k.laterDetail.map((f) => `${f.step} ${f.status || f.error}, sent ${f.msAfterKill} ms after the kill`).join('; ')})` : ''}. The in-flight orders sent again with their Idempotency-Key: ${k.recovered} created, ${k.replayed} answered as already made, ${k.recoveredSoldOut} sold out. ` +
        `Sign-in limits with a replica down: ${k.limits.codesAsked} codes asked from one address → ${k.limits.sent} sent, ${k.limits.limited} refused (429); ` +
        `5 wrong codes → ${k.limits.wrongAnswers.join(', ')}; the right code after them → ${k.limits.rightCodeAfterFiveWrong}.`,
      '',
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  fs.mkdirSync(path.join(here, 'out'), { recursive: true });
  fs.writeFileSync(path.join(here, 'out', `load-${stamp}.json`), JSON.stringify(runs, null, 2));
  process.stdout.write(`${lines.join('\n')}\n`);
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
