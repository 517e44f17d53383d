/**
 * The closing summary of `npm test` (scripts/test.mjs), kept apart so that it can be tested without running
 * the suite (scripts/test-summary.test.ts).
 *
 * "All checks passed" is said only when every check ran, browser tests included. A run outside CI that
 * could not run the browser tests (no Chromium, or --no-browser) says so plainly instead, and, when Chromium
 * was missing, which command installs it. In CI a missing Chromium is a failure before this point.
 */

/** How to get the Chromium the browser tests use (playwright.config.ts: CHROMIUM_PATH or /usr/bin/chromium). */
export const chromiumInstallHint = [
  'Install Chromium, then run npm test again:',
  '    Debian/Ubuntu:  sudo apt-get install -y chromium',
  '    elsewhere:      set CHROMIUM_PATH to a Chromium or Chrome executable, e.g.',
  '                    CHROMIUM_PATH="/Applications/Google Chrome.app/Contents/MacOS/Google Chrome" npm test',
];

const plain = (s) => s;

/**
 * @typedef {{ passed: number, failed: number, skipped: number, note?: string }} Counts
 * @typedef {{ title: string, ms: number, code: number }} Timing
 * @typedef {{ ran: true } | { ran: false, why: string, chromiumMissing?: boolean }} Browser
 * @typedef {{ bold: (s: string) => string, red: (s: string) => string, green: (s: string) => string,
 *   yellow: (s: string) => string }} Paint
 */

/**
 * @param {{ timings: Timing[], results: Record<string, Counts>, reason?: string | null,
 *   browser?: Browser, totalMs: number, outer?: boolean, paint?: Partial<Paint> }} input
 * @returns {{ lines: string[], exit: number, summary: object }}
 */
export function summarize(input) {
  const { timings, results, reason = null, browser = { ran: true }, totalMs, outer = false } = input;
  const p = { bold: plain, red: plain, green: plain, yellow: plain, ...input.paint };
  const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
  const lines = [];
  const total = { passed: 0, failed: 0, skipped: 0 };

  lines.push('', p.bold('Summary'));
  for (const t of timings)
    lines.push(`  ${t.code === 0 ? '✔' : '✘'} ${t.title.padEnd(26)} ${seconds(t.ms).padStart(8)}`);
  for (const [name, r] of Object.entries(results)) {
    total.passed += r.passed;
    total.failed += r.failed;
    total.skipped += r.skipped;
    // Worded unlike the closing line, so that only that one line reads as the run's count.
    lines.push(`  ${name}: passed ${r.passed}, failed ${r.failed}, skipped ${r.skipped}`);
    if (r.note) lines.push(`  ${p.yellow(r.note)}`);
  }
  if (!browser.ran) lines.push(`  browser tests: NOT run (${browser.why})`);
  lines.push(`  total time ${seconds(totalMs)}`);

  const ran = total.passed + total.failed;
  let exit = 0;
  if (reason) {
    lines.push(p.red(`\n✘ ${reason}`));
    exit = 1;
    // A step that failed before or outside the tests (lint, build, a runner that crashed) is a failure too.
    if (total.failed === 0) {
      total.failed = 1;
      lines.push(p.red('  (counted as 1 failure)'));
    }
  }
  if (total.failed > 0) exit = 1;
  if (ran === 0 && !reason) {
    lines.push(p.red('✘ No test ran: that is a failure, never a pass (counted as 1 failure).'));
    total.failed = 1;
    exit = 1;
  }

  if (exit === 0 && browser.ran) lines.push(p.green('\n✔ All checks passed.'));
  const count = outer
    ? // Under .ci/run, which prints the sum of its passes as the run's one closing line, worded differently.
      `\nThis pass: passed ${total.passed}, failed ${total.failed}, skipped ${total.skipped}`
    : `\n${total.passed} passed, ${total.failed} failed${total.skipped ? `, ${total.skipped} skipped` : ''}`;
  // The one line CI reads: alone on its line, plain.
  lines.push(count);

  // Said last, where it is read: a green-looking run that did not open a browser is not a full pass.
  if (!browser.ran) {
    lines.push(
      p.yellow(
        `\n⚠ The browser tests did NOT run (${browser.why}): ${exit === 0 ? 'the checks above passed, but this is not a full pass.' : 'and the run failed.'}`,
      ),
    );
    if (browser.chromiumMissing) for (const l of chromiumInstallHint) lines.push(p.yellow(`  ${l}`));
  }

  const summary = {
    ...total,
    ok: exit === 0,
    reason,
    browserTests: browser.ran ? 'ran' : `not run: ${browser.why}`,
    results,
  };
  return { lines, exit, summary };
}
