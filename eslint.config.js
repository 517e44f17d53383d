import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The web app's feature folders (web/src/features/<feature>). */
const webFeatures = readdirSync(new URL('./web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * Import boundaries: dependencies point one way, contract → features → app shell.
 *  - contract/ imports nothing of server/ or web/;
 *  - server/ and web/ never import each other;
 *  - a feature never imports another feature's internals (server/features/<a> → server/features/<b>),
 *    except the `public` read queries that the web-serving feature uses for page metadata;
 *  - in the web app, shared code (web/src/lib, web/src/components) imports no feature and no shell; the
 *    shells (web/src/app, web/src/learner) import a feature only through its `routes.ts`;
 *  - no import cycles.
 * `import-x/no-restricted-paths` is one rule: a later block that sets it replaces the zones of an earlier
 * one for its files, so every block below starts from `baseZones`.
 */
const baseZones = [
  { target: './contract', from: './server', message: 'The contract depends on nothing.' },
  { target: './contract', from: './web', message: 'The contract depends on nothing.' },
  { target: './server', from: './web', message: 'The server never imports the web app.' },
  { target: './web', from: './server', message: 'The web app talks to the server over HTTP only.' },
  ...['platform', 'http', 'db'].map((shared) => ({
    target: `./server/${shared}`,
    from: './server/features',
    message: 'Shared server code never imports a feature: features depend on it, not the other way round.',
  })),
];

/** Web code shared by features (lib, components) sits below them: it imports no feature and no shell. */
const webSharedZones = ['./web/src/lib', './web/src/components'].flatMap((target) => [
  {
    target,
    from: './web/src/features',
    message: 'Shared web code may not import a feature; pass what it needs in, or move it down here.',
  },
  { target, from: ['./web/src/app', './web/src/learner'], message: 'Shared web code may not import the app shell.' },
]);

/** The shells mount features: they import a feature's `routes.ts` and nothing else of it. */
const webShellZones = ['./web/src/app', './web/src/learner'].map((target) => ({
  target,
  from: './web/src/features',
  except: webFeatures.map((feature) => `./${feature}/routes.ts`),
  message: 'The app shell imports a feature only through its routes.ts.',
}));

/** A web feature imports only its own files (at any depth), the shared web code and the contract. */
const webFeatureZones = webFeatures.flatMap((feature) => [
  {
    target: `./web/src/features/${feature}`,
    from: './web/src/features',
    except: [`./${feature}`],
    message: 'A feature may not import another feature; move the shared part to web/src/lib or web/src/components.',
  },
  {
    target: `./web/src/features/${feature}`,
    from: ['./web/src/app', './web/src/learner'],
    message: 'A feature may not import the app shell; the shell mounts the feature.',
  },
]);

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'data/**',
      'node_modules/**',
      'scratch/**',
      'reports/**',
      'test-results/**',
      'playwright-report/**',
      'server/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-cycle': ['error', { maxDepth: 10, ignoreExternal: true }],
      'no-console': ['error', { allow: ['log', 'warn', 'error'] }],
      'import-x/no-restricted-paths': ['error', { zones: baseZones }],
    },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, 'no-console': ['error', { allow: ['warn'] }] },
  },
  {
    // A feature imports only its own files, the shared modules below it and the contract.
    files: ['server/features/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./(?!\\.\\./)[^/]+/(?!.*\\.test)',
              message: 'A feature may not import another feature; move the shared part to server/platform.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/features/spa/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...baseZones, ...webSharedZones, ...webShellZones, ...webFeatureZones] },
      ],
    },
  },
);
