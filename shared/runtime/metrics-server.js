// The Prometheus listener of the API and of the shell server (docs/operations.md "Metrics"), once: plain
// ESM JavaScript so that both run it from their dist without a build step
// (docs/decisions.md "One rule, one copy"). Types: metrics-server.d.ts. It takes any registry with
// `metrics()` and `contentType` (prom-client's Registry), so this package depends on nothing.
import http from 'node:http';

/**
 * A listener for Prometheus only: GET /metrics answers the registry, anything else 404. The caller binds
 * it to METRICS_HOST (127.0.0.1 by default), on its own port, so no gateway route can reach it.
 */
export function serveMetrics(registry) {
  return http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://metrics');
    if (pathname !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not found');
      return;
    }
    registry.metrics().then(
      (body) => {
        res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
        res.end(req.method === 'HEAD' ? undefined : body);
      },
      (err) => {
        res.writeHead(500, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`metrics failed: ${err instanceof Error ? err.message : String(err)}`);
      },
    );
  });
}
