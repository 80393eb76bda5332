// The processes a load run starts (bench/load.mjs): API replicas from api/dist, and Debian's nginx with the
// repository's own gateway config in front of them.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { NGINX, root } from './common.mjs';

export function startNginx(dir, apiPorts, gatewayPort) {
  fs.mkdirSync(dir, { recursive: true });
  const unused = '127.0.0.1:9'; // the shell, remotes and back office: not part of this bench
  const vars = {
    GATEWAY_PORT: `127.0.0.1:${gatewayPort}`,
    // `server A; server B; server C` inside the template's one `server ${API_UPSTREAM};`
    API_UPSTREAM: apiPorts.map((p) => `127.0.0.1:${p}`).join('; server '),
    SHELL_UPSTREAM: unused,
    CATALOG_UPSTREAM: unused,
    CART_UPSTREAM: unused,
    CHECKOUT_UPSTREAM: unused,
    ACCOUNT_UPSTREAM: unused,
    ADMIN_UPSTREAM: unused,
    CATALOG_API_KEY: '',
  };
  const template = fs.readFileSync(path.join(root, 'gateway/default.conf.template'), 'utf8');
  fs.writeFileSync(path.join(dir, 'gateway.conf'), template.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (whole, name) => vars[name] ?? whole));
  fs.writeFileSync(
    path.join(dir, 'nginx.conf'),
    `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log error;
events { worker_connections 4096; }
http {
  include /etc/nginx/mime.types;
  access_log off;
  client_body_temp_path ${dir}/body; proxy_temp_path ${dir}/proxy; fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi; scgi_temp_path ${dir}/scgi;
  include ${dir}/gateway.conf;
}
`,
  );
  return spawn(NGINX, ['-p', dir, '-c', path.join(dir, 'nginx.conf')], { stdio: ['ignore', 'ignore', 'inherit'] });
}

export function startReplica(env, port, dataDir) {
  return spawn(process.execPath, ['api/dist/server.js'], {
    cwd: root,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SEED: 'demo',
      METRICS_PORT: '',
      SMS_PROVIDER: 'log',
      PAYMENT_PROVIDER: 'sandbox',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export const stopProc = (child, signal = 'SIGTERM') =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => (child.once('exit', r), child.kill(signal)));
