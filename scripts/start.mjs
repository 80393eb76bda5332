#!/usr/bin/env node
// `pnpm start`: build what is missing, start the API on an internal port and ONE gateway process on
// PORT (default 3000) — the shell server, which also serves every remote's build under
// /remotes/<name>/<version>/ and the back office (admin/) under /admin/, and proxies /api, /backend
// (adding CATALOG_API_KEY), /media, /healthz and /readyz to the API.
// `pnpm dev` (--dev): the same API, plus rspack dev servers with hot reload for the shell (on PORT,
// proxying to the API) and each remote (3101–3104), and the back office's on 3105 (under /admin/).
// Flags: --rebuild (build everything again). Env: PORT, API_PORT, DATA_DIR, REMOTES_FILE, METRICS_PORT and
// every API variable (docs/architecture.md "Configuration") (passed through).
// Ports: the API listens on 127.0.0.1:API_PORT; unset, on PORT+1 when that is free, else on any free port
// (said in the log) — so two shops on one machine (PORT=3500 and PORT=3600) start side by side. The same
// holds for the dev servers of `pnpm dev` (3101–3105 when free). METRICS_PORT (unset: no metrics): the
// API's /metrics there, the gateway's on METRICS_PORT+1, both on 127.0.0.1 (docs/operations.md "Metrics").
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const rebuild = process.argv.includes('--rebuild');
const REMOTES = ['catalog', 'cart', 'checkout', 'account'];
// the remotes with a server bundle (ssr/<name>.cjs) that the shell server renders pages with
const SERVER_RENDERED = ['catalog', 'cart', 'checkout'];

// A build is tried twice: rspack's native side has been seen to abort (SIGABRT, exit 134) on its way out
// after "compiled successfully" (seen once in CI); a real compile error fails both tries the same way.
const run = (cmd, args) => {
  let r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0 && args.includes('build')) {
    console.error(`[start] ${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal}); trying once more`);
    r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  }
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const version = (dir) => JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')).version;

/** Whether nothing listens on 127.0.0.1:port right now. */
const isFree = (p) =>
  new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(p, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
/** A port the system says is free. */
const anyFreePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port: p } = probe.address();
      probe.close(() => resolve(p));
    });
  });
/** The port a variable names; else `preferred` when free; else any free port (and says which). */
async function pickPort(name, preferred) {
  const given = process.env[name]?.trim();
  if (given) return Number(given);
  const chosen = preferred > 0 && preferred <= 65535 && (await isFree(preferred)) ? preferred : await anyFreePort();
  console.log(`[start] ${name} unset: using ${chosen}${chosen === preferred ? '' : ` (${preferred} is taken)`}`);
  return chosen;
}

const port = Number(process.env.PORT ?? 3000);
const apiPort = await pickPort('API_PORT', port + 1);
const metricsPort = process.env.METRICS_PORT?.trim() ? Number(process.env.METRICS_PORT) : null;
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
fs.mkdirSync(dataDir, { recursive: true });

// 1. builds that are missing
if (rebuild || !fs.existsSync(path.join(root, 'api/dist/server.js'))) run('pnpm', ['--filter', '@bozor/api', 'build']);
if (!dev) {
  if (rebuild || !fs.existsSync(path.join(root, 'shell/dist/index.html')) || !fs.existsSync(path.join(root, 'shell/dist-server/shell/server/main.js')) || !fs.existsSync(path.join(root, 'shell/dist-server/ssr/shell.cjs'))) {
    run('pnpm', ['--filter', '@bozor/shell', 'build']);
  }
  for (const name of REMOTES) {
    if (rebuild || !fs.existsSync(path.join(root, `mf-${name}/dist/${version(`mf-${name}`)}/mf-manifest.json`)) || (SERVER_RENDERED.includes(name) && !fs.existsSync(path.join(root, `mf-${name}/dist/${version(`mf-${name}`)}/ssr/${name}.cjs`)))) {
      run('pnpm', ['--filter', `@bozor/mf-${name}`, 'build']);
    }
  }
  // the back office: a plain single-page app, served under /admin/ by the gateway below
  if (rebuild || !fs.existsSync(path.join(root, 'admin/dist/index.html'))) run('pnpm', ['--filter', '@bozor/admin', 'build']);
}

// 2. remotes.json: a file in DATA_DIR, written once; edit it to roll a remote forward or back
const remotesFile = path.resolve(process.env.REMOTES_FILE ?? path.join(dataDir, 'remotes.json'));
if (!dev && !fs.existsSync(remotesFile)) {
  const config = Object.fromEntries(REMOTES.map((n) => [n, `/remotes/${n}/${version(`mf-${n}`)}/mf-manifest.json`]));
  fs.writeFileSync(remotesFile, JSON.stringify(config, null, 2) + '\n');
}

// 3. processes, supervised: a process that crashes is started again (after 1 s, doubling up to 30 s; back to
// 1 s once it has run for a minute), so one crash does not take the shop down. A process that exits by itself
// before it ever came up (its health address never answered, or, without one, within 10 s: a bad setting,
// a busy port) stops everything, with its exit code.
// Stopping (SIGINT/SIGTERM) is graceful: the gateway first stops taking requests and finishes those in
// flight (at most 20 s), then the API does the same, so no request is cut half-way.
const children = new Map();
const BACKOFF_MS = [1000, 30_000];
const STOP_WAIT_MS = 22_000;
let shuttingDown = false;

// Each child gets its own process group, and a signal goes to the whole group: `pnpm … dev` does not
// pass signals on to the rspack server it runs, so killing only the child would orphan it.
const signalGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
};
const exited = (child) => child.exitCode !== null || child.signalCode !== null;

function supervise(name, cmd, args, env, healthUrl) {
  let delay = BACKOFF_MS[0];
  let cameUp = false;
  const launch = () => {
    const startedAt = Date.now();
    const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit', detached: true });
    children.set(name, child);
    console.log(`[start] ${name} started (pid ${child.pid})`);
    const upTimer = healthUrl
      ? setInterval(() => {
          fetch(healthUrl).then((res) => res.ok && (cameUp = true), () => undefined);
          if (cameUp) clearInterval(upTimer);
        }, 500)
      : setTimeout(() => (cameUp = true), 10_000);
    child.on('exit', (code, signal) => {
      clearInterval(upTimer);
      if (shuttingDown) return;
      // Killed from outside (a signal: the OOM killer, kill -9) is a crash even right after start.
      if (!cameUp && !signal) {
        console.error(`[start] ${name} could not start (${signal ?? code}); stopping the rest`);
        void shutdown(code || 1);
        return;
      }
      if (Date.now() - startedAt > 60_000) delay = BACKOFF_MS[0];
      console.log(`[start] ${name} exited (${signal ?? code}); starting it again in ${delay / 1000} s`);
      setTimeout(() => {
        if (!shuttingDown) launch();
      }, delay);
      delay = Math.min(delay * 2, BACKOFF_MS[1]);
    });
  };
  launch();
}

/** Asks a child to stop and waits for it; after STOP_WAIT_MS it is killed. */
async function stopChild(child) {
  if (!child || exited(child)) return;
  const gone = new Promise((r) => child.once('exit', r));
  signalGroup(child, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), STOP_WAIT_MS);
  await gone;
  clearTimeout(timer);
}

async function shutdown(code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  // whatever serves the browser first, the API (which they call) last
  await Promise.all([...children].filter(([name]) => name !== 'api').map(([, child]) => stopChild(child)));
  await stopChild(children.get('api'));
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void shutdown(0));

const apiUrl = `http://127.0.0.1:${apiPort}`;
// METRICS_PORT goes to each process as its own: the API's as given, the gateway's the next one; unset, neither serves metrics.
const metricsEnv = (offset) => (metricsPort === null ? { METRICS_PORT: '' } : { METRICS_PORT: String(metricsPort + offset), METRICS_HOST: process.env.METRICS_HOST ?? '127.0.0.1' });
supervise('api', process.execPath, ['api/dist/server.js'], { PORT: String(apiPort), HOST: '127.0.0.1', DATA_DIR: dataDir, ...metricsEnv(0) }, `${apiUrl}/healthz`);
if (metricsPort !== null) console.log(`[start] metrics: API on http://127.0.0.1:${metricsPort}/metrics${dev ? '' : `, gateway on http://127.0.0.1:${metricsPort + 1}/metrics`}`);

if (dev) {
  // each remote's dev server on its usual port (3101–3104) when free, else on a free one the shell is told of
  const remoteUrls = {};
  for (const [i, name] of REMOTES.entries()) {
    const remotePort = await pickPort(`REMOTE_${name.toUpperCase()}_DEV_PORT`, 3101 + i);
    remoteUrls[`REMOTE_${name.toUpperCase()}_URL`] = `http://localhost:${remotePort}/mf-manifest.json`;
    supervise(`mf-${name}`, 'pnpm', ['--filter', `@bozor/mf-${name}`, 'dev'], { API_URL: apiUrl, REMOTE_DEV_PORT: String(remotePort) });
  }
  supervise('shell', 'pnpm', ['--filter', '@bozor/shell', 'dev'], { PORT: String(port), API_URL: apiUrl, ...remoteUrls });
  const adminPort = await pickPort('ADMIN_PORT', 3105);
  supervise('admin', 'pnpm', ['--filter', '@bozor/admin', 'dev'], { API_URL: apiUrl, ADMIN_PORT: String(adminPort) });
} else {
  supervise('gateway', process.execPath, ['shell/dist-server/shell/server/main.js'], {
    PORT: String(port),
    API_URL: apiUrl,
    PROXY_API: '1',
    SHELL_DIST: path.join(root, 'shell/dist'),
    REMOTES_FILE: remotesFile,
    REMOTE_DIRS: REMOTES.map((n) => `${n}=${path.join(root, `mf-${n}/dist`)}`).join(','),
    ADMIN_DIST: path.join(root, 'admin/dist'),
    ...metricsEnv(1),
  }, `http://127.0.0.1:${port}/_healthz`);
  console.log(`[start] Bozor on http://localhost:${port}, back office on http://localhost:${port}/admin/ (remotes.json: ${remotesFile})`);
}
