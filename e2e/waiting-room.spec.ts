import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { look } from './support/look.js';
import { olympiadWithLearner } from './support/olympiad.js';
import { demoPassword, fillSignIn, pathIs } from './support/session.js';

/**
 * The waiting room (decision 041) in the browser. On an olympiad of its own (so the other specs' learners are
 * never held), the admissions a second are set to 0. Since decision 053 a learner who signs in while the olympiad
 * is open waits at the sign-in (signin-queue.spec.ts); one who signed in before it opened takes their place at their
 * first look at the sitting once it is open, which is this room. Such a learner sees the waiting page with their
 * place, and their time has not started; the admin sees one waiting on the start-times screen; at 1 a second the
 * page lets the learner in by itself, and they write.
 */

const phone = { width: 360, height: 780 };

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a learner waits their turn with their place shown, is let in by the page, and writes', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const { varName, learner, setRate, open } = await olympiadWithLearner(request, { open: false });
  await setRate(0);

  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await page.goto(`/${varName}/login`);
  await fillSignIn(page, learner.username, learner.password);
  await expect(page).toHaveURL(pathIs(`/${varName}/olympiad/instructions`));
  // Before the window opens, a look at the sitting takes no place (decision 053): the page says it is not open.
  await expect(heading(page)).toHaveText(/is not open right now/);
  // The olympiad opens while nobody is let in: the learner's next look takes the first place in the room.
  await open();
  await page.reload();
  await expect(heading(page)).toHaveText('You are in the waiting room');
  await expect(page.getByRole('status').filter({ hasText: 'Number 1' })).toBeVisible();
  await expect(page.getByText('Your time has not started.')).toBeVisible();
  await look(page, testInfo, 'waiting room');

  // The admin sees one learner waiting on the day's screen.
  const admin = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await admin.goto('/login');
  await fillSignIn(admin, 'admin', demoPassword);
  await expect(admin).toHaveURL(/\/admin\//);
  await admin.goto(`/${varName}/admin/reports/start-times`);
  const panel = admin.getByRole('region', { name: 'Waiting room' });
  await expect(panel).toContainText('Waiting now');
  await expect(panel.getByText('Waiting now').locator('..')).toContainText('1');
  await look(admin, testInfo, 'start times with the waiting room');

  // One a second: the page lets the learner in by itself, at the instructions.
  await setRate(1);
  await expect(heading(page)).toHaveText('Hello, Queue', { timeout: 30_000 });
  await page.getByRole('link', { name: 'Continue' }).click();
  await page.getByRole('checkbox', { name: /I have read the declaration/ }).check();
  await page.getByRole('button', { name: 'I accept' }).click();
  await expect(page).toHaveURL(pathIs(`/${varName}/olympiad/recovery-pin`));
  await page.getByRole('button', { name: 'Show my PIN' }).click();
  await expect(page.getByRole('group', { name: /Your recovery PIN/ })).toHaveText(/^\d{6}$/);
  await page.getByRole('checkbox', { name: 'I have written it down' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(pathIs(`/${varName}/olympiad/learner-details`));
  await page.getByRole('button', { name: /These are correct/ }).click();
  await expect(page).toHaveURL(pathIs(`/${varName}/olympiad/0/intro`));
  await page.getByRole('link', { name: /Start this section/ }).click();
  await page.getByRole('radio', { name: 'True' }).check();
  await expect(page.getByRole('status').filter({ hasText: /saved/i })).toBeVisible();

  await setRate(null);
  await context.close();
  await admin.close();
});
