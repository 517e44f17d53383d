import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { demoAccounts, signIn } from './support/session.js';

/**
 * The app runs under its own Content-Security-Policy: Chromium reports every blocked script, style, image
 * or connection in the console (and as a `securitypolicyviolation` event); a page that works only with
 * the policy off would show one here.
 */

/** Collects CSP violations as the browser reports them, from the console and from the page's own event. */
function watchViolations(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (msg) => {
    const text = msg.text();
    if (/Content Security Policy|Refused to (load|execute|apply|connect|frame)/i.test(text)) seen.push(text);
  });
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `Refused to load: CSP ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber}:${e.columnNumber})`,
      );
    });
  });
  return seen;
}

// watchViolations adds an init script, which no wipe takes off a page: these tests get pages of their own.
test.use({ freshPage: true });

test('the sign-in page runs under the policy, with no violation', async ({ page }) => {
  const violations = watchViolations(page);
  const response = await page.goto('/login');
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response?.headers()['x-content-type-options']).toBe('nosniff');
  await expect(page.getByRole('form', { name: 'Sign in' })).toBeVisible();
  // Styles from Mantine are applied (a blocked style would leave the button unstyled).
  const button = page.getByRole('button', { name: 'Sign in' });
  await expect(button).toBeVisible();
  expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  expect(violations).toEqual([]);
});

test('a signed-in admin’s pages run under the policy, with no violation', async ({ page }) => {
  const violations = watchViolations(page);
  const admin = demoAccounts.find((a) => a.username === 'admin')!;
  await signIn(page, admin);
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.goto('/geo-demo/admin/edit/schools');
  await expect(page.getByRole('heading').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('a learner’s sitting page runs under the policy, with no violation', async ({ page }) => {
  const violations = watchViolations(page);
  const learner = demoAccounts.find((a) => a.username === 'learner2')!;
  await signIn(page, learner);
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual([]);
});

test('the app cannot be framed by another page', async ({ page }) => {
  await page.goto('/login');
  const origin = new URL(page.url()).origin;
  // A page of another origin (about:blank's srcdoc is not ours) tries to frame the sign-in page.
  await page.setContent(`<iframe id="f" src="${origin}/login" style="width:400px;height:300px"></iframe>`);
  const frame = page.frameLocator('#f');
  await page.waitForTimeout(1000);
  await expect(frame.getByRole('form', { name: 'Sign in' })).toHaveCount(0);
});

test('an API path never answers the web app', async ({ request }) => {
  for (const path of ['/user/rest/nothing', '/purchase-order/nothing', '/certificates/nothing']) {
    const response = await request.get(path, { headers: { accept: 'text/html' } });
    expect(response.status(), path).toBe(404);
    expect(response.headers()['content-type'], path).toMatch(/application\/json/);
    expect(await response.json(), path).toMatchObject({ success: false, code: 'not_found' });
  }
});
