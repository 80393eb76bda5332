#!/usr/bin/env node
// Runs the Playwright suite (e2e/) against the composed shop, in Debian's Chromium at /usr/bin/chromium
// — never a downloaded browser. `--if-chromium`: skip (exit 0, with a clear line) when it is missing;
// without it a missing Chromium is a failure. Extra arguments go to `playwright test`.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const args = process.argv.slice(2);
const ifChromium = args.includes('--if-chromium');
const rest = args.filter((a) => a !== '--if-chromium');

if (!fs.existsSync(CHROMIUM)) {
  if (ifChromium) {
    console.log(`e2e: SKIPPED — no Chromium at ${CHROMIUM} (install Debian's chromium, or run \`pnpm test:e2e\` where it exists)`);
    process.exit(0);
  }
  console.error(`e2e: Chromium not found at ${CHROMIUM}; install Debian's chromium package (never \`playwright install\`)`);
  process.exit(1);
}

const r = spawnSync('pnpm', ['--filter', '@bozor/e2e', 'exec', 'playwright', 'test', ...rest], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: CHROMIUM, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
});
process.exit(r.status ?? 1);
