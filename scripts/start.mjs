#!/usr/bin/env node
// `pnpm start`: build what is missing, then serve the shop on PORT (default 3000).
// For now this starts the API alone; the gateway (shell + remotes) joins it with the platform issue.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const run = (cmd, args) => {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
};

if (!fs.existsSync(path.join(root, 'api/dist/server.js')) || process.argv.includes('--rebuild')) {
  run('pnpm', ['--filter', '@bozor/api', 'build']);
}

const env = { ...process.env, DATA_DIR: path.resolve(root, process.env.DATA_DIR ?? 'data') };
const api = spawn(process.execPath, ['api/dist/server.js'], { cwd: root, env, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => api.kill(signal));
api.on('exit', (code) => process.exit(code ?? 0));
