/** Shell tests: jsdom + SWC for the browser code; server tests choose the node environment per file. */
import { browserJestConfig } from '../shared/jest.config.mjs';

export default {
  ...browserJestConfig,
  testMatch: ['<rootDir>/test/**/*.test.ts?(x)', '<rootDir>/server/**/*.test.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
};
