/**
 * ESM TypeScript through @swc/jest; PGlite is ESM with dynamic imports, hence --experimental-vm-modules.
 * A few CommonJS dependencies of Fastify now require ESM-only packages (cookie, content-disposition, htmlparser2 and its DOM packages),
 * which Node 20 loads natively but jest cannot: those are compiled to CommonJS here.
 */
const ESM_ONLY = ['cookie', 'content-disposition', 'htmlparser2', 'domhandler', 'domutils', 'dom-serializer', 'domelementtype', 'entities'];

export default {
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  transform: {
    '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' } }],
    '^.+/node_modules/.+\\.js$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
  },
  transformIgnorePatterns: [`/node_modules/\\.pnpm/(?!(${ESM_ONLY.join('|')})@)`],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  testMatch: ['<rootDir>/src/**/*.test.ts', '<rootDir>/test/**/*.test.ts'],
  testTimeout: 30000,
  maxWorkers: 2,
};
