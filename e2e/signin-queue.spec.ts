import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { lookAtBothWidths } from './support/look.js';
import { olympiadWithLearner } from './support/olympiad.js';
import { fillSignIn, passwordField, pathIs, signInForm } from './support/session.js';

/**
 * The queue at sign-in (decision 053) in the browser. On an olympiad of its own, admission is paused and one
 * learner queued ahead; a learner who signs in on the olympiad's page is answered with their place instead of a
 * session: the page shows it, says their time has not started, and keeps the password only in the form. Leaving the
 * queue brings the form back, and signing in again finds the same place. When the admin lets learners in again, the
 * page signs in by itself and the learner reaches the olympiad's first step. The password is checked only then: a
 * learner who mistyped it waits their turn like anyone, and is told on the field once admitted.
 */

const queuePanel = (page: Page) => page.getByRole('region', { name: 'You are in the queue' });

test('a learner queued at sign-in sees their place, and the page signs them in when admission resumes', async ({
  page,
  browser,
  request,
}, testInfo) => {
  test.setTimeout(120_000);
  const { varName, learner, addLearner, setRate } = await olympiadWithLearner(request, { prefix: 'signin-queue' });
  await setRate(0);

  // Someone ahead: the room has a queue, and this learner has no session yet.
  const ahead = await addLearner('Ahead');
  const aheadSignin = await request.post('/api/auth/signin', {
    data: { username: ahead.username, password: ahead.password, olympiadName: varName, loginType: 'learner' },
  });
  expect(aheadSignin.status(), await aheadSignin.text()).toBe(202);
  expect(await aheadSignin.json()).toMatchObject({ queued: true, position: 1, estimateSeconds: null });

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/${varName}/login`);
  await fillSignIn(page, learner.username, learner.password);

  const panel = queuePanel(page);
  await expect(panel).toBeVisible();
  await expect(signInForm(page)).toHaveCount(0);
  await expect(panel.getByRole('status')).toHaveText('Number 2');
  await expect(panel.getByText('Paused', { exact: true })).toBeVisible();
  await expect(panel.getByText(/paused letting learners in/)).toBeVisible();
  await expect(panel.getByText('Your time has not started.')).toBeVisible();
  await expect(page).toHaveURL(pathIs(`/${varName}/login`));
  // Nothing is stored: the learner is not signed in while they wait.
  expect(await page.evaluate(() => window.localStorage.getItem('user'))).toBeNull();
  await lookAtBothWidths(page, testInfo, 'sign-in queue, paused');

  // Leaving the queue brings the form back as it was; signing in again finds the same place.
  await panel.getByRole('button', { name: 'Leave the queue' }).click();
  await expect(signInForm(page)).toBeVisible();
  await expect(passwordField(page)).toHaveValue(learner.password);
  await signInForm(page).getByRole('button', { name: 'Sign in' }).click();
  await expect(queuePanel(page).getByRole('status')).toHaveText('Number 2');

  // Behind them, on a phone, a learner who mistyped their password waits too: it is not checked yet.
  const typo = await addLearner('Typo');
  const phone = await browser.newContext({ viewport: { width: 360, height: 780 } });
  const typoPage = await phone.newPage();
  await typoPage.goto(`/${varName}/login`);
  await fillSignIn(typoPage, typo.username, `${typo.password}x`);
  await expect(queuePanel(typoPage).getByRole('status')).toHaveText('Number 3');

  // The admin lets learners in again: the page signs in by itself, at the olympiad's first step.
  await setRate(null);
  await expect(page).toHaveURL(pathIs(`/${varName}/olympiad/instructions`), { timeout: 30_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Queue');
  expect(await page.evaluate(() => window.localStorage.getItem('user'))).toContain(learner.username);

  // Admitted too, the mistyped password is now checked and shown on its field, with the form back.
  await expect(typoPage.getByText('This password is not right')).toBeVisible({ timeout: 30_000 });
  await expect(passwordField(typoPage)).toHaveValue('');
  await expect(typoPage).toHaveURL(pathIs(`/${varName}/login`));
  await phone.close();
});
