import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import boundaries from './scripts/eslint/no-cycle.js';

/** The feature folders of the web app (web/src/features/<feature>) and of the server (server/features/<feature>). */
const featuresIn = (folder) =>
  readdirSync(new URL(folder, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const webFeatures = featuresIn('./web/src/features');

/**
 * The pages a learner, teacher or visitor reads (decision 090): every word in them comes from a message catalogue
 * (locales/). `lingui/no-unlocalized-strings` fails on text written in the code instead. Strings that are not words
 * for people (a class, a path, a key: no capital letter and no space) and the product's name pass.
 */
const translatedFiles = [
  'web/src/learner/**/*.tsx',
  'web/src/lib/i18n/**/*.tsx',
  'web/src/components/answers/**/*.tsx',
  'web/src/features/sitting/**/*.tsx',
  'web/src/features/public/**/*.tsx',
  'web/src/public-site/**/*.tsx',
  'web/src/features/portal/**/*.tsx',
  'web/src/features/learners/pages/LoadLearnersPage.tsx',
  'web/src/features/learners/components/LearnersCard.tsx',
  'web/src/features/learners/components/UploadCard.tsx',
  'web/src/features/learners/components/LearnerForm.tsx',
  'web/src/features/learners/components/LearnerPasswordForm.tsx',
  'web/src/features/learners/pages/TeamPage.tsx',
  'web/src/features/learners/pages/PersonalDataPage.tsx',
  'web/src/features/auth/components/SignedInSessionsCard.tsx',
  'web/src/components/SessionList.tsx',
  'web/src/features/teachers/pages/MyProfilePage.tsx',
  'web/src/features/certificates/pages/TeacherCertificatesPage.tsx',
  'web/src/features/certificates/pages/VerifyCertificatePage.tsx',
  'web/src/features/auth/pages/LoginPage.tsx',
  'web/src/features/auth/pages/VerifyEmailPage.tsx',
  'web/src/features/auth/components/LoginForm.tsx',
  'web/src/features/auth/components/SetPasswordForm.tsx',
  'web/src/features/auth/components/RecoverWithPinForm.tsx',
  'web/src/features/auth/components/SigninQueue.tsx',
  'web/src/app/layouts/PortalLayout.tsx',
  'web/src/app/layouts/SiteLayout.tsx',
  'web/src/app/layouts/PlainLayout.tsx',
  'web/src/app/shell/Brand.tsx',
  'web/src/components/MaintenanceBanner.tsx',
  'web/src/components/QueuePlace.tsx',
];
const unlocalizedStrings = [
  'error',
  {
    ignore: [
      '^[^A-Z\\s]*$',
      '^[A-Z_]+$',
      '^[\\w-]+(\\.[\\w-]+)+$',
      '^Olympus$',
      // A keyboard key's name (KeyboardEvent.key).
      '^(Arrow(Up|Down|Left|Right)|Home|End|Page(Up|Down)|Enter|Escape|Tab|Backspace|Delete)$',
    ],
    ignoreFunctions: [
      't',
      'translate',
      'console.*',
      'Error',
      'Response',
      'navigate',
      'URLSearchParams',
      'JSON.*',
      'document.*',
      'window.*',
      // A date's style ('longDateTime') and a form field's name are the code's words, not the reader's.
      'formatDate',
      'formatInZone',
      '*.getInputProps',
      '*.setFieldValue',
      '*.clearFieldError',
      '*.get',
      'useListParams',
      'matchMedia',
    ],
    ignoreNames: [
      {
        regex: {
          pattern:
            '^(className|class|id|key|to|href|type|name|role|rel|target|method|src|srcSet|sizes|path|variant|size|color|c|fw|ta|mode|inputMode|autoComplete|lang|hrefLang|flex|rank|.*Query|tt|lts|bd|ff|p[tbxy]?|m[tbxy]?|component|border.*|verticalAlign|data-.*|aria-(labelledby|describedby|controls|live|current|haspopup|hidden|busy|invalid|expanded|modal))$',
        },
      },
    ],
  },
];
const serverFeatures = featuresIn('./server/features');

/**
 * Import boundaries (decision 070): dependencies point one way, contract → shared code → features → shells.
 * Each boundary is an `import-x/no-restricted-paths` zone on resolved files, so it holds at any folder depth and
 * for `import type` as well as for value imports.
 *  - contract/ imports nothing of server/ or web/; server/ and web/ never import each other;
 *  - a server feature (any file under server/features/<f>/) imports only its own files, server/platform,
 *    server/http, server/db, server/config.ts and the contract; never another feature. The one crossing is
 *    drawn narrowly: the web-serving feature (`spa`) reads the public feature's read queries
 *    (server/features/public/queries.ts) for page metadata. Tests and their helpers (`*testing.ts`) may also
 *    start the real server (server/test, server/app.ts) and use the factories in server/seed;
 *  - shared server code (server/platform, server/http, server/db) imports no feature;
 *  - the backup and restore commands (server/ops, decision 102) import no feature either;
 *  - server/seed (factories and demo data) builds rows with server/db, server/platform and server/config.ts
 *    only: it imports no feature, so a feature's test can use it without a cycle;
 *  - in the web app, shared code (web/src/lib, web/src/components) imports no feature and no shell; a web feature
 *    imports only its own files, the shared web code and the contract; the shells (web/src/app, web/src/learner
 *    and the server-rendered public site web/src/public-site) import a feature only through its `routes.ts`; the
 *    public site reuses the app shell's frame (web/src/app), never the learner's;
 *  - no import cycles, type-only imports included: `import-x/no-cycle` always skips `import type` (it has no
 *    option to count it), so `boundaries/no-cycle` (scripts/eslint/no-cycle.js) walks the same graph following
 *    every import, and replaces it.
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
  {
    target: './server/ops',
    from: './server/features',
    message:
      'The backup and restore commands (server/ops) work on the whole database and file store through server/db ' +
      'and server/platform: they import no feature.',
  },
];

/**
 * What a server feature may import besides its own files. Tests and their helpers (`*testing.ts`) may also start
 * the real server (server/test, server/app.ts) and build rows with the factories (server/seed).
 */
const serverShared = ['./platform', './http', './db', './config.ts'];
const serverTestSupport = ['./test', './seed', './app.ts'];
/** The deliberate crossings between server features: importer → files of other features it may import. */
const serverFeatureEntries = { spa: ['./features/public/queries.ts'] };

const serverZones = ({ tests }) => [
  ...serverFeatures.map((feature) => ({
    target: `./server/features/${feature}`,
    from: './server',
    except: [
      `./features/${feature}`,
      ...serverShared,
      ...(tests ? serverTestSupport : []),
      ...(serverFeatureEntries[feature] ?? []),
    ],
    message:
      'A server feature imports only its own files, server/platform, server/http, server/db, server/config.ts and ' +
      'the contract; move the shared part down to server/platform (or the contract).',
  })),
  {
    target: './server/seed',
    from: './server',
    except: ['./seed', './db', './platform', './config.ts', ...(tests ? ['./test'] : [])],
    message:
      'server/seed builds rows with server/db, server/platform and server/config.ts only; it imports no feature.',
  },
];
/** The web shells mount features: the staff app, the learner app and the server-rendered public site. */
const webShells = ['./web/src/app', './web/src/learner', './web/src/public-site'];

/** Web code shared by features (lib, components) sits below them: it imports no feature and no shell. */
const webSharedZones = ['./web/src/lib', './web/src/components'].flatMap((target) => [
  {
    target,
    from: './web/src/features',
    message: 'Shared web code may not import a feature; pass what it needs in, or move it down here.',
  },
  { target, from: webShells, message: 'Shared web code may not import the app shell.' },
]);

/**
 * The shells import a feature's `routes.ts` and nothing else of it. The public site reuses the staff app's frame
 * (providers, theme, layouts) but nothing of the learner app; the apps never import the public site.
 */
const webShellZones = [
  ...webShells.map((target) => ({
    target,
    from: './web/src/features',
    except: webFeatures.map((feature) => `./${feature}/routes.ts`),
    message: 'The app shell imports a feature only through its routes.ts.',
  })),
  {
    target: './web/src/public-site',
    from: './web/src/learner',
    message: 'The public site may reuse the staff app frame (web/src/app), not the learner app.',
  },
  {
    target: ['./web/src/app', './web/src/learner'],
    from: './web/src/public-site',
    message: 'The apps never import the public site; it is an entry of its own.',
  },
];

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
    from: webShells,
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
    plugins: { 'import-x': importX, boundaries },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
      // import-x/no-cycle skips `import type`; this one follows every import (scripts/eslint/no-cycle.js).
      'boundaries/no-cycle': ['error', { maxDepth: 10 }],
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
    files: ['server/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...baseZones, ...serverZones({ tests: false })] }],
    },
  },
  {
    files: ['server/**/*.test.ts', 'server/**/*testing.ts'],
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...baseZones, ...serverZones({ tests: true })] }],
    },
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
  {
    files: translatedFiles,
    ignores: ['**/*.test.tsx', '**/testing.tsx'],
    plugins: { lingui },
    rules: { 'lingui/no-unlocalized-strings': unlocalizedStrings },
  },
);
