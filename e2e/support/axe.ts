import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { expect, type Page, type TestInfo } from '@playwright/test';
import type { AxeResults, ImpactValue, Result } from 'axe-core';

/**
 * axe-core in the browser, without @axe-core/playwright (which needs Node 22): the page gets axe's source
 * through the DevTools protocol (so a Content-Security-Policy cannot block it), then `axe.run()` checks it
 * against WCAG 2.0/2.1 A and AA.
 */
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

const failing: ReadonlySet<ImpactValue> = new Set<ImpactValue>(['serious', 'critical']);

export interface AxeOptions {
  /** CSS selectors left out of the check. */
  exclude?: string[];
  /** Rule ids switched off, each with a reason in the calling test. */
  disableRules?: string[];
}

export async function runAxe(page: Page, options: AxeOptions = {}): Promise<AxeResults> {
  // A dialog or menu still fading in has colours no one reads: check the page as it settles. An animation that
  // never ends (a loader's spinner) is not waited for: it would only hold the check for the whole 2 s.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity))
          .map((a) => a.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2000)),
    ]),
  );
  // axe's source (about half a megabyte) is parsed once a page, not once a check.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async ({ exclude, disableRules }) => {
      const axe = (window as unknown as { axe: typeof import('axe-core') }).axe;
      return axe.run({ include: [document], exclude: exclude.map((selector) => [selector]) } as never, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
        rules: Object.fromEntries(disableRules.map((id) => [id, { enabled: false }])),
        resultTypes: ['violations'],
      });
    },
    { exclude: options.exclude ?? [], disableRules: options.disableRules ?? [] },
  );
}

function describe(violation: Result): string {
  const nodes = violation.nodes
    .slice(0, 5)
    .map(
      (n) =>
        `      ${n.target.join(' ')}: ${n.html.slice(0, 300)}\n        ${n.failureSummary?.replace(/\n/g, '\n        ') ?? ''}`,
    )
    .join('\n');
  return `  [${violation.impact}] ${violation.id}: ${violation.help} (${violation.nodes.length} element(s))\n    ${violation.helpUrl}\n${nodes}`;
}

/**
 * The serious and critical violations on the page, one line each (lesser ones are attached to the report and
 * logged). For a test that checks many pages and reports them all at the end.
 */
export async function seriousA11yFindings(page: Page, testInfo: TestInfo, options: AxeOptions = {}): Promise<string[]> {
  const results = await runAxe(page, options);
  const serious = results.violations.filter((v) => v.impact && failing.has(v.impact));
  const minor = results.violations.filter((v) => !v.impact || !failing.has(v.impact));
  if (results.violations.length) {
    await testInfo.attach(`axe ${new URL(page.url()).pathname}`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: 'application/json',
    });
  }
  if (minor.length)
    console.warn(`axe: ${minor.length} minor/moderate finding(s) on ${page.url()}:\n${minor.map(describe).join('\n')}`);
  return serious.map(describe);
}

/** Fails the test on any serious or critical violation; lesser ones are attached to the report. */
export async function expectNoSeriousA11yViolations(page: Page, testInfo: TestInfo, options: AxeOptions = {}) {
  const serious = await seriousA11yFindings(page, testInfo, options);
  // Compared as one line per violation, so that a failure reads as a list, not as a dump of axe's objects.
  expect(
    serious.map((v) => v.split('\n')[0]!.trim()),
    `axe: serious or critical violations on ${page.url()}:\n${serious.join('\n')}`,
  ).toEqual([]);
}
