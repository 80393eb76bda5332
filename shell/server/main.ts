// Entry point: `node shell/dist-server/shell/server/main.js`. Configuration from the environment
// (see config.ts); stops cleanly on SIGINT/SIGTERM.
import { loadConfig } from './config.js';
import { createShellServer } from './app.js';

const config = loadConfig();
const server = createShellServer(config);
server.listen(config.port, config.host, () => {
  process.stdout.write(`shell server on http://${config.host}:${config.port} (api ${config.apiUrl ?? 'none'}${config.proxyApi ? ', proxied' : ''})\n`);
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
    setTimeout(() => process.exit(0), 3000).unref();
  });
}
