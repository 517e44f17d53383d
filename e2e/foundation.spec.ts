import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import {
  demoAccounts,
  demoPassword,
  fillSignIn,
  landing,
  passwordField,
  pathIs,
  signIn,
  signInAtLogin,
  signInForm,
  usernameField,
} from './support/session.js';

/** Every demo account signs in and lands in its own area; the guards of docs/spec.md §6 hold. */

test.describe('each demo account signs in at /login and lands in its own area', () => {
  for (const account of demoAccounts) {
    test(`${account.username} → ${account.home}`, async ({ page }) => {
      await signInAtLogin(page, account);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      await expect(page.getByText(account.name).first()).toBeVisible();
      // Still there after a reload: the session is kept in the browser.
      await page.reload();
      await expect(page).toHaveURL(landing(account));
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    });
  }
});

test('a learner who opens /overlord/overview is sent to /login', async ({ page }) => {
  const learner = demoAccounts.find((a) => a.username === 'learner1');
  if (!learner) throw new Error('learner1 is missing from the demo accounts');
  await signIn(page, learner, { at: '/overlord/overview' });
  await expect(page).toHaveURL(pathIs('/login'));
  // Who is signed in, and the way home; the form waits behind "Sign in as someone else".
  await expect(page.getByText(`You are signed in as ${learner.name}`)).toBeVisible();
  await expect(signInForm(page)).toHaveCount(0);
  await page.getByRole('button', { name: 'Sign in as someone else' }).click();
  await expect(signInForm(page)).toBeVisible();
});

test('a signed-out visitor who opens /portal is sent to /login', async ({ page }) => {
  await page.goto('/portal');
  await expect(page).toHaveURL(pathIs('/login'));
  await expect(signInForm(page)).toBeVisible();
});

test('a stranger on an unknown path sees the not-found page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(pathIs('/no/such/page'));
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
});

test('a wrong password shows an inline error on the password field', async ({ page }) => {
  await page.goto('/login');
  await fillSignIn(page, 'teacher', `${demoPassword}-wrong`);
  // The message is shown under the field and is the field's accessible description (aria-describedby).
  await expect(page.getByText('This password is not right', { exact: false })).toBeVisible();
  await expect(passwordField(page)).toHaveAccessibleDescription(/This password is not right/);
  await expect(usernameField(page)).not.toHaveAccessibleDescription(/./);
  await expect(page).toHaveURL(pathIs('/login'));
});

test('an unknown username shows an inline error on the username field', async ({ page }) => {
  await page.goto('/login');
  await fillSignIn(page, 'nobody-by-this-name', demoPassword);
  await expect(page.getByText('We do not know this username', { exact: false })).toBeVisible();
  await expect(usernameField(page)).toHaveAccessibleDescription(/We do not know this username/);
  await expect(page).toHaveURL(pathIs('/login'));
});

test.describe('accessibility (axe, WCAG 2.1 AA): no serious or critical violations', () => {
  test('/login', async ({ page }, testInfo) => {
    await page.goto('/login');
    await expect(signInForm(page)).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo);
  });

  test('/login with a wrong password shown', async ({ page }, testInfo) => {
    await page.goto('/login');
    await fillSignIn(page, 'teacher', `${demoPassword}-wrong`);
    await expect(passwordField(page)).toHaveAccessibleDescription(/This password is not right/);
    await expectNoSeriousA11yViolations(page, testInfo);
  });

  test('/ (the public home)', async ({ page }, testInfo) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo);
  });
});
