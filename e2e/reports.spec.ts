import { readFileSync } from 'node:fs';
import { type APIRequestContext, type Page } from '@playwright/test';
import { expect, test } from './support/test.js';
import { expectNoSeriousA11yViolations } from './support/axe.js';
import { demoAccounts, demoPassword, signIn } from './support/session.js';

/**
 * The reports (decision 038): the overlord's overview across every olympiad, the admin's report overview with its
 * charts (each with the table behind it) and the feedback report, each downloaded as a spreadsheet. A learner of
 * its own, added to geo-demo through the API, writes, finishes and leaves a comment first, so the feedback report
 * has a row this journey knows.
 */
const stamp = Date.now().toString(36);
const comment = `The maps were lovely ${stamp}`;
const account = (username: string) => demoAccounts.find((a) => a.username === username)!;
const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

async function tokenOf(request: APIRequestContext, username: string, password = demoPassword, olympiadName?: string) {
  const res = await request.post('/api/auth/signin', {
    data: { username, password, olympiadName: olympiadName ?? null, loginType: olympiadName ? 'learner' : 'staff' },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { accessToken: { token: string }; schoolId: number | null };
}

/** A new learner of the teacher's school in geo-demo walks to the end and gives feedback, all through the API. */
async function learnerWithFeedback(request: APIRequestContext) {
  const admin = await tokenOf(request, 'admin');
  const teacher = await tokenOf(request, 'teacher');
  const olympiad = (await (await request.get('/website/api/olympiad/geo-demo')).json()) as {
    olympiad?: { id: number };
    id?: number;
  };
  const olympiadId = olympiad.olympiad?.id ?? olympiad.id;
  const added = await request.post('/learner/v-rest/', {
    headers: auth(admin.accessToken.token),
    data: { olympiadId, schoolId: teacher.schoolId, firstName: 'Nomsa', lastName: `Reports ${stamp}`, grade: 9 },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const { learner } = (await added.json()) as { learner: { username: string; password: string } };
  const h = auth((await tokenOf(request, learner.username, learner.password, 'geo-demo')).accessToken.token);
  const base = '/api/sitting/geo-demo';
  const ok = async (res: Awaited<ReturnType<APIRequestContext['post']>>) =>
    expect(res.ok(), `${res.url()}: ${await res.text()}`).toBe(true);
  await ok(await request.post(`${base}/declaration`, { headers: h, data: { accept: true } }));
  const issued = await request.post(`${base}/recovery-pin`, { headers: h });
  const { pin } = (await issued.json()) as { pin: string };
  await ok(await request.post(`${base}/recovery-pin/confirm`, { headers: h, data: { pin } }));
  await ok(
    await request.put(`${base}/learner-details`, {
      headers: h,
      data: { firstName: 'Nomsa', lastName: `Reports ${stamp}`, grade: 9 },
    }),
  );
  await ok(await request.get(`${base}/paper`, { headers: h }));
  await ok(await request.post(`${base}/finish`, { headers: h }));
  await ok(await request.post(`${base}/feedback`, { headers: h, data: { rating: 4, comment } }));
}

async function download(page: Page, button: string, name: RegExp) {
  const [file] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: button }).click()]);
  expect(file.suggestedFilename()).toMatch(name);
  return readFileSync((await file.path())!);
}

test('the overlord sees every olympiad at a glance and downloads the overview as csv', async ({ page }, testInfo) => {
  await signIn(page, account('overlord'));
  await expect(page).toHaveURL(/\/overlord\/overview$/);
  await expect(page.getByRole('heading', { level: 1, name: /Welcome, Olwethu Dlamini/ })).toBeVisible();
  const figures = page.getByRole('list', { name: 'Every olympiad together' });
  await expect(figures.getByText('Olympiads')).toBeVisible();
  await expect(figures.getByText('Learners loaded')).toBeVisible();
  const olympiads = page.getByRole('table', { name: 'Olympiads' });
  await expect(olympiads.getByRole('link', { name: /Geography Olympiad \d+ \(demo\)$/ })).toBeVisible();
  // The chart's table is there for a screen reader, and shown on request.
  await page.getByRole('button', { name: 'Show as table' }).click();
  await expect(page.getByRole('table', { name: 'Over time' })).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);
  const csv = (await download(page, 'Download csv of the overview', /^overview-all-olympiads\.csv$/)).toString('utf8');
  expect(csv).toContain('Olympiad,Schools entered,Learners loaded');
  expect(csv).toMatch(/Geography Olympiad \d+ \(demo\),\d+,\d+/);
  await testInfo.attach('overlord overview', {
    body: await page.screenshot({ fullPage: true }),
    contentType: 'image/png',
  });
});

test('an admin reads the overview’s charts and the learners’ feedback, filters it and downloads it', async ({
  page,
  request,
}, testInfo) => {
  await learnerWithFeedback(request);
  await signIn(page, account('admin'));
  await expect(page.getByRole('heading', { level: 1, name: /Welcome, Annelie Botha/ })).toBeVisible();
  await expect(page.getByRole('list', { name: 'This olympiad’s figures' }).getByText('Finished')).toBeVisible();
  for (const chart of [
    'Registrations over time',
    'Learners by province and grade',
    'Starts per minute on exam day',
    'Score distribution',
  ])
    await expect(page.getByRole('heading', { level: 2, name: chart })).toBeVisible();
  // Each chart's figures are a table (visually hidden until asked for).
  await expect(page.getByRole('table', { name: 'Starts per minute on exam day', includeHidden: true })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page, testInfo);
  const xlsx = await download(page, 'Download xlsx of the charts’ figures', /^graph-data-geo-demo\.xlsx$/);
  expect(xlsx.subarray(0, 2).toString()).toBe('PK');

  await page.getByRole('link', { name: 'Feedback' }).click();
  await expect(page).toHaveURL(/\/geo-demo\/admin\/reports\/feedback$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Feedback' })).toBeVisible();
  await expect(page.getByRole('cell', { name: comment })).toBeVisible();
  await page.getByRole('button', { name: 'Show as table' }).click();
  await expect(page.getByRole('table', { name: 'Ratings' }).getByRole('cell', { name: '4 stars' })).toBeVisible();
  // Filtered to another rating, the comment is gone; back to four stars, it is there.
  await page.getByRole('combobox', { name: 'Rating' }).click();
  await page.getByRole('option', { name: '1 star', exact: true }).click();
  await expect(page.getByRole('cell', { name: comment })).toHaveCount(0);
  await page.getByRole('combobox', { name: 'Rating' }).click();
  await page.getByRole('option', { name: '4 stars' }).click();
  await expect(page.getByRole('cell', { name: comment })).toBeVisible();
  await expectNoSeriousA11yViolations(page, testInfo);
  const csv = (await download(page, 'Download csv of the feedback', /^feedback-geo-demo\.csv$/)).toString('utf8');
  expect(csv).toContain(comment);
  expect(csv).toContain('Given at,First name,Last name,Username,School,Grade,Rating,Comment');
  // Each time is the olympiad's own, with its offset (South Africa: +02:00).
  expect(csv).toMatch(/\n\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+02:00,/);
  await testInfo.attach('feedback', { body: await page.screenshot({ fullPage: true }), contentType: 'image/png' });
});

test('a failed load of the user data alerts “Something went wrong...getUserData” and the page still reads', async ({
  page,
}, testInfo) => {
  // docs/spec.md §8: a failed dashboard user load alerts "Something went wrong...getUserData". The server fails
  // here as it would when down (500, the one error shape), for the admin's landing page and the overlord's.
  const failed: string[] = [];
  await page.route('**/dashboard/user?*', (route) => {
    failed.push(route.request().url());
    return route.fulfill({
      status: 500,
      json: { success: false, message: 'Internal error', error: 'Internal error', code: 'internal' },
    });
  });
  const alert = page.getByRole('alert').filter({ hasText: 'Something went wrong...getUserData' });

  await signIn(page, account('admin'));
  await expect(page).toHaveURL(/\/geo-demo\/admin\/reports\/overview$/);
  await expect(alert).toHaveCount(1, { timeout: 15_000 });
  await expect(alert).toContainText('Something went wrong...getUserData');
  expect(failed.some((url) => url.includes('section=admin'))).toBe(true);
  // The rest of the page does not depend on it: the greeting falls back to the signed-in name, the figures load.
  await expect(page.getByRole('heading', { level: 1, name: /Welcome, / })).toBeVisible();
  await expect(page.getByRole('list', { name: 'This olympiad’s figures' }).getByText('Finished')).toBeVisible();
  await testInfo.attach('user data failed (admin)', { body: await page.screenshot(), contentType: 'image/png' });

  await page.evaluate(() => window.localStorage.clear());
  await signIn(page, account('overlord'));
  await expect(page).toHaveURL(/\/overlord\/overview$/);
  await expect(alert).toHaveCount(1, { timeout: 15_000 });
  expect(failed.some((url) => url.includes('section=overlord'))).toBe(true);
  await expect(page.getByRole('list', { name: 'Every olympiad together' }).getByText('Olympiads')).toBeVisible();
});

test.describe('at 360 px', () => {
  test.use({ viewport: { width: 360, height: 780 } });

  test('the admin’s overview and feedback read on a phone', async ({ page }, testInfo) => {
    await signIn(page, account('admin'));
    await expect(page.getByRole('heading', { level: 2, name: 'Score distribution' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo);
    await testInfo.attach('360px overview', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
    await page.goto('/geo-demo/admin/reports/feedback');
    await expect(page.getByRole('heading', { level: 2, name: 'Comments' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, testInfo);
    await testInfo.attach('360px feedback', {
      body: await page.screenshot({ fullPage: true }),
      contentType: 'image/png',
    });
  });
});
