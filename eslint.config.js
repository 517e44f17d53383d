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
 *  - no import cycles.
 */
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
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './contract', from: './server', message: 'The contract depends on nothing.' },
            { target: './contract', from: './web', message: 'The contract depends on nothing.' },
            { target: './server', from: './web', message: 'The server never imports the web app.' },
            { target: './web', from: './server', message: 'The web app talks to the server over HTTP only.' },
            ...['platform', 'http', 'db'].map((shared) => ({
              target: `./server/${shared}`,
              from: './server/features',
              message: 'Shared server code never imports a feature: features depend on it, not the other way round.',
            })),
          ],
        },
      ],
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
    // A feature imports only its own files (at any depth), the shared modules below it and the contract.
    files: ['web/src/features/**/*.{ts,tsx}'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((feature) => ({
            target: `./web/src/features/${feature}`,
            from: './web/src/features',
            except: [`./${feature}`],
            message:
              'A feature may not import another feature; move the shared part to web/src/lib or web/src/components.',
          })),
        },
      ],
    },
  },
);
