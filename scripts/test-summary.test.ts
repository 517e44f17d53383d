import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { summarize } from './test-summary.mjs';

const counts = { passed: 120, failed: 0, skipped: 2 };
const timings = [{ title: 'API tests (vitest)', ms: 1000, code: 0 }];

describe('summarize', () => {
  it('says "All checks passed" only when the browser tests ran too', () => {
    const all = summarize({ timings, results: { vitest: counts, playwright: counts }, totalMs: 5000 });
    expect(all.exit).toBe(0);
    expect(all.lines.join('\n')).toContain('All checks passed');
    expect(all.lines.at(-1)).toBe('\n240 passed, 0 failed, 4 skipped');
    expect(all.summary).toMatchObject({ ok: true, browserTests: 'ran' });
  });

  it('without Chromium says plainly that the browser tests did not run and how to install Chromium', () => {
    const { lines, exit, summary } = summarize({
      timings,
      results: { vitest: counts },
      browser: { ran: false, why: 'no Chromium at /nonexistent', chromiumMissing: true },
      totalMs: 5000,
    });
    const text = lines.join('\n');
    expect(text).not.toContain('All checks passed');
    expect(text).toContain('browser tests: NOT run (no Chromium at /nonexistent)');
    expect(text).toMatch(/The browser tests did NOT run \(no Chromium at \/nonexistent\)/);
    expect(text).toContain('sudo apt-get install -y chromium');
    expect(text).toContain('CHROMIUM_PATH');
    // The count line is still there, alone on its line; the warning comes after it, last.
    expect(text).toMatch(/\n120 passed, 0 failed, 2 skipped\n/);
    expect(lines.at(-1)).toMatch(/CHROMIUM_PATH=/);
    expect(exit).toBe(0);
    expect(summary.browserTests).toBe('not run: no Chromium at /nonexistent');
  });

  it('with --no-browser says the browser tests did not run, without an install hint', () => {
    const text = summarize({
      timings,
      results: { vitest: counts },
      browser: { ran: false, why: 'skipped with --no-browser' },
      totalMs: 5000,
    }).lines.join('\n');
    expect(text).not.toContain('All checks passed');
    expect(text).toContain('The browser tests did NOT run (skipped with --no-browser)');
    expect(text).not.toContain('apt-get');
  });

  it('a failure stays a failure, and no test at all is one', () => {
    const failed = summarize({ timings, results: {}, reason: 'lint failed', totalMs: 1 });
    expect(failed.exit).toBe(1);
    expect(failed.lines.at(-1)).toBe('\n0 passed, 1 failed');
    const none = summarize({ timings, results: { vitest: { passed: 0, failed: 0, skipped: 0 } }, totalMs: 1 });
    expect(none.exit).toBe(1);
    expect(none.lines.join('\n')).not.toContain('All checks passed');
  });

  it('under .ci/run words its count as this pass', () => {
    const { lines } = summarize({ timings, results: { vitest: counts }, totalMs: 1, outer: true });
    expect(lines.at(-1)).toBe('\nThis pass: passed 120, failed 0, skipped 2');
  });
});

/**
 * scripts/test.mjs itself, end to end but quick: `npx` and `npm` are stand-ins on PATH that write a
 * one-test vitest report (and pass as lint, format, typecheck and build), so what is checked is how the script
 * decides about Chromium and what it prints.
 */
describe('scripts/test.mjs without Chromium', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'olympus-test-script-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const bin = path.join(dir, 'bin');
  const fake = `#!${process.execPath}
const fs = require('node:fs');
const out = process.argv.find((a) => a.startsWith('--outputFile.json='));
if (out) fs.writeFileSync(out.split('=')[1], JSON.stringify({ testResults: [{ name: 'x.test.ts', status: 'passed',
  assertionResults: [{ status: 'passed' }] }] }));
`;
  mkdirSync(bin, { recursive: true });
  for (const name of ['npx', 'npm']) {
    const file = path.join(bin, name);
    writeFileSync(file, fake, { flag: 'w', mode: 0o755 });
    chmodSync(file, 0o755);
  }

  function runScript(env: Record<string, string>) {
    const reports = mkdtempSync(path.join(dir, 'reports-'));
    // The whole run (the static checks are the stand-ins too), as --db-only runs no browser tests.
    const result = spawnSync(process.execPath, ['scripts/test.mjs'], {
      env: {
        PATH: `${bin}${path.delimiter}${process.env.PATH}`,
        HOME: process.env.HOME,
        REPORT_DIR: reports,
        CHROMIUM_PATH: path.join(dir, 'no-chromium-here'),
        NO_COLOR: '1',
        ...env,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const summary = JSON.parse(readFileSync(path.join(reports, 'summary.json'), 'utf8'));
    return { ...result, summary };
  }

  it('outside CI ends by saying the browser tests did not run and how to install Chromium', () => {
    const result = runScript({ CI: 'false' });
    expect(result.stdout).not.toContain('All checks passed');
    expect(result.stdout).toContain('The browser tests did NOT run (no Chromium at');
    expect(result.stdout).toContain('sudo apt-get install -y chromium');
    expect(result.stdout).toMatch(/\n1 passed, 0 failed\n/);
    expect(result.status).toBe(0);
    expect(result.summary.browserTests).toMatch(/^not run: no Chromium at /);
  }, 90_000);

  it('with CI=true a missing Chromium fails the run', () => {
    const result = runScript({ CI: 'true' });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain('in CI a missing browser is a failure');
    expect(result.stdout).not.toContain('All checks passed');
    expect(result.summary.ok).toBe(false);
  }, 90_000);
});
