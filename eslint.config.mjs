// Lint for every workspace: type-aware rules catch the two bugs that hurt a shop most —
// promises nobody awaits and switches that forget a new status.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import bozor from './eslint/module-face.mjs';

/**
 * Module boundaries of the API (docs/architecture.md "Data and search"): a module reads and writes
 * another module's tables only through that module's service — never through its repository, and
 * no module takes code from the seed. There are no exceptions: what must happen inside the caller's
 * transaction goes through a transaction-scoped method of the owning service (`orders.forTx(tx)`).
 */
const moduleBoundaries = {
  files: ['api/src/modules/**/*.ts'],
  // a module's `*.seed.ts` writes the seed's data into its own tables: reading the seed is its job
  ignores: ['**/*.seed.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['../*/*.repository.js', '../*/*.repository'],
            message: "Another module's tables are reached through its service (docs/architecture.md, \"Modules own their tables\").",
          },
          { group: ['../../seed/*', '../../seed/**'], message: 'The seed is a command, not a library: move what a module needs into the module.' },
        ],
      },
    ],
    // the input guard never sees a multipart body: its parts are checked where they are read
    'no-restricted-syntax': [
      'error',
      {
        selector: "CallExpression[callee.object.name='request'][callee.property.name=/^(parts|file|files|saveRequestFiles|formData)$/]",
        message: 'Read multipart through checkedParts (http/hardening.ts): it holds field and file names and text to the input guard.',
      },
    ],
  },
};

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
  moduleBoundaries,
  {
    // one face per module: the rest of the API imports a module through its index.ts only; a module's
    // schema file may name another's tables (its foreign keys)
    files: ['api/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    plugins: { bozor },
    rules: { 'bozor/module-face': 'error' },
  },
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
    // browser tests type key by key (e2e/support/keyboard.ts): fill() sets a value in one go and hides
    // what the masks and the form do to each key
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='fill'][arguments.length>=1]",
          message: 'Type into fields with typeInto / typeDateTimeInto (e2e/support/keyboard.ts), not fill().',
        },
      ],
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
