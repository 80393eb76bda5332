import fs from 'node:fs';
import type http from 'node:http';
import { type AddressInfo } from 'node:net';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DatabaseInUseError } from './db/client.js';
import { removeOpsFile, writeOpsFile } from './cli/ops-client.js';
import { serveMetrics } from './lib/metrics.js';
import { seedDatabase } from './seed/index.js';

/** Entry point: validate config, build, migrate, seed an empty database, listen, shut down gracefully. */
async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  fs.mkdirSync(config.mediaDir, { recursive: true });

  const app = await buildApp(config);
  // The media store (disk or bucket) must answer before the shop does: a missing bucket, refused
  // credentials or an unreachable endpoint stop the start here with the cause, not at the first upload.
  try {
    await app.providers.media.check();
  } catch (err) {
    process.stderr.write(`Bozor API failed to start: media storage (MEDIA_STORAGE=${config.media.storage}): ${err instanceof Error ? err.message : String(err)}\n`);
    await app.close();
    process.exit(1);
  }
  if (config.seed === 'demo') await seedDatabase(app);
  const address = await app.listen({ port: config.port, host: config.host });
  // For `pnpm staff:add` / `pnpm order:status` on this machine: they reach the API over loopback.
  const port = new URL(address).port;
  writeOpsFile(config.dataDir, { url: `http://127.0.0.1:${port}`, secret: app.opsSecret, pid: process.pid });
  // Prometheus: its own listener (METRICS_HOST, 127.0.0.1 by default), never the public port.
  let metricsServer: http.Server | undefined;
  if (config.metrics) {
    app.metrics.collectProcessMetrics();
    metricsServer = serveMetrics(app.metrics.registry);
    const { port: metricsPort, host: metricsHost } = config.metrics;
    await new Promise<void>((resolve, reject) => {
      metricsServer?.once('error', reject);
      metricsServer?.listen(metricsPort, metricsHost, resolve);
    });
    const bound = metricsServer.address() as AddressInfo;
    app.log.info(`metrics on http://${metricsHost}:${bound.port}/metrics`);
  }

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: finishing in-flight requests');
    const force = setTimeout(() => {
      app.log.error('shutdown took longer than 20 s; exiting');
      process.exit(1);
    }, 20_000);
    force.unref();
    removeOpsFile(config.dataDir, process.pid);
    metricsServer?.close();
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error({ err }, 'error while closing');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((err: unknown) => {
  // a cause the operator acts on is said as it is; anything else with its stack
  const said = err instanceof DatabaseInUseError ? err.message : err instanceof Error ? (err.stack ?? err.message) : String(err);
  process.stderr.write(`Bozor API failed to start: ${said}\n`);
  process.exit(1);
});
