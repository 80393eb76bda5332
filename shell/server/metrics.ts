// The shell server's Prometheus metrics (docs/operations.md "Metrics"), served by main.ts on METRICS_PORT
// (127.0.0.1 by default) — never on the public port, where /metrics is just an unknown page.
// Labels hold bounded values only: a route kind or page name, never the address a client asked for.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

/** The remotes a failure may be reported for; anything else a browser sends counts as "unknown". */
const REMOTES = ['catalog', 'cart', 'checkout', 'account'];
/** The kinds of client error shell/src/report.ts sends; anything else counts as "other". */
const CLIENT_ERROR_KINDS = ['remote-load', 'remote-render', 'remotes-json', 'app-render', 'sw-register', 'hydration'];

export function createShellMetrics() {
  const registry = new Registry();
  return {
    registry,
    httpDuration: new Histogram({
      name: 'bozor_shell_http_request_duration_seconds',
      help: 'Shell server requests: time to answer, per route (page name or kind of file), method and status code.',
      labelNames: ['method', 'route', 'status_code'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    ssrDuration: new Histogram({
      name: 'bozor_shell_ssr_render_duration_seconds',
      help: 'Server rendering of catalogue pages: time per page, rendered or left to the browser (fallback).',
      labelNames: ['outcome'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [registry],
    }),
    remoteLoadFailures: new Counter({
      name: 'bozor_shell_remote_load_failures_total',
      help: "Remote bundles that did not load: in a shopper's browser (reported to /_client-log) or for server rendering.",
      labelNames: ['remote', 'side'] as const,
      registers: [registry],
    }),
    clientErrors: new Counter({
      name: 'bozor_shell_client_errors_total',
      help: 'Errors browsers reported to /_client-log, by kind.',
      labelNames: ['kind'] as const,
      registers: [registry],
    }),
    /** Process metrics (CPU, memory, event loop, GC) of a serving process. */
    collectProcessMetrics() {
      collectDefaultMetrics({ register: registry, prefix: 'bozor_shell_' });
    },
  };
}

export type ShellMetrics = ReturnType<typeof createShellMetrics>;

/**
 * Counts one /_client-log report. The body is the browser's (shell/src/report.ts), so nothing of it
 * becomes a label unless it is one of the known values.
 */
export function countClientReport(metrics: ShellMetrics, raw: string): void {
  let report: { kind?: unknown; id?: unknown; remote?: unknown } = {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object') report = parsed as typeof report;
  } catch {
    // not JSON: counted as "other"
  }
  const kind = typeof report.kind === 'string' && CLIENT_ERROR_KINDS.includes(report.kind) ? report.kind : 'other';
  metrics.clientErrors.inc({ kind });
  if (kind === 'remote-load') {
    // the Module Federation id of what failed: "catalog/Routes", "catalog", or the manifest's URL
    const id = typeof report.id === 'string' ? report.id : typeof report.remote === 'string' ? report.remote : '';
    const remote = REMOTES.find((r) => id === r || id.startsWith(`${r}/`) || id.includes(`/remotes/${r}/`)) ?? 'unknown';
    metrics.remoteLoadFailures.inc({ remote, side: 'browser' });
  }
}

/**
 * GET /metrics on its own listener; anything else 404. The API serves its registry with the same
 * listener (`@bozor/shared-runtime/metrics-server`).
 */
export { serveMetrics } from '@bozor/shared-runtime/metrics-server';
