/**
 * `pnpm staff:add` / `pnpm order:status` when DATA_DIR/ops.json names an API that listens but never answers
 * (stopped with SIGSTOP, or stuck): the operator is told within seconds which API is stuck and to restart
 * it, the command exits non-zero, and it does not open the database itself next to that API.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { OPS_TIMEOUT_MS, callRunningApi, writeOpsFile } from '../src/cli/ops-client.js';
import { API_DIR, TSX } from './api-process.js';

describe('server commands against an API that does not answer', () => {
  let server: http.Server;
  let url = '';
  let dataDir: string;
  const sockets = new Set<net.Socket>();
  // A pid that is alive, like a stuck API's: this test process.
  const pid = process.pid;
  const requests: string[] = [];

  beforeAll(async () => {
    // Takes every request and answers none; `/half` sends the headers and then nothing more.
    server = http.createServer((req, res) => {
      requests.push(`${req.method} ${req.url}`);
      if (req.url === '/half') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"number":');
      }
    });
    server.on('connection', (socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-ops-stuck-'));
    writeOpsFile(dataDir, { url, secret: 'not-used', pid });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  function run(script: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string; elapsedMs: number }> {
    const started = Date.now();
    const proc = spawn(TSX, [`src/cli/${script}.ts`, ...args], {
      cwd: API_DIR,
      env: { ...process.env, DATABASE_URL: '', REDIS_URL: '', DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    proc.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    proc.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    // Past the command's own limit, the test stops it: a hung command fails here rather than hanging jest
    // (SIGTERM: tsx passes it on to the command; a SIGKILL would leave the command running).
    const kill = setTimeout(() => proc.kill('SIGTERM'), OPS_TIMEOUT_MS + 45_000);
    return new Promise((resolve) =>
      proc.on('close', (code) => {
        clearTimeout(kill);
        resolve({ code, stdout, stderr, elapsedMs: Date.now() - started });
      }),
    );
  }

  test('pnpm order:status and pnpm staff:add say the API is stuck and exit 1, without opening the database', async () => {
    const [status, staff] = await Promise.all([run('order-status', 'BZ-100001', 'confirmed'), run('staff-add', '+998905554433', 'owner', 'Aziz')]);
    for (const result of [status, staff]) {
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(`The API at ${url} (pid ${pid}) does not answer`);
      expect(result.stderr).toContain('it may be stuck: restart it');
      // it gave up (the message above is the time-out's) rather than hanging; tsx and the command's start
      // take seconds of their own, 11 s once on a CI machine that was busy
      expect(result.elapsedMs).toBeLessThan(OPS_TIMEOUT_MS + 30_000);
    }
    expect(requests).toEqual(expect.arrayContaining(['POST /api/ops/orders/BZ-100001/status', 'POST /api/ops/staff']));
    // The embedded database was not opened next to the (stuck) API.
    expect(fs.existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  }, 90_000);

  test('an API that starts its answer and never finishes it is also reported as stuck', async () => {
    const started = Date.now();
    await expect(callRunningApi(dataDir, 'POST', '/half', {}, { timeoutMs: 300 })).rejects.toThrow(`The API at ${url} (pid ${pid}) does not answer (waited 0.3 s)`);
    expect(Date.now() - started).toBeLessThan(3000);
  });
});
