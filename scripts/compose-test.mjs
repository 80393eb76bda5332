#!/usr/bin/env node
// `pnpm test:compose`: the shop as containers, exactly as docker-compose.yml composes it, and its deploy
// stories run against it (docs/operations.md "The compose test"). Starts the Docker daemon if it is not
// running, picks the base images (the official ones when they are here or can be pulled, else the local
// stand-ins of ops/local-images/build), builds every image, brings the whole shop up with two API replicas
// behind the gateway published on 127.0.0.1 only, waits for health, runs the specs of e2e/compose/ in
// Chromium, and always tears everything down (containers, networks, volumes). Prints the time of each step
// and the images' sizes.
//   --keep       leave the shop running afterwards (tear it down with `--down`)
//   --down       only tear down what an earlier --keep left
//   --no-build   use the images an earlier run built
// Extra arguments after `--` go to `playwright test`.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const dashDash = args.indexOf('--');
const own = dashDash >= 0 ? args.slice(0, dashDash) : args;
const playwrightArgs = dashDash >= 0 ? args.slice(dashDash + 1) : [];
const PROJECT = process.env.COMPOSE_TEST_PROJECT ?? 'bozortest';
const FILES = ['-f', 'docker-compose.yml', '-f', 'e2e/compose/docker-compose.test.yml'];
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const OFFICIAL = {
  NODE_IMAGE: 'node:20-bookworm-slim',
  NGINX_IMAGE: 'nginx:1.27-alpine',
  POSTGRES_IMAGE: 'postgres:17-alpine',
  REDIS_IMAGE: 'redis:7-alpine',
  // the profiles' images the stories 06 (metrics) and 07 (media in S3) start: docker-compose.yml's defaults
  S3_SERVER_IMAGE: 'minio/minio:RELEASE.2025-04-22T22-12-26Z',
  S3_INIT_IMAGE: 'minio/mc:RELEASE.2025-04-16T18-13-26Z',
  PROMETHEUS_IMAGE: 'prom/prometheus:v3.5.0',
};
// `down` with the profiles on, so what the stories started of them goes too
const PROFILES = ['--profile', 's3', '--profile', 'metrics'];
const times = [];

function log(line) {
  console.log(`[compose-test] ${line}`);
}

/** Runs a command to its end; throws on a non-zero exit unless `allowFail`. */
function run(cmd, cmdArgs, { env = process.env, allowFail = false, quiet = false, input } = {}) {
  const r = spawnSync(cmd, cmdArgs, { cwd: root, env, stdio: quiet ? 'pipe' : ['pipe', 'inherit', 'inherit'], encoding: 'utf8', input });
  if (r.status !== 0 && !allowFail) throw new Error(`${cmd} ${cmdArgs.join(' ')} exited ${r.status}${quiet ? `: ${r.stderr}` : ''}`);
  return r;
}

async function step(name, fn) {
  const started = Date.now();
  log(`${name} …`);
  try {
    return await fn();
  } finally {
    const s = Math.round((Date.now() - started) / 100) / 10;
    times.push([name, s]);
    log(`${name}: ${s} s`);
  }
}

const docker = (a, o) => run('docker', a, { quiet: true, allowFail: true, ...o });

async function ensureDaemon() {
  if (docker(['info']).status === 0) return;
  if (!fs.existsSync('/usr/sbin/dockerd') && spawnSync('sh', ['-c', 'command -v dockerd']).status !== 0) {
    throw new Error('Docker is not installed: apt-get install -y docker.io docker-compose (then run this again)');
  }
  const logFile = path.join(os.tmpdir(), 'bozor-dockerd.log');
  log(`starting dockerd (log: ${logFile})`);
  const child = spawn('dockerd', [], { detached: true, stdio: ['ignore', fs.openSync(logFile, 'a'), fs.openSync(logFile, 'a')] });
  child.unref();
  for (let i = 0; i < 60; i++) {
    await new Promise((r) => setTimeout(r, 1000));
    if (docker(['info']).status === 0) return;
  }
  throw new Error(`dockerd did not answer within 60 s; see ${logFile}`);
}

/** The official base images when present or pullable; else the local stand-ins (built if missing). */
function baseImages() {
  const given = Object.fromEntries(Object.keys(OFFICIAL).filter((k) => process.env[k]).map((k) => [k, process.env[k]]));
  if (Object.keys(given).length === Object.keys(OFFICIAL).length) return given;
  const official = Object.values(OFFICIAL).every((image) => docker(['image', 'inspect', image]).status === 0 || run('timeout', ['120', 'docker', 'pull', image], { quiet: true, allowFail: true }).status === 0);
  if (official) return { ...OFFICIAL, ...given };
  log('the official base images cannot be had here: using the local stand-ins (ops/local-images/build)');
  run('bash', ['ops/local-images/build']);
  const env = Object.fromEntries(
    fs
      .readFileSync(path.join(root, 'ops/local-images/images.env'), 'utf8')
      .split('\n')
      .filter((l) => /^[A-Z][A-Z0-9_]*=/.test(l))
      .map((l) => l.split('=', 2)),
  );
  return { ...env, ...given };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

async function waitHealthy(base, env) {
  const deadline = Date.now() + 300_000;
  let last = '';
  while (Date.now() < deadline) {
    const ps = run('docker-compose', ['-p', PROJECT, ...FILES, 'ps'], { env, quiet: true, allowFail: true }).stdout ?? '';
    const starting = ps.split('\n').filter((l) => /\(health: starting\)|\(unhealthy\)|Restarting|Exit/.test(l));
    try {
      const r = await fetch(`${base}/readyz`, { signal: AbortSignal.timeout(3000) });
      const page = await fetch(`${base}/uz`, { signal: AbortSignal.timeout(10_000) });
      if (r.ok && page.ok && starting.length === 0) return;
      last = `readyz ${r.status}, /uz ${page.status}; ${starting.join(' | ')}`;
    } catch (err) {
      last = String(err);
    }
    await new Promise((r) => setTimeout(r, 3000));
  }
  run('docker-compose', ['-p', PROJECT, ...FILES, 'ps'], { env, allowFail: true });
  run('docker-compose', ['-p', PROJECT, ...FILES, 'logs', '--tail=40'], { env, allowFail: true });
  throw new Error(`the shop did not become healthy within 300 s: ${last}`);
}

function imageSizes() {
  const r = docker(['images', '--format', '{{.Repository}}:{{.Tag}} {{.Size}}']);
  return (r.stdout ?? '').split('\n').filter((l) => l.startsWith(`${PROJECT}_`) || l.startsWith('bozor'));
}

/** Nothing of the project is left: containers, networks, volumes. */
function leftovers() {
  const containers = docker(['ps', '-aq', '--filter', `label=com.docker.compose.project=${PROJECT}`]).stdout?.trim() ?? '';
  const networks = docker(['network', 'ls', '-q', '--filter', `label=com.docker.compose.project=${PROJECT}`]).stdout?.trim() ?? '';
  const volumes = docker(['volume', 'ls', '-q', '--filter', `label=com.docker.compose.project=${PROJECT}`]).stdout?.trim() ?? '';
  return [containers && `containers: ${containers.split('\n').length}`, networks && `networks: ${networks.split('\n').length}`, volumes && `volumes: ${volumes.split('\n').length}`].filter(Boolean);
}

async function main() {
  const keep = own.includes('--keep');
  const build = !own.includes('--no-build');
  await step('docker daemon', ensureDaemon);
  const images = await step('base images', () => baseImages());
  const port = Number(process.env.COMPOSE_TEST_PORT) || (await freePort());
  // Prometheus (story 06) on 127.0.0.1 too; MinIO's console (story 07) likewise, on a free port of its own
  const prometheusPort = Number(process.env.PROMETHEUS_PUBLISH) || (await freePort());
  const minioConsolePort = Number(process.env.MINIO_CONSOLE_PUBLISH) || (await freePort());
  // the shell's remotes.json: a copy the remote-deploy story edits, never the repository's own file
  const remotes = path.join(os.tmpdir(), `${PROJECT}-remotes.json`);
  if (!fs.existsSync(remotes) || !own.includes('--no-build')) fs.copyFileSync(path.join(root, 'gateway/remotes.json'), remotes);
  const env = {
    ...process.env,
    ...images,
    GATEWAY_PUBLISH: `127.0.0.1:${port}`,
    PROMETHEUS_PUBLISH: String(prometheusPort),
    MINIO_CONSOLE_PUBLISH: String(minioConsolePort),
    COMPOSE_PROJECT_NAME: PROJECT,
    COMPOSE_HTTP_TIMEOUT: '300',
    COMPOSE_TEST_REMOTES: remotes,
    // the replica story places 20 cash orders for one shopper at once
    ORDER_OPEN_UNPAID_MAX: process.env.ORDER_OPEN_UNPAID_MAX ?? '100',
  };
  const compose = (a, o = {}) => run('docker-compose', ['-p', PROJECT, ...FILES, ...a], { env, ...o });
  if (own.includes('--down')) {
    compose([...PROFILES, 'down', '-v', '--remove-orphans'], { allowFail: true });
    return 0;
  }
  const base = `http://127.0.0.1:${port}`;
  let status = 1;
  try {
    if (build) await step('build the images', () => compose(['build']));
    await step('start the shop (2 API replicas)', () => compose(['up', '-d', '--scale', 'api=2']));
    await step('wait for health', () => waitHealthy(base, env));
    if (!fs.existsSync(CHROMIUM)) throw new Error(`Chromium not found at ${CHROMIUM}: apt-get install -y chromium`);
    status = await step('the deploy stories (e2e/compose)', () => {
      const r = run('pnpm', ['--filter', '@bozor/e2e', 'exec', 'playwright', 'test', '-c', 'compose/playwright.compose.config.ts', ...playwrightArgs], {
        env: { ...env, COMPOSE_BASE_URL: base, COMPOSE_TEST_PROJECT: PROJECT, COMPOSE_REPO_ROOT: root, CHROMIUM_PATH: CHROMIUM, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
        allowFail: true,
      });
      return r.status ?? 1;
    });
  } finally {
    if (keep && status === 0) {
      log(`left running on ${base} (tear down: node scripts/compose-test.mjs --down)`);
    } else {
      await step('tear down', () => compose([...PROFILES, 'down', '-v', '--remove-orphans', '--timeout', '20'], { allowFail: true }));
      const left = leftovers();
      if (left.length > 0) {
        log(`left behind: ${left.join(', ')}`);
        status = 1;
      } else log('nothing left running');
    }
    log('times:');
    for (const [name, s] of times) log(`  ${name}: ${s} s`);
    log('image sizes:');
    for (const line of imageSizes()) log(`  ${line}`);
  }
  return status;
}

main().then(
  (status) => process.exit(status),
  (err) => {
    console.error(`[compose-test] ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
