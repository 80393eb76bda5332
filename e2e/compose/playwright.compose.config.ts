// The deploy stories of `pnpm test:compose` (scripts/compose-test.mjs), against the shop composed with
// docker-compose and published on 127.0.0.1 (COMPOSE_BASE_URL). In file order, one worker: the stories
// stop and restart containers of the one running shop. Debian's Chromium only.
import { defineConfig } from '@playwright/test';
import { CHROMIUM_USE } from '../playwright.config';

export default defineConfig({
  testDir: '.',
  testMatch: /\d\d-.*\.spec\.ts$/,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 180_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: CHROMIUM_USE,
});
