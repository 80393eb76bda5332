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
};

export default browserJestConfig;
