// The load bench's settings and plumbing (bench/load.mjs): its command-line and environment settings, the
// shoppers' addresses and phones, and one HTTP request that never throws.
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

/** bench/ (raw figures go to bench/out/) and the repository's root. */
export const benchDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const root = path.resolve(benchDir, '..');
const require = createRequire(path.join(root, 'api/package.json'));
export const pg = require('pg');

const arg = (name, fallback) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : fallback;
};
export const BASE = process.env.DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS = process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
export const SECONDS = Number(arg('seconds', process.env.BENCH_SECONDS ?? 20));
export const VUS = arg('vus', '1,16,64').split(',').map(Number);
export const REPLICAS = arg('replicas', '1,3').split(',').map(Number);
export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';
/**
 * The products the shoppers buy, each run starting from fresh stock: half of them scarce (units per store,
 * sold out within a run, so orders race for the last ones), half plentiful (so orders/s is not capped by stock).
 */
export const SCARCE_STOCK = Number(arg('scarce-stock', 5));
export const PLENTY_STOCK = 100_000;
export const HOT_VARIANTS = 8;
export const STEPS = ['home', 'search', 'product', 'cart_check', 'send_otp', 'verify_otp', 'order'];
export const SEARCHES = ['choynak', 'televizor', 'samsung', 'muzlatgich', 'пылесос', 'kir yuvish', 'artel', 'dazmol'];
/** OTP_LIMITS.perIpHour (api/src/modules/auth/otp-challenge.ts): codes one address may ask for in an hour. */
export const CODES_PER_ADDRESS_HOUR = 20;

export const freePort = () =>
  new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
export const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN);
export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// A loopback address per shopper: 127.<run>.<hi>.<lo>, never 127.0.0.1 (the probes' own).
const runOctet = 20 + crypto.randomInt(200);
let addressCount = 0;
export const nextAddress = () => {
  const n = addressCount++;
  return `127.${runOctet}.${Math.floor(n / 254) % 256}.${(n % 254) + 1}`;
};
const phonePrefix = 10 + crypto.randomInt(90);
let phoneCount = 0;
export const nextPhone = () => `+99893${phonePrefix}${String(++phoneCount).padStart(5, '0')}`;

/** One HTTP request through an agent bound to the shopper's address; never throws (status 0: no answer). */
export function request(origin, agent, method, pathname, body, headers = {}) {
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

export async function waitFor(url, ms = 180_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await fetch(url).then((r) => r.ok, () => false)) return;
    await sleep(300);
  }
  throw new Error(`${url} did not answer`);
}
