#!/usr/bin/env node
// `pnpm bench catalog [--products N] [--seconds S]`: seeds N products (default 100 000) into
// DATABASE_URL (PostgreSQL) or, without it, the embedded PGlite under bench/out/data; starts the
// API from source and measures p50/p95/p99 latency and requests per second, at 1 and 32 clients, of
//   filter  — POST /resources/products: category + brands + price range, with facets
//   search  — GET /resources/products/search with a misspelt query
//   product — GET /resources/product/{slug}?resources[]=relateds
// Figures go to bench/out/catalog-<time>.json and are printed as a Markdown table.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const tsx = path.join(root, 'api/node_modules/.bin/tsx');
const arg = (flag, fallback) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const PRODUCTS = Number(arg('--products', process.env.BENCH_PRODUCTS ?? 100_000));
const SECONDS = Number(arg('--seconds', process.env.BENCH_SECONDS ?? 10));
const CLIENTS = [1, 32];
const outDir = path.join(here, 'out');
fs.mkdirSync(outDir, { recursive: true });
const env = { ...process.env, DATA_DIR: process.env.DATA_DIR ?? path.join(outDir, 'data'), LOG_LEVEL: 'warn', SEED: 'none' };
const dbKind = env.DATABASE_URL ? 'PostgreSQL' : 'PGlite';

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

// Deterministic choice, so two runs ask the same questions.
let state = 42;
const rand = () => {
  state = (state * 1103515245 + 12345) % 2147483648;
  return state / 2147483648;
};
const pick = (items) => items[Math.floor(rand() * items.length)];

process.stdout.write(`seeding ${PRODUCTS} products into ${dbKind} (kept if already there)…\n`);
const seeded = spawnSync(tsx, ['src/cli/seed.ts', '--products', String(PRODUCTS)], { cwd: path.join(root, 'api'), env, stdio: 'inherit' });
if (seeded.status !== 0) process.exit(seeded.status ?? 1);

const port = await freePort();
const api = spawn(tsx, ['src/server.ts'], { cwd: path.join(root, 'api'), env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'inherit', 'inherit'] });
const base = `http://127.0.0.1:${port}`;
const R = `${base}/backend/api/ext/v1/resources`;
const headers = { 'content-type': 'application/json', 'x-lang': 'uz', ...(env.CATALOG_API_KEY ? { 'x-api-key': env.CATALOG_API_KEY } : {}) };
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (i > 600) throw new Error('API did not start');
    await new Promise((r) => setTimeout(r, 200));
  }

  const categories = (await (await fetch(`${R}/categories`, { headers })).json()).data;
  const leaves = categories.flatMap((c) => c.children.map((k) => k.slug));
  const slugs = [];
  for (let page = 1; page <= 5; page++) {
    const res = await fetch(`${R}/products`, { method: 'POST', headers, body: JSON.stringify({ sort: 'new', page: page * 37, per_page: 100 }) });
    slugs.push(...(await res.json()).data.map((p) => p.slug));
  }
  const brandsOf = new Map();
  for (const leaf of leaves) {
    const res = await fetch(`${R}/products`, { method: 'POST', headers, body: JSON.stringify({ category: leaf, per_page: 1 }) });
    brandsOf.set(leaf, (await res.json()).facets.brands.map((b) => b.slug));
  }
  const typos = ['choynk', 'televzor', 'muzlatgch', 'changyutgch', 'холодильнек', 'пылесас', 'refrigirator', 'konditsoner', 'samsng', 'multivraka', 'dazmal', 'blendr'];

  let filterCalls = 0;
  const scenarios = {
    filter: () => {
      const category = pick(leaves);
      const brands = brandsOf.get(category) ?? [];
      const chosen = [pick(brands), pick(brands)].filter(Boolean);
      // A price bound no other request had, so the API's facet cache (keyed by the filter) never answers.
      const min = Math.floor(rand() * 5) * 100_000 + (++filterCalls % 1000);
      return fetch(`${R}/products`, { method: 'POST', headers, body: JSON.stringify({ category, brands: chosen, price_min: min, price_max: min + 5_000_000, per_page: 24 }) });
    },
    search: () => fetch(`${R}/products/search?q=${encodeURIComponent(pick(typos))}`, { headers }),
    product: () => fetch(`${R}/product/${pick(slugs)}?resources[]=relateds`, { headers }),
  };

  const results = [];
  for (const [name, call] of Object.entries(scenarios)) {
    for (let i = 0; i < 20; i++) await (await call()).arrayBuffer(); // warm-up
    for (const clients of CLIENTS) {
      const latencies = [];
      let errors = 0;
      const until = performance.now() + SECONDS * 1000;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < until) {
            const t0 = performance.now();
            const res = await call();
            await res.arrayBuffer();
            latencies.push(performance.now() - t0);
            if (!res.ok) errors++;
          }
        }),
      );
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((a, b) => a - b);
      const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))];
      const row = { scenario: name, clients, requests: latencies.length, errors, p50: q(0.5), p95: q(0.95), p99: q(0.99), rps: latencies.length / elapsed };
      results.push(row);
      process.stdout.write(`${name.padEnd(8)} ${String(clients).padStart(2)} clients  p50 ${row.p50.toFixed(1)} ms  p95 ${row.p95.toFixed(1)} ms  p99 ${row.p99.toFixed(1)} ms  ${row.rps.toFixed(0)} req/s  errors ${errors}\n`);
    }
  }

  const machine = `${os.cpus()[0]?.model ?? 'unknown CPU'} × ${os.cpus().length}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GB, Node ${process.version}, ${os.platform()}`;
  const report = { date: new Date().toISOString(), machine, database: dbKind, products: PRODUCTS, seconds: SECONDS, results };
  const file = path.join(outDir, `catalog-${report.date.replace(/[:.]/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(report, null, 2));
  process.stdout.write(`\n${report.date} · ${machine} · ${dbKind} · ${PRODUCTS} products\n\n| scenario | clients | p50 ms | p95 ms | p99 ms | req/s | errors |\n|---|---:|---:|---:|---:|---:|---:|\n`);
  for (const r of results) process.stdout.write(`| ${r.scenario} | ${r.clients} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.rps.toFixed(0)} | ${r.errors} |\n`);
  process.stdout.write(`\nwritten to ${path.relative(root, file)}\n`);
  const failed = results.some((r) => r.errors > 0);
  process.exitCode = failed ? 1 : 0;
} finally {
  api.kill('SIGTERM');
}
