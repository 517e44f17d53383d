import type { BrowserContext } from '@playwright/test';
import { expect, test } from './support/test.js';

/**
 * The journeys' own `test` (e2e/support/test.ts) closes every browser context a test opened itself, so that no
 * page an earlier test left open keeps running beside the later ones. Two tests in one worker, one after the other.
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
