#!/usr/bin/env node
// `pnpm bench <name>`: runs one benchmark (catalog, checkout, web, load, import) or all of them in turn.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const BENCHES = { catalog: 'catalog.mjs', checkout: 'checkout.mjs', web: 'web.mjs', load: 'load.mjs', import: 'import.mjs' };
const [name, ...rest] = process.argv.slice(2);
const names = name ? [name] : Object.keys(BENCHES);
for (const n of names) {
  const file = BENCHES[n];
  if (!file) {
    process.stderr.write(`unknown benchmark ${n}; choose one of: ${Object.keys(BENCHES).join(', ')}\n`);
    process.exit(2);
  }
  const result = spawnSync(process.execPath, [path.join(here, file), ...rest], { stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
