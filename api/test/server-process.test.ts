/** The real entry point as `pnpm start` runs it: config check, seed, `pnpm sms:last`, SIGTERM. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_DIR, type ApiProcess, TSX, startApiProcess } from './api-process.js';

describe('the API process', () => {
  let dataDir: string;
  let api: ApiProcess;
  let url: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-proc-'));
    api = await startApiProcess({ DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir, LOG_LEVEL: 'info' }, 60_000);
    url = api.url;
  }, 90_000);

  afterAll(() => {
    if (api.proc.exitCode === null) api.proc.kill('SIGKILL');
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
    const exited = new Promise<number | null>((resolve) => api.proc.on('exit', (code) => resolve(code)));
    api.proc.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(api.output()).toContain('shutting down');
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  }, 20_000);
});

test('a bad configuration value stops start-up with a message naming the variable', () => {
  const result = spawnSync(TSX, ['src/server.ts'], { cwd: API_DIR, env: { ...process.env, PORT: 'eighty' }, encoding: 'utf8', timeout: 30_000 });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('Invalid configuration: PORT');
});
