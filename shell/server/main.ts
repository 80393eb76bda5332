// Entry point: `node shell/dist-server/shell/server/main.js`. Configuration from the environment
// (see config.ts); stops cleanly on SIGINT/SIGTERM.
import net from 'node:net';
import { loadConfig } from './config.js';
import { createShellServer } from './app.js';
import { createShellMetrics, serveMetrics } from './metrics.js';

const config = loadConfig();
const metrics = createShellMetrics();
const server = createShellServer(config, { metrics });
server.listen(config.port, config.host, () => {
  process.stdout.write(`shell server on http://${config.host}:${config.port} (api ${config.apiUrl ?? 'none'}${config.proxyApi ? ', proxied' : ''})\n`);
});
// Prometheus: its own listener (METRICS_HOST, 127.0.0.1 by default), never the public port.
const metricsServer = config.metrics ? serveMetrics(metrics.registry) : null;
if (config.metrics && metricsServer) {
  metrics.collectProcessMetrics();
  const { host } = config.metrics;
  metricsServer.listen(config.metrics.port, host, () => {
    const { port } = metricsServer.address() as net.AddressInfo;
    process.stdout.write(`shell metrics on http://${host}:${port}/metrics\n`);
  });
}
// Stopping: no new connections; idle keep-alive connections closed (after a second), busy ones once their
// answer is out; at most 20 s, then whatever is left is cut.
let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    // http.Server#close would also close idle connections at once, and a connection accepted just before
    // may not have sent its request yet: it counts as idle, so a request the client did send would be cut.
    // So only the listening socket closes now (net.Server#close), and idle connections after 1 s.
    metricsServer?.close();
    net.Server.prototype.close.call(server, () => process.exit(0));
    setTimeout(() => setInterval(() => server.closeIdleConnections(), 100).unref(), 1000).unref();
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, 20_000).unref();
  });
}
