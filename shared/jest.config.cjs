/** Browser-side unit tests: jsdom + SWC (TypeScript and JSX without a type-check pass). */
module.exports = {
  testEnvironment: 'jsdom',
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }],
  },
  transformIgnorePatterns: ['/node_modules/(?!(\\.pnpm/)?(nanostores|@nanostores))'],
  testMatch: ['**/?(*.)test.ts?(x)'],
  setupFiles: [require.resolve('./jest.setup.cjs')],
};
