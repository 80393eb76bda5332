// The shell's Node server: the built shell with a per-route <head> and the right status, sitemap.xml,
// robots.txt and /remotes.json — plus, when configured (the `pnpm start` gateway), the remotes' builds
// under /remotes/<name>/ and a proxy to the API. Its routes are a table (routes/table.ts).
import http from 'node:http';
import { KEEP_ALIVE_MARGIN_S, type ShellServerConfig } from './config.js';
import { createShellContext, type ShellServerDeps } from './context.js';
import { dispatch, type Seen } from './routes/route.js';
import { shellRoutes } from './routes/table.js';

export type { ShellServerDeps } from './context.js';

export function createShellServer(config: ShellServerConfig, deps: ShellServerDeps = {}): http.Server {
  const ctx = createShellContext(config, deps);
  const routes = shellRoutes(ctx);
  const server = http.createServer((req, res) => {
    // This server's own keep-alive time, advertised shorter than it is kept (config.ts KEEP_ALIVE_S); the
    // API's is never passed on (proxy.ts).
    if (res.shouldKeepAlive) res.setHeader('Keep-Alive', `timeout=${config.keepAliveS - KEEP_ALIVE_MARGIN_S}`);
    const seen: Seen = { route: 'other' };
    const endRequest = ctx.metrics.httpDuration.startTimer();
    res.once('close', () => endRequest({ method: req.method ?? 'GET', route: seen.route, status_code: String(res.statusCode) }));
    (async () => dispatch(routes, { req, res, url: new URL(req.url ?? '/', 'http://x'), method: req.method ?? 'GET', seen }))().catch((err: unknown) => {
      // A malformed %-escape is the request's fault, wherever it was decoded.
      const bad = err instanceof URIError;
      if (!bad) ctx.log(`shell-server error ${req.method} ${req.url}: ${err instanceof Error ? err.message : String(err)}`);
      if (!res.headersSent) res.writeHead(bad ? 400 : 500, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(bad ? 'Bad Request' : 'Internal Server Error');
    });
  });
  // Node closed idle connections after 5 s while the proxies in front pool them for 60 s: a request sent on a
  // connection just being closed failed ("other side closed"). headersTimeout (60 s) needs no change: it does
  // not cut a connection waiting idle between requests (Node 20: a 1 s headersTimeout, idle 2.5 s, kept).
  server.keepAliveTimeout = config.keepAliveS * 1000;
  return server;
}
