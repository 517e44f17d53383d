import { expect, test } from '@playwright/test';
import { look } from './support/look.js';
import { fillSignIn, demoPassword } from './support/session.js';

test('scratch: the queue panel with a mocked server', async ({ page }, testInfo) => {
  let admitted = false;
  let estimate: number | null = 340;
  let signins = 0;
  await page.route('**/api/auth/signin', async (route) => {
    signins += 1;
    if (!admitted) {
      await route.fulfill({
        status: 202,
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          queued: true,
          message: 'Queued',
          pass: '1.2.3.abcdefghijklmnopqrstuv',
          position: 40,
          estimateSeconds: estimate,
        }),
      });
    } else await route.continue();
  });
  let polls = 0;
  await page.route('**/api/sitting/*/queue?*', async (route) => {
    polls += 1;
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, admitted, position: admitted ? 0 : 12, estimateSeconds: estimate }),
    });
  });
  for (const width of [1280, 360]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 800 });
    await page.goto('/geo-demo/login');
    await fillSignIn(page, 'learner2', demoPassword);
    await expect(page.getByRole('region', { name: 'You are in the queue' }).getByRole('status')).toHaveText(
      'Number 40',
    );
    await look(page, testInfo, 'queue estimate');
    await expect(page.getByRole('region', { name: 'You are in the queue' }).getByRole('status')).toHaveText(
      'Number 12',
      { timeout: 15_000 },
    );
    await page.getByRole('button', { name: 'Leave the queue' }).click();
  }
  estimate = null;
  await page.getByRole('button', { name: 'Sign in' }).click();
  await look(page, testInfo, 'queue paused');
  await page.setViewportSize({ width: 1280, height: 800 });
  await look(page, testInfo, 'queue paused');
  estimate = 3;
  const before = polls;
  admitted = true;
  await expect(page).toHaveURL(/geo-demo\/olympiad\//, { timeout: 20_000 });
  console.log('polls', polls, 'before', before, 'signins', signins);
});

test('scratch: /login, admitted, then a wrong password shows on its field', async ({ page }, testInfo) => {
  let admitted = false;
  await page.route('**/api/auth/signin', async (route) => {
    if (!admitted) {
      await route.fulfill({
        status: 202,
        contentType: 'application/json',
        body: JSON.stringify({
          success: true,
          queued: true,
          message: 'Queued',
          pass: '1.2.3.abcdefghijklmnopqrstuv',
          position: 3,
          estimateSeconds: 4,
        }),
      });
    } else {
      const body = route.request().postDataJSON();
      await route.continue({ postData: JSON.stringify({ ...body, password: 'not-the-password' }) });
    }
  });
  await page.route('**/api/sitting/*/queue?*', async (route) => {
    await route.fulfill({
      status: 200,
      contentType: 'application/json',
      body: JSON.stringify({ success: true, admitted, position: admitted ? 0 : 1, estimateSeconds: 1 }),
    });
  });
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/login');
  await fillSignIn(page, 'learner2', demoPassword, 'geo-demo');
  const panel = page.getByRole('region', { name: 'You are in the queue' });
  await expect(panel.getByRole('status')).toHaveText('Number 3');
  await expect(page.getByText(/recovery PIN/)).toHaveCount(0);
  await expect(panel.getByRole('heading', { name: 'You are in the queue' })).toBeFocused();
  await look(page, testInfo, 'login queue');
  await expect(panel.getByRole('status')).toHaveText('Number 1', { timeout: 5_000 });
  admitted = true;
  await expect(page.getByText('This password is not right')).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('');
  await expect(page.getByText(/recovery PIN/)).toBeVisible();
  await look(page, testInfo, 'login after wrong password');
});
