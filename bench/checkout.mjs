#!/usr/bin/env node
// `pnpm bench checkout`: orders per second and latency of POST /api/orders/ on PostgreSQL,
// at 1 and 16 concurrent shoppers. Starts the built API (api/dist) on a fresh database next to
// DATABASE_URL / TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), seeds the demo
// shop, signs shoppers in through the real endpoints, then places cash orders for courier delivery.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'api/package.json'));
const pg = require('pg');

const BASE = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONCURRENCY = [1, 16];

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

async function main() {
  if (!fs.existsSync(path.join(root, 'api/dist/server.js'))) {
    spawnSync('pnpm', ['--filter', '@bozor/api', 'build'], { cwd: root, stdio: 'inherit' });
  }
  const dbName = `bozor_bench_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(BASE);
  url.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-bench-'));
  const port = await freePort();
  const api = spawn(process.execPath, ['api/dist/server.js'], {
    cwd: root,
    env: { ...process.env, DATABASE_URL: url.toString(), PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED: 'demo', REDIS_URL: '',
      // each shopper places order after order: without this, the cap on open unpaid orders would refuse all but 5
      ORDER_OPEN_UNPAID_MAX: '100000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const origin = `http://127.0.0.1:${port}`;
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    for (let i = 0; ; i++) {
      if (await fetch(`${origin}/readyz`).then((r) => r.ok, () => false)) break;
      if (i > 600) throw new Error('API did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    await db.connect();
    // Plenty of stock, so the benchmark measures checkout, not sold-out answers.
    await db.query('update variant_stock set quantity = 1000000');
    const { rows: sellable } = await db.query(
      `select p.id as product_id, v.id as variant_id from products p join variants v on v.product_id = p.id
       where p.status = 'active' and p.visible_to is null order by p.id limit 40`,
    );

    const shoppers = [];
    for (let i = 0; i < Math.max(...CONCURRENCY); i++) {
      const phone = `+99890${String(7000000 + i).padStart(7, '0')}`;
      const ip = `10.77.${i}.1`;
      const headers = { 'content-type': 'application/json', 'x-forwarded-for': ip };
      await fetch(`${origin}/api/auth/send-otp`, { method: 'POST', headers, body: JSON.stringify({ phone }) });
      const { rows } = await db.query('select message from sms_outbox where phone = $1 order by id desc limit 1', [phone]);
      const otp = rows[0].message.match(/\b(\d{5})\b/)[1];
      const res = await fetch(`${origin}/api/auth/verify-otp`, { method: 'POST', headers, body: JSON.stringify({ phone, otp }) });
      shoppers.push({ token: (await res.json()).access_token, ip });
    }

    const results = [];
    for (const clients of CONCURRENCY) {
      const latencies = [];
      let failures = 0;
      const deadline = Date.now() + SECONDS * 1000;
      const started = Date.now();
      await Promise.all(
        shoppers.slice(0, clients).map(async (shopper, c) => {
          for (let n = 0; Date.now() < deadline; n++) {
            const line = sellable[(c * 7 + n) % sellable.length];
            const t0 = performance.now();
            const res = await fetch(`${origin}/api/orders/`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', authorization: `Bearer ${shopper.token}`, 'idempotency-key': `bench-${clients}-${c}-${n}-${crypto.randomUUID()}`, 'x-forwarded-for': shopper.ip },
              body: JSON.stringify({
                items: [{ product_id: line.product_id, variant_id: line.variant_id, quantity: 1 }],
                delivery: { type: 'courier', region: 'tashkent', address: 'Amir Temur 1' },
                receiver: { name: 'Bench', surname: 'Shopper', phone: '+998901234567' },
                payment: { method: 'cash' },
              }),
            });
            await res.arrayBuffer();
            if (res.status === 201) latencies.push(performance.now() - t0);
            else failures++;
          }
        }),
      );
      const elapsed = (Date.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      results.push({
        clients,
        orders: latencies.length,
        failures,
        perSecond: latencies.length / elapsed,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
      });
    }
    const date = new Date().toISOString().slice(0, 10);
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, PostgreSQL`;
    const lines = [
      `### Checkout — ${date}`,
      '',
      `${machine}; ${SECONDS} s per run; cash orders, courier delivery, one line each; the API process and PostgreSQL on the same machine.`,
      '',
      '| clients | orders | orders/s | p50 ms | p95 ms | p99 ms | failed |',
      '|---:|---:|---:|---:|---:|---:|---:|',
      ...results.map((r) => `| ${r.clients} | ${r.orders} | ${r.perSecond.toFixed(1)} | ${r.p50?.toFixed(1)} | ${r.p95?.toFixed(1)} | ${r.p99?.toFixed(1)} | ${r.failures} |`),
      '',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    return lines.join('\n');
  } finally {
    api.kill('SIGTERM');
    await new Promise((r) => api.on('exit', r));
    await db.end().catch(() => undefined);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().then(
  (report) => {
    if (process.argv.includes('--record')) {
      const file = path.join(root, 'bench/RESULTS.md');
      const before = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '# Benchmark results\n';
      fs.writeFileSync(file, `${before.trimEnd()}\n\n${report}\n`);
    }
  },
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
