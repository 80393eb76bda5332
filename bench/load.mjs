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
// The parts: load/common.mjs (settings, addresses, requests), load/processes.mjs (replicas and nginx),
// load/journeys.mjs (one run and its checks), load/report.mjs (the Markdown and the raw figures).
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BASE, HOT_VARIANTS, NGINX, REDIS, REPLICAS, VUS, freePort, pg, root, waitFor } from './load/common.mjs';
import { runOnce } from './load/journeys.mjs';
import { startNginx, startReplica, stopProc } from './load/processes.mjs';
import { report } from './load/report.mjs';

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

main().catch((err) => {
  process.stderr.write(`${err.stack ?? err}\n`);
  process.exit(1);
});
