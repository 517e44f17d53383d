import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { seriousA11yFindings } from './support/axe.js';
import { demoAccounts, signIn, type Account } from './support/session.js';

/**
 * Every page of every role has no serious or critical axe violation.
 *
 * The pages come from the web app's route table (web/src/app/routes.ts, read by e2e/support/route-table.mjs),
 * not from a list kept here: a new page is checked as soon as it is in the table. Each role signs in once (one
 * browser context) and visits every route its access allows; a visitor visits the public ones. Parameters are
 * the demo data's: the olympiad geo-demo, the project geography, a made-up certificate code and e-mail link.
 * A learner's pages lead to wherever the learner really is in the sitting (the flow allows no skipping), which is
 * the page checked.
 */

interface RouteData {
  id: string;
  path: string;
  access: 'public' | 'signed-in' | readonly string[];
  layout: string;
  built: boolean;
}

const routeTable: RouteData[] = JSON.parse(
  execFileSync(process.execPath, [fileURLToPath(new URL('./support/route-table.mjs', import.meta.url))], {
    encoding: 'utf8',
  }),
);

/** The demo data's value for each route parameter. */
const demoParams: Record<string, string> = {
  olympiadName: 'geo-demo',
  projectName: 'geography',
  uuid: '00000000-0000-4000-8000-000000000000',
  code: 'ABCD-EFGH-JKMN',
  moduleIndex: '1',
  questionIndex: '1',
};

function demoPath(path: string): string {
  if (path === '*') return '/no-such-page';
  return path
    .split('/')
    .flatMap((segment) => {
      if (!segment.startsWith(':')) return [segment];
      const optional = segment.endsWith('?');
      const name = segment.slice(1, optional ? -1 : undefined);
      if (optional) return [];
      const value = demoParams[name];
      if (!value) throw new Error(`No demo value for :${name} in ${path}: add one to demoParams`);
      return [value];
    })
    .join('/');
}

function pagesOf(role: string | null): string[] {
  const paths = routeTable
    .filter((route) =>
      role === null
        ? route.access === 'public'
        : route.access === 'signed-in' || (Array.isArray(route.access) && route.access.includes(role)),
    )
    .map((route) => demoPath(route.path));
  return [...new Set(paths)];
}

/** Waits until the page has drawn its heading and its lists have loaded. */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await expect(page.locator('h1').first()).toBeVisible({ timeout: 15_000 });
  await page
    .locator('.mantine-Loader-root')
    .first()
    .waitFor({ state: 'hidden', timeout: 10_000 })
    .catch(() => undefined);
  // Transitions (a drawer, a notification) finish before colours are measured: runAxe waits for them.
}

const roles: { name: string; account: Account | null; role: string | null }[] = [
  { name: 'a visitor', account: null, role: null },
  ...['overlord', 'admin', 'accountant', 'funding', 'teacher', 'learner2'].map((username) => {
    const account = demoAccounts.find((a) => a.username === username);
    if (!account) throw new Error(`${username} is missing from the demo accounts`);
    const role = account.olympiad ? 'learner' : username;
    return { name: username, account, role };
  }),
];

test('the route table is read and every role has pages', () => {
  expect(routeTable.length).toBeGreaterThan(50);
  for (const { role } of roles) expect(pagesOf(role).length, String(role)).toBeGreaterThan(0);
});

for (const { name, account, role } of roles) {
  test(`axe: every page ${name} may open at 1280 px has 0 serious or critical violations`, async ({
    page,
  }, testInfo) => {
    const pages = pagesOf(role);
    test.setTimeout(30_000 + pages.length * 20_000);
    await page.setViewportSize({ width: 1280, height: 800 });
    if (account) await signIn(page, account);
    const findings: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      await settle(page);
      const found = await seriousA11yFindings(page, testInfo);
      if (found.length) findings.push(`${path} (shown at ${new URL(page.url()).pathname}):\n${found.join('\n')}`);
    }
    expect(findings, `serious or critical violations on ${findings.length} page(s):\n${findings.join('\n\n')}`).toEqual(
      [],
    );
  });
}
