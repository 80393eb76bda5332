/** Browser-side unit tests: jsdom + SWC (TypeScript and JSX without a type-check pass). */
import { fileURLToPath } from 'node:url';

export const browserJestConfig = {
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(nanostores|@nanostores))'],
  testMatch: ['**/?(*.)test.ts?(x)'],
  setupFiles: [fileURLToPath(new URL('./jest.setup.ts', import.meta.url))],
  // findBy…/waitFor wait for the state with a limit that does not depend on the machine's speed
  setupFilesAfterEnv: [fileURLToPath(new URL('./jest.wait-for-state.ts', import.meta.url))],
  // a test's own limit sits above several waits in a row on a loaded machine
  testTimeout: 60_000,
};

export default browserJestConfig;
