import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { demoPassword } from './support/session.js';

/**
 * The public site's own light entry (decision 043): a visitor's public page loads public.html's bundle and none
 * of the staff app's; its links within the public site stay in it, and a link out of it (Sign in) is a full page
 * load of the app, where signing in works as ever. Looked at, and checked with axe, at 1280 and 360 px.
 */
test('a public page loads the public entry only, and Sign in leads into the app', async ({ page }, testInfo) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/geography/home');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(scripts.some((s) => /^\/assets\/public-[\w-]+\.js$/.test(s))).toBe(true);
  expect(scripts.some((s) => /^\/assets\/main-[\w-]+\.js$/.test(s))).toBe(false);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page, testInfo);
    await page.screenshot({ path: testInfo.outputPath(`geography-home-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // Within the public site: no page load, still no staff app.
  await page.getByRole('navigation', { name: 'Site' }).first().getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/olympus\/about$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(scripts.some((s) => /^\/assets\/main-[\w-]+\.js$/.test(s))).toBe(false);

  // Out of it: the app's sign-in page, by a full page load, and signing in works.
  await page.getByRole('link', { name: 'Sign in' }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByLabel(/username/i).first()).toBeVisible();
  expect(scripts.some((s) => /^\/assets\/main-[\w-]+\.js$/.test(s))).toBe(true);
  await page
    .getByLabel(/username/i)
    .first()
    .fill('teacher');
  await page
    .getByLabel(/password/i)
    .first()
    .fill(demoPassword);
  await page
    .getByRole('button', { name: /sign in/i })
    .first()
    .click();
  await expect(page).not.toHaveURL(/\/login$/);
});
