// `pnpm start` on one machine, twice at once (scripts/start.mjs): without API_PORT each shop puts its API on
// PORT+1 when free, else on any free port, and says which; both answer side by side. With METRICS_PORT the
// API's and the gateway's /metrics are there (127.0.0.1), and never on the shop's own port.
// A Playwright spec rather than a jest test: it needs every build, which the suite's global setup makes
// (in CI as locally), and it uses no browser.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { ROOT, freePort, stop, waitForHttp } from '../support/processes';

interface Shop {
  port: number;
  proc: ChildProcess;
  output: () => string;
  dataDir: string;
}

/** A port whose next one is free too (the shop takes PORT, its API PORT+1). */
async function freePair(): Promise<number> {
  for (;;) {
    const p = await freePort();
    if (p < 65535 && (await isFree(p + 1))) return p;
  }
}

function isFree(p: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(p, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

function startShop(port: number, extra: Record<string, string> = {}): Shop {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-ports-'));
  const env: NodeJS.ProcessEnv = { ...process.env, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extra };
  delete env.API_PORT;
  delete env.REMOTES_FILE;
  if (!extra.METRICS_PORT) delete env.METRICS_PORT;
  const proc = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  proc.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  proc.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  return { port, proc, output: () => output, dataDir };
}

/** The API port the shop's start-up said it chose. */
function announcedApiPort(shop: Shop): number {
  const m = /\[start\] API_PORT unset: using (\d+)/.exec(shop.output());
  if (!m) throw new Error(`no API port in the start-up log:\n${shop.output()}`);
  return Number(m[1]);
}

test.describe('two shops on one machine', () => {
  test.describe.configure({ timeout: 240_000 });
  const shops: Shop[] = [];
  let blocker: net.Server | null = null;

  test.afterAll(async () => {
    // start.mjs stops its API and gateway and exits once they have
    await Promise.all(shops.map((s) => stop(s.proc)));
    for (const s of shops) fs.rmSync(s.dataDir, { recursive: true, force: true });
    await new Promise((r) => (blocker ? blocker.close(r) : r(undefined)));
  });

  test('start side by side without API_PORT: PORT+1 when free, else a free port, said in the log', async () => {
    const portA = await freePair();
    const metricsA = await freePair();
    // shop B's PORT+1 is taken by something else: its API must go elsewhere
    let portB = await freePair();
    while (Math.abs(portB - portA) < 2 || Math.abs(portB - metricsA) < 2) portB = await freePair();
    blocker = net.createServer();
    await new Promise<void>((r) => blocker!.listen(portB + 1, '127.0.0.1', r));

    const a = startShop(portA, { METRICS_PORT: String(metricsA) });
    const b = startShop(portB);
    shops.push(a, b);
    await Promise.all([waitForHttp(`http://127.0.0.1:${portA}/readyz`, 180_000), waitForHttp(`http://127.0.0.1:${portB}/readyz`, 180_000)]);

    expect(announcedApiPort(a)).toBe(portA + 1);
    const apiB = announcedApiPort(b);
    expect(apiB).not.toBe(portB + 1);
    expect(b.output()).toContain(`(${portB + 1} is taken)`);
    expect(apiB).not.toBe(portA + 1);

    // each gateway reaches its own API, and each shop its own data
    for (const [shop, api] of [[a, portA + 1], [b, apiB]] as const) {
      const health = await fetch(`http://127.0.0.1:${shop.port}/healthz`);
      expect(health.status).toBe(200);
      const direct = await fetch(`http://127.0.0.1:${api}/readyz`);
      expect(direct.status).toBe(200);
      const stores = (await (await fetch(`http://127.0.0.1:${shop.port}/api/store/stores`)).json()) as { data: unknown[] };
      expect(stores.data.length).toBeGreaterThan(0);
      const page = await fetch(`http://127.0.0.1:${shop.port}/uz`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('<html lang="uz"');
      expect(JSON.parse(fs.readFileSync(path.join(shop.dataDir, 'ops.json'), 'utf8')).url).toBe(`http://127.0.0.1:${api}`);
    }

    // METRICS_PORT: the API's metrics there, the gateway's on the next port, neither on the shop's port
    expect(a.output()).toContain(`metrics: API on http://127.0.0.1:${metricsA}/metrics`);
    await waitForHttp(`http://127.0.0.1:${metricsA + 1}/metrics`, 20_000);
    const apiMetrics = await (await fetch(`http://127.0.0.1:${metricsA}/metrics`)).text();
    expect(apiMetrics).toContain('# TYPE bozor_api_http_request_duration_seconds histogram');
    expect(apiMetrics).toMatch(/bozor_api_http_request_duration_seconds_count\{method="GET",route="\/api\/store\/stores",status_code="200"\} [1-9]/);
    const shellMetrics = await (await fetch(`http://127.0.0.1:${metricsA + 1}/metrics`)).text();
    expect(shellMetrics).toMatch(/bozor_shell_http_request_duration_seconds_count\{method="GET",route="page:home",status_code="200"\} [1-9]/);
    for (const port of [portA, portB]) {
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('bozor_');
    }
    // shop B was started without METRICS_PORT: nothing of it listens for Prometheus
    expect(b.output()).not.toContain('metrics on http');
  });
});
