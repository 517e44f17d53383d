import type { Browser } from '@playwright/test';
import { requestJson } from './http.js';

/** Every demo account's password (server/seed/demo.ts). */
const demoPassword = 'olympus-demo';

/**
 * A demo learner brought to the paper through the API, as the journeys of e2e/ do for a page about something else:
 * signed in, the declaration accepted, the recovery PIN issued and confirmed, the details given. Answers the session
 * user the sign-in page would store under localStorage `user` (web/src/lib/session/storage.ts).
 */
export async function learnerAtThePaper(baseUrl: string, olympiad: string, username: string): Promise<string> {
  const signin = await requestJson<{ accessToken?: { token: string } }>(
    baseUrl,
    'POST',
    '/api/auth/signin',
    JSON.stringify({ username, password: demoPassword, olympiadName: olympiad, loginType: 'learner' }),
  );
  if (!signin.body?.accessToken) throw new Error(`sign-in of ${username} failed: ${signin.status}`);
  const headers = { authorization: `Bearer ${signin.body.accessToken.token}` };
  const base = `/api/sitting/${olympiad}`;
  const step = async <T>(method: string, path: string, body?: unknown) => {
    const json = body === undefined ? undefined : JSON.stringify(body);
    const res = await requestJson<T>(baseUrl, method, `${base}${path}`, json, headers);
    if (res.status !== 200) throw new Error(`${method} ${base}${path}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
  await step('POST', '/declaration', { accept: true });
  const { pin } = await step<{ pin: string }>('POST', '/recovery-pin');
  await step('POST', '/recovery-pin/confirm', { pin });
  await step('PUT', '/learner-details', { firstName: 'Bench', lastName: username, grade: 10 });
  return JSON.stringify(signin.body);
}

/**
 * Before each Lighthouse run of a learner's page: the browser's cache, service workers, Cache Storage and IndexedDB
 * of the site emptied, as for a first visit, but the stored user kept (Lighthouse is told not to reset storage, or
 * the page would open signed out). The user is put in place on /api/health, a page of the site that loads no app.
 */
export async function firstVisitSignedIn(browser: Browser, baseUrl: string, user: string): Promise<void> {
  const context = browser.contexts()[0]!;
  const page = await context.newPage();
  try {
    await page.goto(`${baseUrl}/api/health`);
    await page.evaluate((stored) => localStorage.setItem('user', stored), user);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Storage.clearDataForOrigin', {
      origin: new URL(baseUrl).origin,
      storageTypes: 'cache_storage,indexeddb,service_workers,websql,file_systems',
    });
  } finally {
    await page.close();
  }
}
