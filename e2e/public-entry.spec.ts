import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { demoPassword } from './support/session.js';

/**
 * The public site's own light entry (decision 043), rendered on the server (decision 047): a visitor's public page
 * arrives with its content and loads one small script (islands.ts); the public site's app (public.html's bundle,
 * none of the staff app's) loads when the visitor first interacts and takes the page over where it is. A link out
 * of the public site (Sign in) is a full page load of the app, where signing in works as ever. Looked at, and
 * checked with axe, at 1280 and 360 px.
 */
test('a public page is read without any script; its content is in the HTML the server sends', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/geography/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: /pages/ }).getByRole('link', { name: 'FAQ' })).toBeVisible();
  await page.goto('/olympus/our-users');
  await expect(page.getByRole('heading', { level: 1, name: 'Our users' })).toBeVisible();
  await expect(page.locator('blockquote').first()).toBeVisible();
  await context.close();
});

test('a public page loads the public entry only, and Sign in leads into the app', async ({ page }, testInfo) => {
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await page.goto('/geography/home');
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  // Until the visitor interacts: the one small script, not even the public site's app.
  expect(scripts.some((s) => /^\/assets\/islands-[\w-]+\.js$/.test(s))).toBe(true);
  expect(scripts.some((s) => /^\/assets\/public-[\w-]+\.js$/.test(s))).toBe(false);
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSeriousA11yViolations(page, testInfo);
    await page.screenshot({ path: testInfo.outputPath(`geography-home-${width}.png`), fullPage: true });
  }

  // On a phone, the first press of the menu button loads the app, which opens the menu it was asked for.
  await page.setViewportSize({ width: 360, height: 800 });
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu).toBeVisible();
  expect(scripts.some((s) => /^\/assets\/public-[\w-]+\.js$/.test(s))).toBe(true);
  expect(scripts.some((s) => /^\/assets\/main-[\w-]+\.js$/.test(s))).toBe(false);

  // Within the public site: still no staff app.
  await menu.getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveURL(/\/olympus\/about$/);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  expect(scripts.some((s) => /^\/assets\/main-[\w-]+\.js$/.test(s))).toBe(false);
  await page.setViewportSize({ width: 1280, height: 900 });

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
