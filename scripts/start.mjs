#!/usr/bin/env node
// `pnpm start`: build what is missing, start the API on an internal port and ONE gateway process on
// PORT (default 3000) — the shell server, which also serves every remote's build under
// /remotes/<name>/<version>/ and proxies /api, /backend (adding CATALOG_API_KEY), /media, /healthz
// and /readyz to the API.
// `pnpm dev` (--dev): the same API, plus rspack dev servers with hot reload for the shell (on PORT,
// proxying to the API) and each remote (3101–3104).
// Flags: --rebuild (build everything again). Env: PORT, API_PORT (3001), DATA_DIR, REMOTES_FILE and
// every API variable of DESIGN.md "Configuration" (passed through).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dev = process.argv.includes('--dev');
const rebuild = process.argv.includes('--rebuild');
const REMOTES = ['catalog', 'cart', 'checkout', 'account'];

const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
const version = (dir) => JSON.parse(fs.readFileSync(path.join(root, dir, 'package.json'), 'utf8')).version;

const port = Number(process.env.PORT ?? 3000);
const apiPort = Number(process.env.API_PORT ?? 3001);
const dataDir = path.resolve(root, process.env.DATA_DIR ?? 'data');
fs.mkdirSync(dataDir, { recursive: true });

// 1. builds that are missing
if (rebuild || !fs.existsSync(path.join(root, 'api/dist/server.js'))) run('pnpm', ['--filter', '@bozor/api', 'build']);
if (!dev) {
  if (rebuild || !fs.existsSync(path.join(root, 'shell/dist/index.html')) || !fs.existsSync(path.join(root, 'shell/dist-server/shell/server/main.js')) || !fs.existsSync(path.join(root, 'shell/dist-server/ssr/shell.cjs'))) {
    run('pnpm', ['--filter', '@bozor/shell', 'build']);
  }
  for (const name of REMOTES) {
    if (rebuild || !fs.existsSync(path.join(root, `mf-${name}/dist/${version(`mf-${name}`)}/mf-manifest.json`)) || (name === 'catalog' && !fs.existsSync(path.join(root, `mf-catalog/dist/${version('mf-catalog')}/ssr/catalog.cjs`)))) {
      run('pnpm', ['--filter', `@bozor/mf-${name}`, 'build']);
    }
  }
}

// 2. remotes.json: a file in DATA_DIR, written once; edit it to roll a remote forward or back
const remotesFile = path.resolve(process.env.REMOTES_FILE ?? path.join(dataDir, 'remotes.json'));
if (!dev && !fs.existsSync(remotesFile)) {
  const config = Object.fromEntries(REMOTES.map((n) => [n, `/remotes/${n}/${version(`mf-${n}`)}/mf-manifest.json`]));
  fs.writeFileSync(remotesFile, JSON.stringify(config, null, 2) + '\n');
}

// 3. processes
const children = [];
// Each child gets its own process group, and a signal goes to the whole group: `pnpm … dev` does not
// pass signals on to the rspack server it runs, so killing only the child would orphan it.
const start = (name, cmd, args, env) => {
  const child = spawn(cmd, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'inherit', detached: true });
  child.on('exit', (code, signal) => {
    if (shuttingDown) return;
    console.error(`[start] ${name} exited (${signal ?? code}); stopping the rest`);
    shutdown('SIGTERM', code ?? 1);
  });
  children.push(child);
  return child;
};
const signalGroup = (child, signal) => {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
};
let shuttingDown = false;
function shutdown(signal, code = 0) {
  if (shuttingDown) return;
  shuttingDown = true;
  for (const c of children) signalGroup(c, signal);
  setTimeout(() => {
    for (const c of children) signalGroup(c, 'SIGKILL');
    process.exit(code);
  }, 8000).unref();
  Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null ? null : new Promise((r) => c.once('exit', r))))).then(() =>
    process.exit(code),
  );
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => shutdown(signal));

start('api', process.execPath, ['api/dist/server.js'], { PORT: String(apiPort), HOST: '127.0.0.1', DATA_DIR: dataDir });
const apiUrl = `http://127.0.0.1:${apiPort}`;

if (dev) {
  for (const name of REMOTES) start(`mf-${name}`, 'pnpm', ['--filter', `@bozor/mf-${name}`, 'dev'], { API_URL: apiUrl });
  start('shell', 'pnpm', ['--filter', '@bozor/shell', 'dev'], { PORT: String(port), API_URL: apiUrl });
} else {
  start('gateway', process.execPath, ['shell/dist-server/shell/server/main.js'], {
    PORT: String(port),
    API_URL: apiUrl,
    PROXY_API: '1',
    SHELL_DIST: path.join(root, 'shell/dist'),
    REMOTES_FILE: remotesFile,
    REMOTE_DIRS: REMOTES.map((n) => `${n}=${path.join(root, `mf-${n}/dist`)}`).join(','),
  });
  console.log(`[start] Bozor on http://localhost:${port} (remotes.json: ${remotesFile})`);
}
