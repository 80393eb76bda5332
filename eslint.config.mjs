// Lint for every workspace: type-aware rules catch the two bugs that hurt a shop most —
// promises nobody awaits and switches that forget a new status.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import fs from 'node:fs';

/**
 * Module boundaries of the API (docs/architecture.md "Data and search"): a module reads and writes
 * another module's tables only through that module's service — never through its repository, and
 * no module takes code from the seed. The repositories one module still uses of another are listed
 * here, each with its reason; a new one fails lint until it is either moved behind a service or
 * argued for here.
 */
const REPOSITORY_FRIENDS = {
  // the product page's per-store availability reads variants' stock and the stores, read-only
  availability: ['catalog/catalog.repository.js', 'content/content.repository.js'],
  // payments settle orders: the order row and its payment move in the provider's transaction
  'checkout-payments': ['orders/orders.repository.js', 'auth/customer.repository.js'],
  // an order takes the customer's name and the store of a pickup in its own transaction
  orders: ['auth/customer.repository.js', 'content/content.repository.js'],
};
const apiModules = fs.readdirSync(new URL('./api/src/modules', import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const moduleBoundaries = apiModules.map((name) => ({
  files: [`api/src/modules/${name}/**/*.ts`],
  // a module's `*.seed.ts` writes the seed's data into its own tables: reading the seed is its job
  ignores: ['**/*.seed.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['../*/*.repository.js', '../*/*.repository', ...(REPOSITORY_FRIENDS[name] ?? []).map((f) => `!../${f}`)],
            message: "Another module's tables are reached through its service (see REPOSITORY_FRIENDS in eslint.config.mjs).",
          },
          { group: ['../../seed/*', '../../seed/**'], message: 'The seed is a command, not a library: move what a module needs into the module.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-server/**', '**/node_modules/**', '**/coverage/**', '**/drizzle/**', 'data/**', '**/@mf-types/**', '**/test-results/**', 'bench/out/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts', '**/*.tsx'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  ...moduleBoundaries,
  {
    // the rules of hooks, and effects that name what they read (the React Compiler's rules are left out:
    // nothing here is compiled by it)
    files: ['**/*.tsx', '**/use*.ts', '**/hooks/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js', '**/*.cjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // scripts the browser runs as they are (no build step)
    files: ['shell/public/**/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
);
