// Runs Debian's nginx (unprivileged paths, foreground) with the repository's own config files,
// rendered the way the nginx image renders /etc/nginx/templates (envsubst of defined variables).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

/** Replaces ${NAME} for the given names only — nginx's own $variables stay. */
export function renderTemplate(text: string, vars: Record<string, string>): string {
  return text.replace(/\$\{([A-Z_][A-Z0-9_]*)\}/g, (whole, name: string) => (name in vars ? (vars[name] as string) : whole));
}

/** Starts nginx with the given server blocks in a throwaway prefix; resolves once it runs. */
export function startNginx(dir: string, serverBlocks: string[]): ChildProcess {
  fs.mkdirSync(dir, { recursive: true });
  fs.chmodSync(dir, 0o777);
  const confs = serverBlocks.map((block, i) => {
    const file = path.join(dir, `server-${i}.conf`);
    fs.writeFileSync(file, block);
    return `include ${file};`;
  });
  const main = `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 256; }
http {
  include /etc/nginx/mime.types;
  default_type application/octet-stream;
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  ${confs.join('\n  ')}
}
`;
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, main);
  return spawn(NGINX, ['-p', dir, '-c', conf], { stdio: ['ignore', 'ignore', 'inherit'] });
}
