// Playwright against the composed shop, started by global-setup on free ports with a throwaway
// DATA_DIR. Debian's Chromium only (never a downloaded browser); one worker — the tests edit the
// shared remotes.json and stop remotes, and the machine has 2 cores.
import { defineConfig } from '@playwright/test';

export const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic'];

/** Debian's Chromium, never a downloaded one; the compose stories use the same (compose/playwright.compose.config.ts). */
export const CHROMIUM_USE = {
  browserName: 'chromium',
  launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
  // The service worker would answer from its caches; only the service-worker test allows it.
  serviceWorkers: 'block',
  trace: 'off',
} as const;

export default defineConfig({
  testDir: './tests',
  globalSetup: './support/global-setup.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: CHROMIUM_USE,
});
