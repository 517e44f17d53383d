import { lingui } from '@lingui/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

/**
 * Two projects, one run (`npx vitest run`, which `npm test` calls):
 *  - `node`: the API tests, the real server on a real database. The global setup migrates once (a PGlite snapshot,
 *    or a PostgreSQL template database when DATABASE_URL is set) and every test server starts on its own fresh
 *    copy. The web's plain-function tests (`web/src/**\/*.test.ts`) run here too: they need no DOM.
 *  - `components`: the web's components rendered in happy-dom with the app's providers (decision 074). No database,
 *    no global setup: a component that calls the API is answered by a fetch stub (web/src/test/).
 */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['server/test/global-setup.ts'],
          setupFiles: ['server/test/setup.ts'],
          // A worker keeps the modules it has loaded from one test file to the next (each file still starts its own
          // server on its own database): loading the server's modules took about 6 s a file, a third of the run.
          isolate: false,
        },
      },
      {
        extends: true,
        plugins: [react(), lingui()],
        test: {
          name: 'components',
          include: ['web/src/**/*.test.tsx'],
          environment: 'happy-dom',
          setupFiles: ['web/src/test/setup.ts'],
          // Not South Africa's zone: a date shown or defaulted must come from South African time, not the device's.
          env: { TZ: 'UTC' },
        },
      },
    ],
  },
});
