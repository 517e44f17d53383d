import { type BrowserContextOptions, type Page, test as base } from '@playwright/test';

export { expect } from '@playwright/test';

/**
 * Playwright's `test`, with two duties every journey needs.
 *
 * **One page a worker.** A journey's `page` (and its `context`) is the worker's own, reused from one test to the next
 * and wiped in between: cookies, permissions, the offline switch, routes, listeners, the origin's storage (local and
 * session storage, IndexedDB, caches, service workers) and the viewport. Opening a page is the dearest thing a
 * journey does on a machine of two cores: a fresh page starts a renderer that evaluates the app's seventy modules
 * anew, about 1.5 s more than the next document of a page that is already open, and a fresh context another 0.5 s
 * (measured in e2e runs of eight public pages: 33 s as eight tests, 9 s as one). Every test still starts on a new
 * document (a journey opens its first page with `goto`), so no script state carries over. A test that leaves
 * something a wipe cannot take back (an init script, a fake clock) asks for a page of its own with
 * `test.use({ freshPage: true })`.
 *
 * **Contexts a test opened are closed.** Playwright closes only the context it made for the test. The browser lives
 * as long as the worker, so a context left open (`browser.newContext()`, one for each further person in a journey)
 * keeps its pages running for the rest of the run: a learner's paper keeps sending its heartbeat, an admin's page
 * keeps polling, and the worker's later tests share the two cores with every page an earlier test left behind.
 */
interface Fixtures {
  /** This test gets a page and context of its own instead of the worker's. */
  freshPage: boolean;
  closesItsContexts: void;
}

interface WorkerFixtures {
  workerPage: { current: Page | null; options: BrowserContextOptions };
}

const contextOptionKeys = [
  'baseURL',
  'locale',
  'timezoneId',
  'userAgent',
  'deviceScaleFactor',
  'isMobile',
  'hasTouch',
  'colorScheme',
  'reducedMotion',
  'ignoreHTTPSErrors',
] as const;

/** Leaves the worker's page as a new one would be, on a same-origin document that loads no app. */
async function wipe(page: Page) {
  const context = page.context();
  for (const other of context.pages()) if (other !== page) await other.close();
  page.removeAllListeners();
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await context.unrouteAll({ behavior: 'ignoreErrors' });
  await context.setOffline(false);
  await context.clearCookies();
  await context.clearPermissions();
  await context.setExtraHTTPHeaders({});
  await page.goto('/api/health');
  await page.evaluate(async () => {
    localStorage.clear();
    sessionStorage.clear();
    const databases = await indexedDB.databases();
    await Promise.all(
      databases.map(
        ({ name }) =>
          new Promise<void>((resolve) => {
            if (!name) return resolve();
            const request = indexedDB.deleteDatabase(name);
            request.onsuccess = request.onerror = request.onblocked = () => resolve();
          }),
      ),
    );
    if ('caches' in window) for (const key of await caches.keys()) await caches.delete(key);
    const registrations = (await navigator.serviceWorker?.getRegistrations()) ?? [];
    await Promise.all(registrations.map((r) => r.unregister()));
  });
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  freshPage: [false, { option: true }],
  workerPage: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      const configured = workerInfo.project.use as Record<string, unknown>;
      const options = Object.fromEntries(
        contextOptionKeys.filter((k) => configured[k] !== undefined).map((k) => [k, configured[k]]),
      ) as BrowserContextOptions;
      const held: WorkerFixtures['workerPage'] = { current: null, options };
      await use(held);
      await held.current?.context().close();
    },
    { scope: 'worker' },
  ],
  context: async ({ freshPage, workerPage, browser, viewport }, use) => {
    if (freshPage) {
      const own = await browser.newContext({ ...workerPage.options, viewport });
      await use(own);
      await own.close();
      return;
    }
    let page = workerPage.current;
    if (!page || page.isClosed()) {
      await page?.context().close();
      page = await (await browser.newContext(workerPage.options)).newPage();
      workerPage.current = page;
    } else {
      await wipe(page);
    }
    await use(page.context());
  },
  page: async ({ freshPage, workerPage, context, viewport }, use, testInfo) => {
    const page = freshPage ? await context.newPage() : workerPage.current!;
    if (viewport && !freshPage) await page.setViewportSize(viewport);
    await use(page);
    if (testInfo.status !== testInfo.expectedStatus && !page.isClosed()) {
      const body = await page.screenshot({ fullPage: true }).catch(() => null);
      if (body) await testInfo.attach('the page when the test failed', { body, contentType: 'image/png' });
    }
  },
  closesItsContexts: [
    async ({ browser, workerPage }, use) => {
      const before = new Set(browser.contexts());
      await use();
      const kept = workerPage.current?.context();
      await Promise.all(
        browser
          .contexts()
          .filter((c) => !before.has(c) && c !== kept)
          .map((c) => c.close()),
      );
    },
    { auto: true },
  ],
});
