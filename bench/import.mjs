#!/usr/bin/env node
// `pnpm bench import [--rows 10000]`: how long a CSV import of N rows (one per variant) takes on PostgreSQL.
// Creates a fresh database next to DATABASE_URL / TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// seeds a catalogue with at least N variants, starts the API from source, signs an owner in through the real
// endpoints, exports the catalogue (GET /api/admin/catalog/export), changes every row's prices and its stock in
// one store, then times the dry run and the apply (POST /api/admin/catalog/import/dry-run and …/apply).
// Budget (issue #16): the apply of 10 000 rows in ≤ 10 s.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const tsx = path.join(root, 'api/node_modules/.bin/tsx');
const require = createRequire(path.join(root, 'api/package.json'));
const pg = require('pg');

const arg = (flag, fallback) => {
  const i = process.argv.indexOf(flag);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
const ROWS = Number(arg('--rows', process.env.BENCH_IMPORT_ROWS ?? 10_000));
const BASE = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const BUDGET_MS = 10_000;

const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

/** Splits one `;` CSV line of the export (cells with `;` or quotes are quoted). */
function cells(line) {
  const out = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ';') {
      out.push(cell);
      cell = '';
    }
    else cell += ch;
  }
  out.push(cell);
  return out;
}
const quote = (s) => (/[";\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);

function multipart(parts) {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const chunks = [];
  for (const p of parts) {
    const disposition = p.filename ? `form-data; name="${p.field}"; filename="${p.filename}"` : `form-data; name="${p.field}"`;
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}\r\n\r\n`), Buffer.from(p.data), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), type: `multipart/form-data; boundary=${boundary}` };
}

async function main() {
  const dbName = `bozor_bench_import_${crypto.randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(BASE);
  url.pathname = `/${dbName}`;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-bench-import-'));
  const env = { ...process.env, DATABASE_URL: url.toString(), DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED: 'none', REDIS_URL: '' };
  let api;
  const db = new pg.Client({ connectionString: url.toString() });
  try {
    // The generated catalogue has 1–4 variants a product: products enough for ROWS variants.
    const products = Math.ceil(ROWS / 1.2);
    process.stdout.write(`seeding ${products} products…\n`);
    const seeded = spawnSync(tsx, ['src/cli/seed.ts', '--products', String(products)], { cwd: path.join(root, 'api'), env, stdio: 'inherit' });
    if (seeded.status !== 0) throw new Error('seed failed');
    const port = await freePort();
    api = spawn(tsx, ['src/server.ts'], { cwd: path.join(root, 'api'), env: { ...env, PORT: String(port), HOST: '127.0.0.1' }, stdio: ['ignore', 'inherit', 'inherit'] });
    const origin = `http://127.0.0.1:${port}`;
    for (let i = 0; ; i++) {
      if (await fetch(`${origin}/readyz`).then((r) => r.ok, () => false)) break;
      if (i > 600) throw new Error('API did not start');
      await new Promise((r) => setTimeout(r, 200));
    }
    await db.connect();
    const phone = '+998901119999';
    await db.query(`insert into staff (phone, name, role) values ($1, 'Bench owner', 'owner')`, [phone]);
    const json = { 'content-type': 'application/json' };
    await fetch(`${origin}/api/admin/auth/send-otp`, { method: 'POST', headers: json, body: JSON.stringify({ phone }) });
    const { rows } = await db.query('select message from sms_outbox where phone = $1 order by id desc limit 1', [phone]);
    const otp = rows[0].message.match(/\b(\d{5})\b/)[1];
    const signedIn = await (await fetch(`${origin}/api/admin/auth/verify-otp`, { method: 'POST', headers: json, body: JSON.stringify({ phone, otp }) })).json();
    const auth = { authorization: `Bearer ${signedIn.token}` };

    const exported = await (await fetch(`${origin}/api/admin/catalog/export`, { headers: auth })).text();
    const [header, ...lines] = exported.replace(/^\ufeff/, '').trim().split('\r\n');
    const columns = cells(header);
    const at = (name) => columns.indexOf(name);
    const stockColumn = columns.findIndex((c) => c.startsWith('stock:'));
    if (lines.length < ROWS) throw new Error(`only ${lines.length} variants exported, ${ROWS} wanted`);
    // Every row changes: both prices up 1 000 soʻm, the old prices dropped, the first store's stock +3.
    const edited = lines.slice(0, ROWS).map((line) => {
      const c = cells(line);
      c[at('price_individual')] = String(Number(c[at('price_individual')]) + 1000);
      c[at('price_legal')] = String(Number(c[at('price_legal')]) + 1000);
      c[at('old_price_individual')] = '';
      c[at('old_price_legal')] = '';
      c[stockColumn] = String(Number(c[stockColumn]) + 3);
      return c.map(quote).join(';');
    });
    const file = `${header}\r\n${edited.join('\r\n')}\r\n`;

    const timed = async (pathName, parts) => {
      const { body, type } = multipart(parts);
      const t0 = performance.now();
      const res = await fetch(`${origin}${pathName}`, { method: 'POST', headers: { ...auth, 'content-type': type }, body });
      const answer = await res.json();
      if (res.status !== 200) throw new Error(`${pathName} ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
      return { ms: performance.now() - t0, answer };
    };
    const dry = await timed('/api/admin/catalog/import/dry-run', [{ field: 'file', filename: 'bench.csv', data: file }]);
    const applied = await timed('/api/admin/catalog/import/apply', [
      { field: 'token', data: dry.answer.token },
      { field: 'file', filename: 'bench.csv', data: file },
    ]);
    const { rows: moves } = await db.query(`select count(*)::int as n from stock_movements where reason = 'import'`);
    const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
    const { rows: version } = await db.query('show server_version');
    const lines2 = [
      `### Catalogue CSV import — ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      '',
      `${machine}; PostgreSQL ${version[0].server_version} on the same machine; ${products} seeded products, ${lines.length} variants.`,
      `A ${(file.length / 1024 / 1024).toFixed(1)} MB file of ${ROWS} rows, every row changed (2 prices, 2 old prices dropped, stock in one store).`,
      '',
      '| step | rows | changes | ms |',
      '|---|---:|---:|---:|',
      `| dry run | ${dry.answer.counts.rows} | ${dry.answer.counts.changes} | ${dry.ms.toFixed(0)} |`,
      `| apply | ${applied.answer.counts.rows} | ${applied.answer.counts.changes} | ${applied.ms.toFixed(0)} |`,
      '',
      `Stock movements written: ${moves[0].n}. Budget: apply ≤ ${BUDGET_MS} ms — ${applied.ms <= BUDGET_MS ? 'met' : 'MISSED'}.`,
      '',
    ];
    process.stdout.write(`\n${lines2.join('\n')}\n`);
    if (applied.ms > BUDGET_MS) process.exitCode = 1;
  } finally {
    if (api) {
      api.kill('SIGTERM');
      await new Promise((r) => api.on('exit', r));
    }
    await db.end().catch(() => undefined);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
