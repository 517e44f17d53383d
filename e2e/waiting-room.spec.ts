import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { look } from './support/look.js';
import { demoPassword, fillSignIn, pathIs, tokenOf } from './support/session.js';

/**
 * The waiting room (decision 041) in the browser. On an olympiad of its own (so the other specs' learners are
 * never held), the admissions a second are set to 0: a learner who signs in sees the waiting page with their
 * place, and their time has not started; the admin sees one waiting on the start-times screen; at 1 a second
 * the page lets the learner in by itself, and they write.
 */

const phone = { width: 360, height: 780 };

async function ok<T>(response: Promise<import('@playwright/test').APIResponse>): Promise<T> {
  const res = await response;
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as T;
}

/** An open olympiad with one question, the admin's, and a learner of the teacher's school in it. */
async function olympiadWithLearner(request: APIRequestContext) {
  const overlord = { Authorization: `Bearer ${await tokenOf(request, 'overlord')}` };
  const projects = await ok<{ items: Array<{ id: number }> }>(
    request.get('/olympus-project/v-rest/', { headers: overlord }),
  );
  const varName = `queue-${Date.now().toString(36)}`;
  const hour = 3_600_000;
  const { olympiad } = await ok<{ olympiad: { id: number } }>(
    request.post('/olympiad/v-rest/', {
      headers: overlord,
      data: {
        projectId: projects.items[0]!.id,
        varName,
        title: 'Queue Olympiad',
        year: 2030,
        feeCents: 0,
        durationMinutes: 30,
        startsAt: new Date(Date.now() - hour).toISOString(),
        endsAt: new Date(Date.now() + 5 * hour).toISOString(),
        instructions: '<p>One question, thirty minutes.</p>',
        declaration: '<p>I write on my own.</p>',
      },
    }),
  );
  const { module } = await ok<{ module: { id: number } }>(
    request.post('/question-module/v-rest/', {
      headers: overlord,
      data: { olympiadId: olympiad.id, title: 'Capitals' },
    }),
  );
  await ok(
    request.post('/question/v-rest/', {
      headers: overlord,
      data: {
        questionModuleId: module.id,
        type: 'true_false',
        prompt: '<p>Pretoria is one of South Africa’s capital cities.</p>',
        answerKey: { type: 'true_false', correct: true },
      },
    }),
  );
  const staff = await ok<{ items: Array<{ id: number; username: string }> }>(
    request.get('/olympiad-grant/v-rest/staff-search?search=admin', { headers: overlord }),
  );
  await ok(
    request.post('/olympiad-grant/v-rest/', {
      headers: overlord,
      data: { olympiadId: olympiad.id, userId: staff.items.find((u) => u.username === 'admin')!.id, role: 'admin' },
    }),
  );
  await ok(
    request.get(`/olympiad/api/set-olympiad-open/${olympiad.id}/true`, {
      headers: overlord,
      params: { confirm: 'true', reason: 'The waiting room browser test' },
    }),
  );
  const teacher = await ok<{ schoolId: number }>(
    request.post('/api/auth/signin', {
      data: { username: 'teacher', password: demoPassword, olympiadName: null, loginType: 'staff' },
    }),
  );
  await ok(
    request.post('/school-participant/v-rest/', {
      headers: overlord,
      data: { olympiadId: olympiad.id, schoolId: teacher.schoolId },
    }),
  );
  const { learner } = await ok<{ learner: { id: number; username: string; password: string } }>(
    request.post('/learner/v-rest/', {
      headers: overlord,
      data: { olympiadId: olympiad.id, schoolId: teacher.schoolId, firstName: 'Queue', lastName: 'Learner', grade: 9 },
    }),
  );
  const setRate = (admissionsPerSecond: number | null) =>
    ok(
      request.put('/api/sitting-waiting-room', {
        headers: overlord,
        params: { olympiadId: olympiad.id },
        data: { admissionsPerSecond },
      }),
    );
  return { varName, olympiadId: olympiad.id, learner, setRate };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('a learner waits their turn with their place shown, is let in by the page, and writes', async ({
  browser,
  request,
}, testInfo) => {
  test.setTimeout(150_000);
  const { varName, learner, setRate } = await olympiadWithLearner(request);
  await setRate(0);

  const context = await browser.newContext({ viewport: phone });
  const page = await context.newPage();
  await page.goto(`/${varName}/login`);
  await fillSignIn(page, learner.username, learner.password);
  await expect(page).toHaveURL(pathIs(`/${varName}/olympiad/instructions`));
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
