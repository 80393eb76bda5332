// What every route of the shell server works with: its configuration, its collaborators (each may be
// swapped by a test through ShellServerDeps) and the two answers several routes need — the shop's
// origin for links and this request's remotes.json.
import type http from 'node:http';
import { readFile } from 'node:fs/promises';
import type { ShellServerConfig } from './config.js';
import { createCatalogueReader, type CatalogueReader } from './catalogue.js';
import { forwardedOf } from './forwarded.js';
import { createShellMetrics, type ShellMetrics } from './metrics.js';
import { createPreloader, type Preloader } from './preload.js';
import { createSsr, type Ssr } from './ssr.js';

export interface ShellServerDeps {
  reader?: CatalogueReader;
  preloader?: Preloader;
  ssr?: Ssr;
  log?: (line: string) => void;
  /** Prometheus metrics (metrics.ts); main.ts serves them on METRICS_PORT. */
  metrics?: ShellMetrics;
}

export interface ShellContext {
  config: ShellServerConfig;
  reader: CatalogueReader;
  preloader: Preloader;
  ssr: Ssr;
  log: (line: string) => void;
  metrics: ShellMetrics;
  /**
   * The shop's origin for canonical links, hreflang, Open Graph, sitemap.xml and robots.txt: PUBLIC_URL;
   * else what a TRUST_PROXY proxy says (X-Forwarded-Proto/-Host); else the address this server listens on.
   * Never the Host a client wrote (forwarded.ts): sitemap.xml is cached publicly.
   */
  originOf(req: http.IncomingMessage): string;
  /** remotes.json: the file (read fresh every time), else the inline JSON, then per-remote overrides. */
  remotesConfig(): Promise<Record<string, string>>;
}

/** The context of one server: the given collaborators, the real ones for the rest. */
export function createShellContext(config: ShellServerConfig, deps: ShellServerDeps = {}): ShellContext {
  const log = deps.log ?? ((line: string) => process.stdout.write(line + '\n'));
  const metrics = deps.metrics ?? createShellMetrics();
  const ssr =
    deps.ssr ??
    createSsr({
      shellBundle: config.ssrBundle,
      remoteDirs: config.remoteDirs,
      remotesOrigin: config.remotesOrigin,
      log,
      onRemoteLoadFailure: (remote) => metrics.remoteLoadFailures.inc({ remote, side: 'server' }),
    });
  return {
    config,
    reader: deps.reader ?? createCatalogueReader(config),
    preloader: deps.preloader ?? createPreloader(config),
    ssr,
    log,
    metrics,
    originOf(req) {
      if (config.publicUrl) return config.publicUrl;
      const { proto, host } = forwardedOf(req, config.trustedProxies, config.host);
      return `${proto}://${host}`;
    },
    async remotesConfig() {
      let base: Record<string, string> = {};
      if (config.remotesFile) base = JSON.parse(await readFile(config.remotesFile, 'utf8')) as Record<string, string>;
      else if (config.remotesJson) base = JSON.parse(config.remotesJson) as Record<string, string>;
      return { ...base, ...config.remoteUrls };
    },
  };
}
