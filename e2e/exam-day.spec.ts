import { type APIRequestContext, type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './support/test.js';
import { demoPassword, fillSignIn, pathIs } from './support/session.js';
import { look } from './support/look.js';

/**
 * The exam day in the browser, on a phone-width screen. learner1 writes the whole of geo-demo (passing over the map
 * section's questions, which question-types.spec.ts answers), loses the network half-way and keeps answering, comes
 * back and every answer is stored; reloads and resumes at the same question; axe on every learner page. On geo-quick
 * (2 minutes) the time runs out and the server finishes the attempt.
 *
 * Both tests change learner1's attempts; they reset them at the end through the admin call, so the demo
 * data is as it was for the other specs.
 */

const phone = { width: 360, height: 780 };
test.use({ viewport: phone });

interface SubmittedAnswer {
  questionId: number;
  type: string;
  value: Record<string, unknown> | null;
  flagged: boolean;
  savedAt: string | null;
}
interface Submitted {
  attempt: { status: string; finishReason: string | null; score: number | null } | null;
  answers: SubmittedAnswer[];
}

async function overlordToken(request: APIRequestContext): Promise<string> {
  const response = await request.post('/api/auth/signin', {
    data: { username: 'overlord', password: demoPassword, olympiadName: null, loginType: 'staff' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { accessToken: { token: string } }).accessToken.token;
}

async function submittedData(request: APIRequestContext, learnerId: number): Promise<Submitted> {
  const token = await overlordToken(request);
  const response = await request.get(`/participant/get-submitted-data/${learnerId}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as Submitted;
}

async function resetAttempt(request: APIRequestContext, olympiadId: number, learnerId: number) {
  const token = await overlordToken(request);
  await request.get(`/participant/reset/${olympiadId}/${learnerId}`, { headers: { Authorization: `Bearer ${token}` } });
}

/** The signed-in learner as the page stored it. */
async function storedUser(page: Page): Promise<{ id: number; olympiadId: number; accessToken: { token: string } }> {
  return page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const saveStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /saved|Saving|Offline|trying again|automatically/ });

/** Signs in on /{o}/login and walks instructions → declaration → PIN → details; returns the PIN. */
async function startSitting(page: Page, testInfo: TestInfo | null, olympiad: string): Promise<string> {
  await page.goto(`/${olympiad}/login`);
  await fillSignIn(page, 'learner1', demoPassword);
  await expect(page).toHaveURL(pathIs(`/${olympiad}/olympiad/instructions`));
  await expect(heading(page)).toHaveText('Hello, Lerato');
  if (testInfo) await look(page, testInfo, 'instructions');
  await page.getByRole('link', { name: 'Continue' }).click();

  await expect(heading(page)).toHaveText('Your promise');
  // Accepting without the tick says what to do.
  await page.getByRole('button', { name: 'I accept' }).click();
  await expect(page.getByText('Tick this box to accept the declaration.')).toBeVisible();
  if (testInfo) await look(page, testInfo, 'declaration');
  await page.getByRole('checkbox', { name: /I have read the declaration/ }).check();
  await page.getByRole('button', { name: 'I accept' }).click();

  await expect(page).toHaveURL(pathIs(`/${olympiad}/olympiad/recovery-pin`));
  await page.getByRole('button', { name: 'Show my PIN' }).click();
  const pin = page.getByRole('group', { name: /Your recovery PIN/ });
  await expect(pin).toHaveText(/^\d{6}$/);
  const pinText = (await pin.textContent())?.trim() ?? '';
  if (testInfo) await look(page, testInfo, 'recovery PIN');
  await page.getByRole('checkbox', { name: 'I have written it down' }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(pathIs(`/${olympiad}/olympiad/learner-details`));
  await expect(page.getByRole('textbox', { name: 'First name' })).toHaveValue('Lerato');
  if (testInfo) await look(page, testInfo, 'learner details');
  await page.getByRole('button', { name: /These are correct/ }).click();
  await expect(page).toHaveURL(pathIs(`/${olympiad}/olympiad/0/intro`));
  return pinText;
}

/**
 * Answers the question on screen by its kind; returns what was given, for the check at the end. The map section's
 * interactions (decision 084) are left unanswered, as a learner may leave any question: question-types.spec.ts
 * answers each of them by mouse, by touch and by keyboard.
 */
async function answer(page: Page, n: number): Promise<string | null> {
  const group = page
    .getByRole('group')
    .filter({ has: page.locator('legend') })
    .first();
  const legend =
    (await page
      .locator('legend')
      .first()
      .textContent()
      .catch(() => null)) ?? '';
  if (legend.startsWith('Choose one answer')) {
    await group.getByRole('radio').first().check();
    return 'single';
  }
  if (legend.startsWith('Choose all that apply')) {
    await group.getByRole('checkbox').nth(0).check();
    await group.getByRole('checkbox').nth(1).check();
    return 'multiple';
  }
  if (legend.startsWith('True or false?')) {
    await group.getByRole('radio', { name: 'True' }).check();
    return 'true_false';
  }
  const numeric = page.getByRole('textbox', { name: 'Your answer (a number)' });
  if (await numeric.count()) {
    // A comma decimal, as South African learners write it.
    await numeric.fill(`${n},5`);
    return 'numeric';
  }
  const text = page.getByRole('textbox', { name: 'Your answer', exact: true });
  if (!(await text.count())) return null;
  await text.fill(`Answer ${n}`);
  return 'short_text';
}

test('learner1 writes geo-demo on a phone: offline half-way, reload, resume, hand in, feedback', async ({
  page,
  context,
  request,
}, testInfo) => {
  test.setTimeout(240_000);
  const pin = await startSitting(page, testInfo, 'geo-demo');
  expect(pin).toMatch(/^\d{6}$/);
  const user = await storedUser(page);

  try {
    // Section 1's introduction, then every question.
    await expect(heading(page)).toBeFocused();
    await look(page, testInfo, 'section intro');
    await page.getByRole('link', { name: /Start this section/ }).click();
    await expect(page).not.toHaveURL(/\/intro$/);

    const given = new Map<number, string>();
    const kindsLooked = new Set<string>();
    let n = 0;
    let wentOffline = false;
    let reloaded = false;
    for (let guard = 0; guard < 30; guard++) {
      if (/\/summary$/.test(new URL(page.url()).pathname)) break;
      if (/\/intro$/.test(new URL(page.url()).pathname)) {
        await expect(heading(page)).toBeFocused();
        await page.getByRole('link', { name: /Start this section/ }).click();
        await expect(page).not.toHaveURL(/\/intro$/);
        continue;
      }
      n += 1;
      await expect(heading(page)).toContainText(`Question ${n}`);
      // Focus moves to the question's heading, so a screen reader starts at the question.
      await expect(heading(page)).toBeFocused();

      if (n === 4) {
        await context.setOffline(true);
        wentOffline = true;
      }
      if (n !== 9) {
        const kind = await answer(page, n);
        if (kind) given.set(n, kind);
        // axe on every kind of question (choices, pictures as options, true/false, number, text).
        const pictures = (await page.locator('fieldset img').count()) > 0;
        const seen = `${kind}${pictures ? ' with pictures' : ''}`;
        if (kind && !kindsLooked.has(seen)) {
          kindsLooked.add(seen);
          await look(page, testInfo, `question ${n} (${seen})`);
        }
      }
      if (n === 3) {
        await page.getByRole('button', { name: 'Flag for review' }).click();
        await expect(page.getByRole('button', { name: 'Flagged for review' })).toHaveAttribute('aria-pressed', 'true');
      }
      if (wentOffline && n >= 4 && n <= 6) {
        await expect(saveStatus(page)).toContainText('Offline');
        if (n === 5) await look(page, testInfo, 'offline');
      }
      if (n === 6) {
        // Back online: everything kept on the device is sent.
        await context.setOffline(false);
        await expect(saveStatus(page)).toHaveText('All answers saved', { timeout: 20_000 });
      }
      if (n === 8 && !reloaded) {
        await expect(saveStatus(page)).toHaveText('All answers saved', { timeout: 10_000 });
        const here = new URL(page.url()).pathname;
        // Reload: the same question, with its answer.
        await page.reload();
        await expect(page).toHaveURL(pathIs(here));
        await expect(heading(page)).toContainText('Question 8');
        // The home page (a fresh sign-in lands there) sends the learner back to where they were.
        await page.goto('/geo-demo/olympiad/instructions');
        await expect(page).toHaveURL(pathIs(here));
        // A deep link can skip nothing: the finished page is not open yet.
        await page.goto('/geo-demo/olympiad/finished');
        await expect(page).toHaveURL(pathIs(here));
        await expect(heading(page)).toContainText('Question 8');
        reloaded = true;

        // Lost session: the recovery PIN signs the learner in again, back at the same question.
        await page.evaluate(() => localStorage.clear());
        await page.goto('/geo-demo/login');
        await page.getByRole('button', { name: 'Lost your session? Use your recovery PIN' }).click();
        const recover = page.getByRole('form', { name: 'Sign in with your recovery PIN' });
        await recover.getByRole('textbox', { name: 'Username' }).fill('learner1');
        await recover.getByRole('textbox', { name: 'Recovery PIN' }).fill(pin);
        await recover.getByRole('button', { name: 'Carry on writing' }).click();
        await expect(page).toHaveURL(pathIs(here));
        await expect(heading(page)).toContainText('Question 8');
      }
      if (n === 9) {
        // An answer the server never acknowledged survives a reload (IndexedDB outbox) and is sent afterwards.
        await page.route('**/api/sitting/*/answers/**', (route) => route.abort('internetdisconnected'));
        given.set(n, (await answer(page, n))!);
        await expect(saveStatus(page)).toContainText('Offline');
        await page.reload();
        await expect(heading(page)).toContainText('Question 9');
        await expect(saveStatus(page)).toContainText('Offline: 1 answer kept on this device');
        await page.unroute('**/api/sitting/*/answers/**');
        await expect(saveStatus(page)).toHaveText('All answers saved', { timeout: 30_000 });
      }
      const offlineNow = wentOffline && n >= 4 && n < 6;
      if (!offlineNow) await expect(saveStatus(page)).toHaveText('All answers saved', { timeout: 20_000 });
      const before = new URL(page.url()).pathname;
      await page.getByRole('navigation', { name: 'Question navigation' }).getByRole('link').last().click();
      await expect(page).not.toHaveURL(pathIs(before));
    }
    expect(wentOffline && reloaded).toBe(true);
    // Every question of the three sections was shown.
    expect(n).toBe(19);
    expect([...kindsLooked].sort()).toEqual(
      expect.arrayContaining(['multiple', 'numeric', 'short_text', 'single', 'single with pictures', 'true_false']),
    );

    // The summary lists what is flagged, then hand in with a confirmation.
    await expect(heading(page)).toHaveText('Check before you hand in');
    await expect(page.getByRole('heading', { name: /Flagged for review \(1\)/ })).toBeVisible();
    await look(page, testInfo, 'summary');

    // Every answer given (the offline ones included) is stored on the server, as given.
    const stored = await submittedData(request, user.id);
    const saved = stored.answers.filter((a) => a.savedAt !== null);
    expect(saved).toHaveLength(given.size);
    const numeric = saved.filter((a) => a.type === 'numeric').map((a) => a.value?.value);
    for (const value of numeric) expect(String(value)).toMatch(/^\d+\.5$/);
    expect(saved.filter((a) => a.flagged)).toHaveLength(1);

    await page.getByRole('button', { name: 'Hand in my answers' }).click();
    const dialog = page.getByRole('dialog', { name: 'Hand in your answers?' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Yes, hand in' }).click();

    await expect(page).toHaveURL(pathIs('/geo-demo/olympiad/finished'));
    await expect(heading(page)).toHaveText('Your answers are in');
    await look(page, testInfo, 'finished');
    await page.getByRole('radio', { name: '4' }).check({ force: true });
    await page.getByRole('textbox', { name: /Anything you want to tell us/ }).fill('The map question was fun.');
    await page.getByRole('button', { name: 'Send feedback' }).click();
    await expect(page.getByText('Thank you for your feedback')).toBeVisible();

    const after = await submittedData(request, user.id);
    expect(after.attempt?.status).toBe('finished');
    expect(after.attempt?.finishReason).toBe('submitted');

    // Finished means finished: the question pages send the learner to the finished page.
    await page.goto('/geo-demo/olympiad/0/0');
    await expect(page).toHaveURL(pathIs('/geo-demo/olympiad/finished'));
  } finally {
    await context.setOffline(false);
    await resetAttempt(request, user.olympiadId, user.id);
  }
});

test('learner1 lets the time run out on geo-quick (2 minutes) and the server finishes the attempt', async ({
  page,
  request,
}, testInfo) => {
  test.setTimeout(200_000);
  await startSitting(page, null, 'geo-quick');
  const user = await storedUser(page);
  try {
    await page.getByRole('link', { name: /Start this section/ }).click();
    await expect(heading(page)).toContainText('Question 1');
    await expect(page.getByRole('timer')).toBeVisible();
    await answer(page, 1);
    await expect(saveStatus(page)).toHaveText('All answers saved', { timeout: 10_000 });
    await page.getByRole('navigation', { name: 'Question navigation' }).getByRole('link').last().click();
    await expect(heading(page)).toContainText('Question 2');
    await answer(page, 2);
    await expect(saveStatus(page)).toHaveText('All answers saved', { timeout: 10_000 });

    // Nothing more to do: the timer runs out (2 minutes) and the page goes to the finished page.
    await expect(page).toHaveURL(pathIs('/geo-quick/olympiad/finished'), { timeout: 150_000 });
    await expect(heading(page)).toHaveText('Time is up: your answers are in', { timeout: 20_000 });
    await expect(page.getByText(/Your score:/)).toBeVisible();
    await look(page, testInfo, 'time up');

    const stored = await submittedData(request, user.id);
    expect(stored.attempt?.status).toBe('finished');
    expect(stored.attempt?.finishReason).toBe('time_up');
    // Every question is listed; the two answered before the deadline are stored.
    expect(stored.answers.filter((a) => a.savedAt !== null)).toHaveLength(2);
  } finally {
    await resetAttempt(request, user.olympiadId, user.id);
  }
});
