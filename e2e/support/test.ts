import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, plus one duty every journey needs: a browser context a test opens itself
 * (`browser.newContext()`, one for each person in the journey) is closed when the test ends.
 *
 * Playwright closes only the context it made for the test. The browser lives as long as the worker, so a
 * context left open keeps its pages running for the rest of the run: a learner's paper keeps sending its
 * heartbeat, an admin's page keeps polling, and the worker's later tests share the two cores with every page
 * an earlier test left behind. This fixture is set up before the test's own context and torn down after it, so a
 * failed test's screenshots and trace are taken first.
 */
export const test = base.extend<{ closesItsContexts: void }>({
  closesItsContexts: [
    async ({ browser }, use) => {
      const before = new Set(browser.contexts());
      await use();
      await Promise.all(
        browser
          .contexts()
          .filter((context) => !before.has(context))
          .map((context) => context.close()),
      );
    },
    { auto: true },
  ],
});
