import { defineConfig } from 'vitest/config';

/**
 * API tests: the real server on a real database. The global setup migrates once
 * (a PGlite snapshot, or a PostgreSQL template database when DATABASE_URL is set) and every test
 * server starts on its own fresh copy.
 */
export default defineConfig({
  test: {
    include: ['contract/**/*.test.ts', 'server/**/*.test.ts', 'web/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['server/test/global-setup.ts'],
    setupFiles: ['server/test/setup.ts'],
    pool: 'forks',
    maxWorkers: 2,
    testTimeout: 30_000,
    hookTimeout: 60_000,
    teardownTimeout: 30_000,
  },
});
