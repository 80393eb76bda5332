// Builds what the suite needs (the API, the shell, the four remotes, plus two extra catalog builds:
// a newer version for the roll-forward test and one built against another contract major), then
// starts the composed shop exactly as `pnpm start` does, on free ports with a throwaway DATA_DIR.
// E2E_SKIP_BUILD=1 skips the builds (quick local re-runs).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT, freePort, waitForHttp } from './processes';

export const NEXT_CATALOG = '0.2.0-e2e';
export const INCOMPATIBLE_CATALOG = '9.0.0-contract-next';

/** Builds are tried twice, as scripts/start.mjs does: rspack's native side has been seen to abort
 * (exit 134) on its way out after compiling successfully; a real compile error fails both tries. */
function run(args: string[], env: Record<string, string> = {}) {
  const once = () => spawnSync('pnpm', args, { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'], env: { ...process.env, ...env } });
  let r = once();
  if (r.status !== 0) {
    console.error(`pnpm ${args.join(' ')} failed (exit ${r.status ?? r.signal}); trying once more`);
    r = once();
  }
  if (r.status !== 0) throw new Error(`pnpm ${args.join(' ')} failed`);
}

/** The contract major after the one shared/package.json declares: a build against it must be refused. */
function nextContractMajor(): string {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'shared/package.json'), 'utf8')) as { version: string };
  return `${Number(version.split('.')[0]) + 1}.0.0`;
}

export default async function globalSetup() {
  if (process.env.E2E_SKIP_BUILD !== '1') {
    run(['--filter', '@bozor/api', 'build']);
    run(['--filter', '@bozor/shell', 'build']);
    for (const name of ['catalog', 'cart', 'checkout', 'account']) run(['--filter', `@bozor/mf-${name}`, 'build']);
    run(['--filter', '@bozor/mf-catalog', 'build'], { REMOTE_VERSION: NEXT_CATALOG });
    run(['--filter', '@bozor/mf-catalog', 'build'], { REMOTE_VERSION: INCOMPATIBLE_CATALOG, BOZOR_CONTRACT_VERSION: nextContractMajor() });
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bozor-e2e-'));
  const port = await freePort();
  const apiPort = await freePort();
  const remotesFile = path.join(dataDir, 'remotes.json');
  const shop = spawn(process.execPath, [path.join(ROOT, 'scripts/start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), API_PORT: String(apiPort), DATA_DIR: dataDir, REMOTES_FILE: remotesFile, LOG_LEVEL: 'warn',
      // The specs stand for a proxy in front of the shop: what they send as X-Forwarded-For is believed
      // (fromClientAddress), as it would be from a real proxy named in TRUST_PROXY.
      TRUST_PROXY: 'loopback' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForHttp(`${baseURL}/readyz`);
  await waitForHttp(`${baseURL}/remotes.json`);
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_API_URL = `http://127.0.0.1:${apiPort}`;
  process.env.E2E_REMOTES_FILE = remotesFile;
  process.env.E2E_REMOTES_DEFAULT = fs.readFileSync(remotesFile, 'utf8');

  return async () => {
    // start.mjs forwards the signal to the API and the gateway and exits when they have stopped
    if (shop.exitCode === null && shop.signalCode === null) {
      const exited = new Promise((r) => shop.once('exit', r));
      shop.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
