// The shell server's configuration, parsed once from the environment (modules never read process.env).
import type net from 'node:net';
import path from 'node:path';
import { parseTrustedProxies } from './forwarded.js';
import { defaultShellBundle } from './ssr.js';

export interface ShellServerConfig {
  port: number;
  host: string;
  /** The built shell (index.html, assets, sw.js). */
  distDir: string;
  /** Base URL of the API for the server's own <head>/sitemap reads, e.g. http://127.0.0.1:3001. */
  apiUrl: string | null;
  /** Also proxy /api, /backend, /media, /healthz, /readyz to apiUrl (the one-process gateway of `pnpm start`). */
  proxyApi: boolean;
  /** Added as X-API-KEY to catalogue requests (/backend/api/ext/v1/resources/), so the browser never holds it. */
  catalogApiKey: string | null;
  /**
   * TRUST_PROXY: the proxies in front of this server (addresses, CIDRs, `loopback`, `private`) whose
   * X-Forwarded-For/-Proto/-Host are believed. Default none: the socket's address is the client.
   */
  trustedProxies: net.BlockList;
  /**
   * PUBLIC_URL: the public origin for canonical URLs, hreflang and the sitemap. Unset: a TRUST_PROXY
   * proxy's X-Forwarded-Proto/-Host, else the address this server listens on (never a client's Host).
   */
  publicUrl: string | null;
  /** Remote builds served under /remotes/<name>/… (name → folder holding <version>/ folders). */
  remoteDirs: Record<string, string>;
  /** A remotes.json file read on every request (edit it to roll a remote forward or back). */
  remotesFile: string | null;
  /** remotes.json given inline. */
  remotesJson: string | null;
  /** Per-remote manifest URL overrides (REMOTE_CATALOG_URL …). */
  remoteUrls: Record<string, string>;
  /**
   * YANDEX_MAPS_API_KEY: the Yandex Maps browser key. It is public by nature (the browser loads the
   * script with it), so the server writes it into each page; the CSP allows Yandex's hosts only when set.
   */
  yandexMapsApiKey: string | null;
  /**
   * The shell's server bundle for server rendering (dist-server/ssr/shell.cjs); null when SSR=off.
   * Catalogue pages are rendered on the server when it and the catalog remote's server bundle load.
   */
  ssrBundle: string | null;
  /**
   * REMOTES_ORIGIN: where the server fetches a remote's server bundle when remotes.json gives a relative
   * URL and the remote's build is not on this machine (in docker-compose: the gateway, http://gateway).
   */
  remotesOrigin: string | null;
  /**
   * ADMIN_DIST: the back office's build (admin/dist), served under /admin/ (the `pnpm start` gateway).
   * Unset in docker-compose, where nginx sends /admin/ to the admin image.
   */
  adminDir: string | null;
  /**
   * METRICS_PORT / METRICS_HOST: Prometheus metrics (GET /metrics) on their own listener, 127.0.0.1 by
   * default — never on PORT. Unset: not served.
   */
  metrics: { port: number; host: string } | null;
  /**
   * KEEP_ALIVE_S: how long an idle client connection is kept (default 75). It must outlast the idle time of
   * whatever pools connections to this server — nginx's upstream keepalive_timeout (60 s), an AWS load
   * balancer's idle timeout (60 s); behind Google Cloud's load balancer (600 s) set 620. Responses advertise
   * 5 s less (`Keep-Alive: timeout=`), so a client that trusts the header never sends on a closing connection.
   */
  keepAliveS: number;
}

/** How much less than it keeps an idle connection the server advertises. */
export const KEEP_ALIVE_MARGIN_S = 5;

const REMOTES = ['catalog', 'cart', 'checkout', 'account'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): ShellServerConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port <= 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  let metrics: ShellServerConfig['metrics'] = null;
  if (env.METRICS_PORT) {
    const metricsPort = Number(env.METRICS_PORT);
    if (!Number.isInteger(metricsPort) || metricsPort < 0 || metricsPort > 65535) throw new Error(`METRICS_PORT must be a port number, got "${env.METRICS_PORT}"`);
    if (metricsPort !== 0 && metricsPort === port) throw new Error('METRICS_PORT must differ from PORT: metrics are never served on the public port');
    metrics = { port: metricsPort, host: env.METRICS_HOST || '127.0.0.1' };
  }
  const keepAliveS = Number(env.KEEP_ALIVE_S || 75);
  if (!Number.isInteger(keepAliveS) || keepAliveS < KEEP_ALIVE_MARGIN_S + 2 || keepAliveS > 3600) {
    throw new Error(`KEEP_ALIVE_S must be whole seconds from ${KEEP_ALIVE_MARGIN_S + 2} to 3600, got "${env.KEEP_ALIVE_S}"`);
  }
  const remoteDirs: Record<string, string> = {};
  for (const pair of (env.REMOTE_DIRS ?? '').split(',').filter(Boolean)) {
    const [name, dir] = pair.split('=');
    if (!name || !dir || !REMOTES.includes(name)) throw new Error(`REMOTE_DIRS entry "${pair}" must be <remote>=<folder>`);
    remoteDirs[name] = path.resolve(dir);
  }
  const remoteUrls: Record<string, string> = {};
  for (const name of REMOTES) {
    const url = env[`REMOTE_${name.toUpperCase()}_URL`];
    if (url) remoteUrls[name] = url;
  }
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    distDir: path.resolve(env.SHELL_DIST ?? path.join(import.meta.dirname, '..', '..', '..', 'dist')),
    apiUrl: env.API_URL ? env.API_URL.replace(/\/$/, '') : null,
    proxyApi: env.PROXY_API === '1' || env.PROXY_API === 'true',
    catalogApiKey: env.CATALOG_API_KEY || null,
    trustedProxies: parseTrustedProxies(env.TRUST_PROXY ?? ''),
    publicUrl: env.PUBLIC_URL ? env.PUBLIC_URL.replace(/\/$/, '') : null,
    remoteDirs,
    remotesFile: env.REMOTES_FILE ? path.resolve(env.REMOTES_FILE) : null,
    remotesJson: env.REMOTES_JSON || null,
    remoteUrls,
    yandexMapsApiKey: env.YANDEX_MAPS_API_KEY?.trim() || null,
    ssrBundle: env.SSR === 'off' ? null : path.resolve(env.SSR_BUNDLE ?? defaultShellBundle),
    remotesOrigin: env.REMOTES_ORIGIN ? env.REMOTES_ORIGIN.replace(/\/$/, '') : null,
    adminDir: env.ADMIN_DIST ? path.resolve(env.ADMIN_DIST) : null,
    metrics,
    keepAliveS,
  };
}
