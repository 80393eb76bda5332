/** The real entry point as `pnpm start` runs it: config check, seed, `pnpm sms:last`, SIGTERM. */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const API_DIR = path.resolve(import.meta.dirname, '..');
const TSX = path.join(API_DIR, 'node_modules/.bin/tsx');

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe('the API process', () => {
  let dataDir: string;
  let proc: ChildProcess;
  let url: string;
  let output = '';

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-proc-'));
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    proc = spawn(TSX, ['src/server.ts'], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
    proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
    for (let i = 0; i < 300; i++) {
      if (await fetch(`${url}/readyz`).then((r) => r.ok, () => false)) return;
      if (proc.exitCode !== null) throw new Error(output);
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error(`not ready: ${output}`);
  }, 90_000);

  afterAll(() => {
    if (proc.exitCode === null) proc.kill('SIGKILL');
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test('seeds an empty embedded database on first start', async () => {
    const stores = (await (await fetch(`${url}/api/store/stores`)).json()) as { data: unknown[] };
    expect(stores.data).toHaveLength(3);
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(true);
  });

  test('`pnpm sms:last <phone>` prints the newest code sent by the log provider', async () => {
    const res = await fetch(`${url}/api/auth/send-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-lang': 'en' },
      body: JSON.stringify({ phone: '+998 99 765 43 21' }),
    });
    expect(res.status).toBe(200);
    const cli = spawnSync(TSX, ['src/cli/sms-last.ts', '+998 99 765-43-21'], { cwd: API_DIR, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(cli.status).toBe(0);
    const code = cli.stdout.match(/sign-in code is (\d{5})/)?.[1];
    expect(code).toMatch(/^\d{5}$/);
    const verified = await fetch(`${url}/api/auth/verify-otp`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ phone: '+998997654321', otp: code }),
    });
    expect(verified.status).toBe(200);
    const none = spawnSync(TSX, ['src/cli/sms-last.ts', '+998901110000'], { cwd: API_DIR, env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir }, encoding: 'utf8' });
    expect(none.status).toBe(1);
    expect(none.stderr).toContain('No SMS to +998901110000');
  }, 30_000);

  test('SIGTERM stops it cleanly: exit code 0, port closed', async () => {
    const exited = new Promise<number | null>((resolve) => proc.on('exit', (code) => resolve(code)));
    proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(output).toContain('shutting down');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  }, 20_000);
});

test('a bad configuration value stops start-up with a message naming the variable', () => {
  const result = spawnSync(TSX, ['src/server.ts'], { cwd: API_DIR, env: { ...process.env, PORT: 'eighty' }, encoding: 'utf8', timeout: 30_000 });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('Invalid configuration: PORT');
});
