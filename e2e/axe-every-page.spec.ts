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
  // learner1 of geo-demo (the demo teacher's school) in the demo seed: their personal-data page.
  learnerId: '10',
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

/** A page of the walk: its path, and whether the web app's own router shows it (so it may be reached in-app). */
interface WalkPage {
  path: string;
  inApp: boolean;
}

/**
 * The staff layouts are the single-page app's: one document serves all of them, and a person moves between them
 * without a reload. The public site, the sign-in pages and the learner's pages are each served as a document of their
 * own (rendered on the server, or a bundle of their own), so they are always loaded as a new document.
 */
const inAppLayouts = new Set(['main', 'overlord', 'portal']);

function pagesOf(role: string | null): WalkPage[] {
  const pages = new Map<string, WalkPage>();
  for (const route of routeTable) {
    const allowed =
      role === null
        ? route.access === 'public'
        : route.access === 'signed-in' || (Array.isArray(route.access) && route.access.includes(role));
    if (!allowed) continue;
    const path = demoPath(route.path);
    if (!pages.has(path)) pages.set(path, { path, inApp: inAppLayouts.has(route.layout) });
  }
  return [...pages.values()];
}

/**
 * Opens the next page of the walk. Between two pages of the app the walk moves as a person does, through the app's
 * router (a history entry and the browser's popstate, which the router follows) rather than a new document each
 * time: the check is of the page drawn, and loading the app again for each of about 180 pages took a second a page.
 * The old page's heading is marked first, so the walk waits for the new page, not the old one still on screen.
 */
async function open(page: Page, next: WalkPage, previous: WalkPage | null) {
  if (!previous?.inApp || !next.inApp) {
    await page.goto(next.path);
    return;
  }
  await page.evaluate((path) => {
    for (const h of document.querySelectorAll('h1')) h.setAttribute('data-walk-left', '');
    history.pushState(null, '', path);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, next.path);
  // A page whose heading the router keeps (the same page under another address) has no new heading to wait for.
  await page
    .waitForFunction(() => !document.querySelector('h1[data-walk-left]'), undefined, { timeout: 3_000 })
    .catch(() => undefined);
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
    let previous: WalkPage | null = null;
    for (const next of pages) {
      await open(page, next, previous);
      await settle(page);
      const found = await seriousA11yFindings(page, testInfo);
      if (found.length) findings.push(`${next.path} (shown at ${new URL(page.url()).pathname}):\n${found.join('\n')}`);
      previous = next;
    }
    expect(findings, `serious or critical violations on ${findings.length} page(s):\n${findings.join('\n\n')}`).toEqual(
      [],
    );
  });
}
