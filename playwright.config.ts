import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { freePort, parsePortRange } from './scripts/free-port.mjs';

/**
 * Browser tests against the real product: the built web app (dist/web, made by `npm run build`, which
 * `npm test` runs first) served by the real server on a fresh database with the demo data: embedded PGlite, or a
 * new database on the PostgreSQL server E2E_DATABASE_URL names (CI: the journeys run once, on PostgreSQL as in
 * production, under two server processes).
 *
 * Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH); Playwright's own browsers are never
 * downloaded. Playwright gives every launch a fresh, empty --user-data-dir of its own.
 *
 * Every run has its own server: on E2E_PORT when given, otherwise on a port found free now (within
 * E2E_PORT_RANGE, e.g. `32000-32999`, when given), so two runs at once, or a server already on 3000 or 3100,
 * never meet. The port is put into the environment before the workers start, and the workers (which load
 * this file again) inherit it, so the whole run agrees on one address. The server's data directory or
 * PostgreSQL database is its own too, and removed when it stops (scripts/e2e-server.mjs).
 */
const ci = Boolean(process.env.CI) && process.env.CI !== 'false' && process.env.CI !== '0';
if (!process.env.E2E_PORT) process.env.E2E_PORT = String(freePort(parsePortRange(process.env.E2E_PORT_RANGE)));
const port = Number(process.env.E2E_PORT);
if (!Number.isInteger(port) || port < 1 || port > 65535)
  throw new Error(`E2E_PORT must be a port number, not ${JSON.stringify(process.env.E2E_PORT)}`);
const baseURL = `http://127.0.0.1:${port}`;
const reportDir = path.resolve(process.env.REPORT_DIR || 'reports');
const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results',
  fullyParallel: true,
  forbidOnly: ci,
  retries: ci ? 1 : 0,
  workers: 2,
  // CI's machine is shared and at times three times slower than a quiet one: a test's own budget there is longer.
  timeout: ci ? 90_000 : 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(reportDir, 'playwright.json') }]],
  use: {
    ...devices['Desktop Chrome'],
    baseURL,
    locale: 'en-ZA',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
    // E2E_SCREENSHOTS=1 keeps a screenshot of every test (to look at each page), not only of the failures.
    screenshot: process.env.E2E_SCREENSHOTS
      ? { mode: 'on', fullPage: true }
      : { mode: 'only-on-failure', fullPage: true },
    // A trace is recorded only when a failed test runs again (CI retries once), or for every test with
    // E2E_TRACE=1: recording one for every test (DOM snapshots at each step) made the journeys take a third longer.
    trace: process.env.E2E_TRACE ? 'retain-on-failure' : 'on-first-retry',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: [/terms\.spec\.ts/] },
    // Journeys that change what every other one sees (the platform's terms) run last.
    { name: 'after-all', testMatch: /terms\.spec\.ts/, dependencies: ['chromium'] },
  ],
  webServer: {
    // A fresh database with the demo data every run: embedded PGlite in a new temporary directory, or a new
    // database on the PostgreSQL server E2E_DATABASE_URL names (scripts/e2e-server.mjs), both removed when
    // the server stops. DATABASE_URL itself is never used here.
    command: 'node scripts/e2e-server.mjs',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    // SIGTERM to the server's process group; scripts/e2e-server.mjs then waits for the server and removes
    // its data directory or database before it exits.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'always',
      ...(process.env.E2E_DATABASE_URL ? { E2E_DATABASE_URL: process.env.E2E_DATABASE_URL } : {}),
    },
  },
});
