/**
 * The sign-in limits must hold across API replicas: two real server processes share one
 * PostgreSQL (and Redis when TEST_REDIS_URL is set) and are hit alternately.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { OTP_LIMITS } from '../src/modules/auth/auth.service.js';
import { type ApiProcess, startApiProcess } from './api-process.js';
import { createPostgresDatabase } from './helpers.js';

const setups: Array<[string, { redis: boolean }]> = [
  ['PostgreSQL', { redis: false }],
  ...(process.env.TEST_REDIS_URL ? ([['PostgreSQL + Redis', { redis: true }]] as Array<[string, { redis: boolean }]>) : []),
];
const describeIfPg = process.env.TEST_DATABASE_URL ? describe.each(setups) : describe.skip.each(setups);

describeIfPg('sign-in limits across two API processes (%s)', (_name, { redis }) => {
  let servers: ApiProcess[] = [];
  let drop: () => Promise<void>;
  let dbUrl: string;
  let dataDir: string;
  // A fresh client IP (through the trusted X-Forwarded-For) and fresh phones per run, so
  // counters left in a shared Redis by earlier runs cannot interfere.
  const ip = `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
  const phone = (n: number) => `+99890${String(crypto.randomInt(1_000_000)).padStart(6, '0')}${n % 10}`;

  beforeAll(async () => {
    const created = await createPostgresDatabase();
    drop = created.drop;
    dbUrl = created.url;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-2p-'));
    const env: Record<string, string> = { DATABASE_URL: dbUrl, DATA_DIR: dataDir, LOG_LEVEL: 'warn', SEED: 'none', ...(redis ? { REDIS_URL: process.env.TEST_REDIS_URL! } : {}) };
    // Start one first so that the second finds the migrations applied (both would also wait on the lock).
    servers = [await startApiProcess(env, 30_000)];
    servers.push(await startApiProcess(env, 30_000));
  }, 60_000);

  afterAll(async () => {
    for (const s of servers) s.proc.kill('SIGTERM');
    await Promise.all(servers.map((s) => new Promise((r) => (s.proc.exitCode !== null ? r(null) : s.proc.on('exit', r)))));
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (server: number, url: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${servers[server]!.url}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': ip, ...headers },
      body: JSON.stringify(body),
    });

  async function lastCode(to: string): Promise<string> {
    const client = new pg.Client({ connectionString: dbUrl });
    await client.connect();
    const { rows } = await client.query<{ message: string }>('select message from sms_outbox where phone = $1 order by id desc limit 1', [to]);
    await client.end();
    const code = rows[0]?.message.match(/\b(\d{5})\b/)?.[1];
    if (!code) throw new Error(`no code for ${to}`);
    return code;
  }

  test('the resend cooldown started on one process holds on the other', async () => {
    const p = phone(1);
    expect((await post(0, '/api/auth/send-otp', { phone: p })).status).toBe(200);
    const second = await post(1, '/api/auth/send-otp', { phone: p });
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(50);
  });

  test('wrong tries are counted together: three on one process and two on the other kill the code', async () => {
    const p = phone(2);
    await post(1, '/api/auth/send-otp', { phone: p });
    const code = await lastCode(p);
    const wrong = code === '00000' ? '11111' : '00000';
    for (const server of [0, 1, 0, 1, 0]) await post(server, '/api/auth/verify-otp', { phone: p, otp: wrong });
    const res = await post(1, '/api/auth/verify-otp', { phone: p, otp: code });
    expect(res.status).toBe(422);
    expect(((await res.json()) as { error: { code: string } }).error.code).toBe('OTP_TOO_MANY_ATTEMPTS');
  });

  test('a session made on one process is revoked for both by logout on the other', async () => {
    const p = phone(3);
    await post(0, '/api/auth/send-otp', { phone: p });
    const signedIn = await post(1, '/api/auth/verify-otp', { phone: p, otp: await lastCode(p) });
    expect(signedIn.status).toBe(200);
    const { access_token: token } = (await signedIn.json()) as { access_token: string };
    const auth = { authorization: `Bearer ${token}` };
    expect((await fetch(`${servers[0]!.url}/api/auth/user`, { headers: auth })).status).toBe(200);
    expect((await post(1, '/api/auth/logout', {}, auth)).status).toBe(200);
    expect((await fetch(`${servers[0]!.url}/api/auth/user`, { headers: auth })).status).toBe(401);
  });

  test('the per-IP hourly cap counts requests to both processes together', async () => {
    // Three codes went out from this IP in the tests above.
    let accepted = 3;
    let refused = 0;
    for (let i = 0; accepted + refused < OTP_LIMITS.perIpHour + 2; i++) {
      const res = await post(i % 2, '/api/auth/send-otp', { phone: phone(i + 4) });
      if (res.status === 200) accepted += 1;
      else if (res.status === 429) refused += 1;
      else throw new Error(`unexpected ${res.status}`);
    }
    expect(accepted).toBe(OTP_LIMITS.perIpHour);
    expect(refused).toBe(2);
  });
});
