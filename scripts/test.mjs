#!/usr/bin/env node
/**
 * `npm test`: the whole suite, in order, failing fast.
 *
 *   lint, format, typecheck and build side by side → the paper's bytes → API tests (vitest) → browser tests (Playwright, when Chromium
 *   is found)
 *
 * It ends by printing, from the runners' JSON reports (not from their own closing lines), one plain line
 *
 *   N passed, N failed[, N skipped]
 *
 * and exits non-zero when anything failed or when no test ran at all.
 *
 * Options (flags or environment):
 *   --db-only      | TEST_DB_ONLY=1   only the database suites, on the database DATABASE_URL names: the server's
 *                                     tests (vitest's node project without the web's, the contract's and the
 *                                     scripts' tests, which open no database), without lint, format, typecheck,
 *                                     build, component and browser tests. CI's second pass runs this with
 *                                     DATABASE_URL set to the real PostgreSQL.
 *   E2E_DATABASE_URL=url             the browser tests' server on a fresh database of this PostgreSQL server
 *                                     instead of embedded PGlite (CI sets it: the journeys run once, on
 *                                     PostgreSQL as in production; PGlite is covered by the API tests).
 *   --no-browser   | TEST_NO_BROWSER=1 skip the browser tests (said plainly; refused when CI=true).
 *   --pglite-subset | TEST_PGLITE_SUBSET=1 on PGlite, only the database suites that prove the embedded engine
 *                                     (the data layer, the demo seed, the exam's hot path, start-up and
 *                                     shutdown) besides every test that opens no database; the other database
 *                                     suites are left to a later --db-only pass on PostgreSQL. CI sets it, so
 *                                     that each suite runs once (decision 075); without it, everything runs here.
 *   TEST_FORMAT=0                    leave out `npm run format:check` (on by default).
 *   REPORT_DIR=dir                   where the JSON reports and summary.json go (default: reports).
 *   CHROMIUM_PATH=path               the Chromium to use (default: /usr/bin/chromium).
 *   CI=true                          a missing Chromium is a failure, never a skip. Outside CI a run without
 *                                    the browser tests never says "All checks passed": its last lines say
 *                                    that they did not run and how to install Chromium (test-summary.mjs).
 *
 * The browser tests pick their own free port and database (playwright.config.ts, e2e-server.mjs).
 *   TEST_OUTER_SUMMARY=1             set by .ci/run, which prints the closing line for all its passes.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import process from 'node:process';
import { fileURLToPath } from 'node:url';
import { summarize } from './test-summary.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const args = new Set(process.argv.slice(2));
const truthy = (v) => v !== undefined && v !== '' && v !== '0' && v.toLowerCase() !== 'false';
const ci = truthy(process.env.CI);
const dbOnly = args.has('--db-only') || truthy(process.env.TEST_DB_ONLY);
const noBrowser = args.has('--no-browser') || truthy(process.env.TEST_NO_BROWSER);
const pgliteSubset = !dbOnly && (args.has('--pglite-subset') || truthy(process.env.TEST_PGLITE_SUBSET));
for (const a of args) {
  if (!['--db-only', '--no-browser', '--pglite-subset'].includes(a)) {
    console.error(`scripts/test.mjs: unknown option ${a} (known: --db-only, --no-browser, --pglite-subset)`);
    process.exit(2);
  }
}

const reportDir = path.resolve(process.env.REPORT_DIR || 'reports');
const vitestReport = path.join(reportDir, 'vitest.json');
const playwrightReport = path.join(reportDir, 'playwright.json');
const summaryFile = path.join(reportDir, 'summary.json');
// Old reports must never make this run look green.
for (const f of [vitestReport, playwrightReport, summaryFile]) rmSync(f, { force: true });
mkdirSync(reportDir, { recursive: true });

const color = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code, s) => (color ? `\x1b[${code}m${s}\x1b[0m` : s);
const bold = (s) => paint('1', s);
const red = (s) => paint('31', s);
const green = (s) => paint('32', s);
const yellow = (s) => paint('33', s);
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** `prettier --check` is part of every run; TEST_FORMAT=0 leaves it out (e.g. while editing). */
const CHECK_FORMAT = process.env.TEST_FORMAT !== '0';

const timings = [];
const started = Date.now();

/**
 * Runs one step. `held`: its output is kept and printed in one piece when it ends, so steps run side by side do
 * not interleave their lines.
 */
function run(title, command, commandArgs, env = {}, held = false) {
  const line = `${bold(`▶ ${title}`)}  ${paint('2', [command, ...commandArgs].join(' '))}`;
  if (!held) console.log(`\n${line}`);
  const t0 = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, {
      stdio: held ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    const output = [];
    if (held) {
      child.stdout.on('data', (chunk) => output.push(chunk));
      child.stderr.on('data', (chunk) => output.push(chunk));
    }
    const forward = (signal) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', (err) => {
      console.error(red(`  could not start ${command}: ${err.message}`));
      resolve({ code: 127, ms: Date.now() - t0 });
    });
    child.on('close', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      const ms = Date.now() - t0;
      timings.push({ title, ms, code: code ?? 1 });
      const exit = code ?? (signal ? `signal ${signal}` : 1);
      if (held) {
        console.log(`\n${line}`);
        const text = Buffer.concat(output).toString().trimEnd();
        if (text) console.log(text);
      }
      console.log(
        code === 0 ? green(`✔ ${title} (${seconds(ms)})`) : red(`✘ ${title} failed: exit ${exit} (${seconds(ms)})`),
      );
      resolve({ code: code ?? 1, ms });
    });
  });
}

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch (err) {
    console.error(red(`  ${path.relative(root, file)} is not valid JSON: ${err.message}`));
    return null;
  }
}

/** Counts from vitest's JSON report (jest-compatible shape). A file that failed to load counts as one failure. */
function countVitest(exitCode) {
  const report = readJson(vitestReport);
  if (!report) {
    return {
      passed: 0,
      failed: 1,
      skipped: 0,
      note: `no report at ${path.relative(root, vitestReport)}: counted as 1 failure`,
    };
  }
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  const notes = [];
  for (const file of report.testResults ?? []) {
    let fileFailed = 0;
    for (const t of file.assertionResults ?? []) {
      if (t.status === 'passed') passed++;
      else if (t.status === 'failed') {
        failed++;
        fileFailed++;
      } else skipped++; // pending, skipped, todo, disabled
    }
    if (file.status === 'failed' && fileFailed === 0) {
      failed++;
      notes.push(
        `${path.relative(root, file.name ?? '?')} failed outside any test: ${(file.message ?? '').split('\n')[0]}`,
      );
    }
  }
  if (exitCode !== 0 && failed === 0) {
    failed++;
    notes.push(
      `vitest exited ${exitCode} although no test failed (unhandled error, or no test files): counted as 1 failure`,
    );
  }
  return { passed, failed, skipped, note: notes.join('\n  ') || undefined };
}

/** Counts from Playwright's JSON report: expected = passed, flaky = passed on retry, unexpected = failed. */
function countPlaywright(exitCode) {
  const report = readJson(playwrightReport);
  if (!report?.stats) {
    return {
      passed: 0,
      failed: 1,
      skipped: 0,
      note: `no report at ${path.relative(root, playwrightReport)}: counted as 1 failure`,
    };
  }
  const s = report.stats;
  const passed = (s.expected ?? 0) + (s.flaky ?? 0);
  let failed = s.unexpected ?? 0;
  const skipped = s.skipped ?? 0;
  const notes = [];
  if (s.flaky) notes.push(`${s.flaky} flaky (passed on retry)`);
  const errors = report.errors ?? [];
  if (errors.length && failed === 0) {
    failed++;
    notes.push(`error outside any test: ${(errors[0].message ?? '').split('\n')[0]}`);
  }
  if (exitCode !== 0 && failed === 0) {
    failed++;
    notes.push(`playwright exited ${exitCode} although no test failed: counted as 1 failure`);
  }
  return { passed, failed, skipped, note: notes.join('; ') || undefined };
}

const results = {};

/** Set when the browser tests were left out: the closing lines then say so instead of "All checks passed". */
let browserSkipped = null;

function finish(reason) {
  const { lines, exit, summary } = summarize({
    timings,
    results,
    reason,
    browser: browserSkipped ? { ran: false, ...browserSkipped } : { ran: true },
    totalMs: Date.now() - started,
    outer: truthy(process.env.TEST_OUTER_SUMMARY),
    paint: { bold, red, green, yellow },
  });
  writeFileSync(summaryFile, JSON.stringify(summary, null, 2) + '\n');
  console.log(lines.join('\n'));
  process.exit(exit);
}

const npx = 'npx';

if (dbOnly) {
  console.log(
    bold(`Database suites only, on ${process.env.DATABASE_URL ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`),
  );
} else {
  // The static checks read the tree and write nothing the others read, so they run side by side (each one's output
  // is held and printed whole when it ends); the build joins them, as it only writes dist/.
  const checks = [
    ['lint', 'npm', ['run', 'lint', '--silent']],
    ...(CHECK_FORMAT ? [['format', 'npm', ['run', 'format:check', '--silent']]] : []),
    ['typecheck', 'npm', ['run', 'typecheck', '--silent']],
    ['build', 'npm', ['run', 'build', '--silent']],
  ];
  const done = await Promise.all(
    checks.map(([title, command, commandArgs]) => run(title, command, commandArgs, {}, true)),
  );
  const failed = checks.filter((_, i) => done[i].code !== 0).map(([title]) => title);
  if (failed.length) finish(`${failed.join(', ')} failed: stopped here, later steps not run.`);
  // The paper's bytes read the build (decision 088): its JavaScript and CSS, and its pictures at a phone and a laptop.
  const bytes = await run('paper bytes', 'npm', ['run', 'check:paper', '--silent']);
  if (bytes.code !== 0) finish('paper bytes failed: stopped here, later steps not run.');
}

{
  const title = dbOnly
    ? 'API tests (database suites)'
    : pgliteSubset
      ? 'API tests (vitest; on PGlite the engine suites, the rest on PostgreSQL next)'
      : 'API tests (vitest)';
  // The database suites are the tests that open one: run again on another database, the rest would only repeat.
  const databaseSuites = ['--project=node', '--exclude=web/**', '--exclude=contract/**', '--exclude=scripts/**'];
  // Path filters (vitest runs the files whose path contains one): every test that opens no database, and the
  // database suites where the embedded engine differs from PostgreSQL in what they prove: the typed rows and raw SQL
  // of the data layer, the demo seed `npm start` loads, the exam's hot path and its batched answers, the server's
  // start, shutdown and several processes on one data directory, the error shape of a refused statement, and the
  // backup and restore of the embedded engine's own data directory.
  const pgliteSuites = [
    'web/',
    'contract/',
    'scripts/',
    'server/db/',
    'server/seed/',
    'server/features/sitting/',
    'server/config.test.ts',
    'server/multi-process.test.ts',
    'server/http/errors.test.ts',
    'server/ops/',
  ];
  const { code } = await run(title, npx, [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestReport}`,
    '--exclude=e2e/**',
    ...(dbOnly ? databaseSuites : []),
    ...(pgliteSubset ? pgliteSuites : []),
  ]);
  results.vitest = countVitest(code);
  if (code !== 0 || results.vitest.failed) finish(`${title} failed.`);
}

if (!dbOnly) {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (noBrowser && !ci) {
    console.log(yellow('\nBrowser tests skipped (--no-browser): browser tests NOT run'));
    browserSkipped = { why: 'skipped with --no-browser' };
  } else if (noBrowser && ci) {
    finish('--no-browser is not allowed when CI=true: the browser tests must run in CI.');
  } else if (!existsSync(chromium)) {
    console.log(yellow(`\nChromium not found: browser tests NOT run (looked for ${chromium}; set CHROMIUM_PATH)`));
    if (ci) finish(`Chromium not found at ${chromium}: in CI a missing browser is a failure.`);
    browserSkipped = { why: `no Chromium at ${chromium}`, chromiumMissing: true };
  } else {
    const title = process.env.E2E_DATABASE_URL
      ? 'browser tests on PostgreSQL (playwright)'
      : 'browser tests (playwright)';
    const { code } = await run(title, npx, ['playwright', 'test'], { CHROMIUM_PATH: chromium, REPORT_DIR: reportDir });
    results.playwright = countPlaywright(code);
    if (code !== 0 || results.playwright.failed)
      finish('browser tests failed (screenshots and traces in test-results/).');
  }
}

finish();
