import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './support/test.js';

/**
 * The journeys' own `test` (e2e/support/test.ts) closes every browser context a test opened itself, so that no
 * page an earlier test left open keeps running beside the later ones, and it hands each test the worker's page wiped of
 * what the last one left. Tests in one worker, one after the other.
 */
test.describe.configure({ mode: 'serial' });

let opened: BrowserContext | null = null;

test('a test opens a context of its own and leaves it open', async ({ browser }) => {
  opened = await browser.newContext();
  await (await opened.newPage()).goto('about:blank');
  expect(browser.contexts()).toContain(opened);
});

test('the next test finds it closed', async ({ browser }) => {
  expect(opened).not.toBeNull();
  expect(browser.contexts()).not.toContain(opened);
});

let first: Page | null = null;
const heardByTheFirst: string[] = [];

test('a test leaves storage, a cookie, the offline switch, a route and a listener behind', async ({
  page,
  context,
}) => {
  first = page;
  expect(page.context()).toBe(context);
  await page.goto('/api/health');
  await page.evaluate(() => {
    localStorage.setItem('left', 'behind');
    sessionStorage.setItem('left', 'behind');
    indexedDB.open('left-behind');
  });
  await context.addCookies([{ name: 'left', value: 'behind', url: page.url() }]);
  await page.route('**/api/health', (route) => route.fulfill({ status: 418, body: 'teapot' }));
  page.on('console', (message) => heardByTheFirst.push(message.text()));
  await context.setOffline(true);
});

test('the next test gets the same page, wiped', async ({ page, context }) => {
  expect(page).toBe(first);
  expect(await context.cookies()).toEqual([]);
  const health = await page.goto('/api/health');
  expect(health?.status()).toBe(200);
  await page.evaluate(() => console.log('said in the next test'));
  expect(heardByTheFirst).toEqual([]);
  expect(
    await page.evaluate(async () => ({
      local: localStorage.length,
      session: sessionStorage.length,
      databases: (await indexedDB.databases()).map((d) => d.name),
    })),
  ).toEqual({ local: 0, session: 0, databases: [] });
});

test.describe('a test that asks for a page of its own', () => {
  test.use({ freshPage: true });
  test('gets one, not the worker’s', async ({ page }) => {
    expect(page).not.toBe(first);
  });
});
