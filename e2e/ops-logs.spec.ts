import { type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { demoAccounts, demoPassword, signIn } from './support/session.js';

/**
 * The overlord's search and logs (decision 037), through the UI: find a learner and follow the link to their
 * list, find a school's name change in the activity log with its before and after, open the app log and
 * learner login activity. axe on every page.
 */
const overlord = demoAccounts.find((a) => a.username === 'overlord')!;
const stamp = Date.now().toString(36);

/** A bearer token of the overlord, for setting the scene through the API. */
async function overlordHeaders(page: Page) {
  const res = await page.context().request.post('/api/auth/signin', {
    data: { username: 'overlord', password: demoPassword, loginType: 'staff' },
  });
  return { authorization: `Bearer ${((await res.json()) as { accessToken: { token: string } }).accessToken.token}` };
}

test('the overlord searches a learner, reads a school’s name change in the activity log, opens the app log', async ({
  page,
}, testInfo) => {
  test.setTimeout(120_000);
  await signIn(page, overlord);

  // 1. Search: a learner by username, and the link to the list that shows them.
  await page.goto('/overlord/search');
  await page.getByRole('searchbox', { name: /Username, EMIS number/ }).fill('learner2');
  const results = page.getByRole('list', { name: 'Search results' });
  const hit = results.getByRole('link', { name: 'learner2', exact: true }).first();
  await expect(hit).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);
  await hit.click();
  // learner2 writes more than one demo olympiad: the hit opens its own olympiad's learners, searched.
  await expect(page).toHaveURL(/\/[\w-]+\/admin\/edit\/learners\?schoolId=\d+&search=learner2$/);
  await expect(page.getByRole('searchbox').first()).toHaveValue('learner2');
  await expect(page.getByRole('table').getByText('learner2', { exact: true })).toBeVisible();

  // 2. A school's name changes (set up through the API), then the activity log finds it with before and after.
  const api = page.context().request;
  const headers = await overlordHeaders(page);
  // A school of this test's own: the demo schools stay as other journeys expect them.
  const created = await api.post('/school/v-rest/', {
    headers,
    data: { name: `Logs High ${stamp}`, emisNumber: String(Date.now()).slice(-9), province: 'Gauteng' },
  });
  expect(created.status()).toBe(200);
  const school = ((await created.json()) as { school: { id: number; name: string } }).school;
  const renamed = `Renamed High ${stamp}`;
  expect((await api.put(`/school/v-rest/${school.id}`, { headers, data: { name: renamed } })).status()).toBe(200);

  await page.goto('/overlord/activity-logs');
  await page.getByLabel('Action').fill('school.update');
  await page.getByLabel('Record kind').fill('school');
  await page.getByLabel('Record id').fill(String(school.id));
  const log = page.getByRole('table', { name: 'Activity log' });
  await expect(log.getByRole('row')).toHaveCount(2);
  await expect(log).toContainText('school.update');
  await expectNoSeriousA11yViolations(page, testInfo);
  await log
    .getByRole('button', { name: /Before and after/ })
    .first()
    .click();
  const diff = page.getByRole('dialog').getByRole('table', { name: 'Before and after' });
  const nameRow = diff.getByRole('row', { name: /^name/ });
  await expect(nameRow).toContainText(school.name);
  await expect(nameRow).toContainText(renamed);
  await expectNoSeriousA11yViolations(page, testInfo);
  await page.keyboard.press('Escape');

  // 3. The app log viewer: the keys and the entries.
  await page.goto('/overlord/app-log-viewer');
  await expect(page.getByRole('heading', { name: 'App log viewer' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Where from' })).toBeVisible();
  await expect(page.getByText(/\d+ entries/)).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);

  // 4. Learner login activity: the chart's table and the table per school.
  await page.goto('/overlord/learner-login-activity');
  await expect(page.getByRole('heading', { name: 'Learner login activity' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Sign-ins and failed sign-ins over time' })).toBeAttached();
  await expect(page.getByRole('table', { name: 'Sign-ins per olympiad and school' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);
});
