/** Unit tests of the back office: jsdom + SWC, the same set-up as the shop's remotes. */
import { browserJestConfig } from '../shared/jest.config.mjs';

export default {
  ...browserJestConfig,
  // findBy…/waitFor wait for the state with a limit that does not depend on the machine's speed (test/setup.ts)
  setupFilesAfterEnv: ['<rootDir>/test/setup.ts'],
  // a test's own limit sits above several waits in a row on a loaded machine
  testTimeout: 60_000,
};
