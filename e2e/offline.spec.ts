import { type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './support/test.js';
import {
  controlledByWorker,
  deviceWithProfile,
  expectKept,
  expectTimerGoesOn,
  goToQuestion,
  handIn,
  heading,
  lookAtEachWidth,
  saveStatus,
  secondsLeft,
  learnerAtPaper,
  moveDeadline,
  olympiadOfThree,
  openAsLearner,
  savedValues,
  submittedData,
} from './support/paper.js';
import { account, pathIs, sessionOf } from './support/session.js';
import { releaseProxy } from './support/release.js';

/**
 * The learner's paper survives the network, the tab and the device (decisions 086 and 087): once the paper has opened,
 * no loss of network, reload, closed tab or browser restart takes from the learner where they were, the timer or any
 * answer; a learner whose device dies carries on on another; a new release waits until the paper is handed in.
 *
 * Every learner is made for its test (by the demo teacher, through the API) and starts at the paper, so the demo
 * learners other journeys write with stay as they were.
 *
 * Offline is the context's switch: in Chromium it holds the service worker's own requests too (a worker answering
 * from the network first got no answer from the server, which saw no request), and a tab opened in an offline
 * context, or a browser launched with `offline`, is offline from its first request. Back online, a page sends what
 * it kept at a moment of its own within 15 s (lib/offline/reconnect.ts): the journeys give that 40 s. The time-up journey waits for
 * the server's own clock (2 min 10 s): the server counts a late answer only from a learner silent for two minutes.
 */

test('a learner whose device dies carries on on another with the PIN; the later answer to each question wins', async ({
  page,
  context,
  browser,
  request,
}, testInfo) => {
  const learner = await learnerAtPaper(request, 'geo-demo', 'Twodevices');
  // Device 1, a laptop: question 4 answered online reaches the server.
  await openAsLearner(page, learner, '/geo-demo/olympiad/0/3');
  await expect(heading(page)).toContainText('Question 4');
  await controlledByWorker(page);
  await page.getByRole('textbox', { name: 'Your answer (a number)' }).fill('225');
  await expect(saveStatus(page)).toHaveText('All answers saved');

  // The network goes; question 3 is answered on device 1 (the earlier answer, to lose to device 2's).
  await context.setOffline(true);
  await goToQuestion(page, 3);
  await page.getByRole('radio', { name: 'False' }).check();
  await goToQuestion(page, 5);
  await page.getByRole('textbox', { name: 'Your answer', exact: true }).fill('Maseru');
  // And on the map (its picture kept on the device): Lesotho, among the countries with no coastline.
  await goToQuestion(page, 13);
  const map = page.getByRole('img', { name: /^A map of South Africa and its neighbours/ });
  await expect
    .poll(() => map.evaluate((img) => (img instanceof HTMLImageElement ? img.naturalWidth : -1)))
    .toBeGreaterThan(0);
  await page.getByRole('checkbox', { name: /^Area \d+: Lesotho$/ }).check();
  await expectKept(page, 3, 1);

  // Device 2, a phone: the learner signs in with their username and recovery PIN and finds what reached the server.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 780 } })).newPage();
  await phone.goto('/geo-demo/login');
  await phone.getByRole('button', { name: 'Lost your session? Use your recovery PIN' }).click();
  const recover = phone.getByRole('form', { name: 'Sign in with your recovery PIN' });
  await recover.getByRole('textbox', { name: 'Username' }).fill(learner.username);
  await recover.getByRole('textbox', { name: 'Recovery PIN' }).fill(learner.pin);
  await recover.getByRole('button', { name: 'Carry on writing' }).click();
  await expect(phone).toHaveURL(pathIs('/geo-demo/olympiad/0/3'));
  await expect(phone.getByRole('textbox', { name: 'Your answer (a number)' })).toHaveValue('225');
  await goToQuestion(phone, 3);
  await expect(phone.getByRole('radio', { name: 'False' })).not.toBeChecked();
  await phone.getByRole('radio', { name: 'True' }).check();
  await goToQuestion(phone, 1);
  await phone.getByRole('radio', { name: 'Gauteng' }).check();
  await expect(saveStatus(phone)).toHaveText('All answers saved');

  // Still offline, device 1 answers question 1 after device 2 did: this one is the later.
  await goToQuestion(page, 1);
  await page.getByRole('radio', { name: 'Northern Cape' }).check();
  await expectKept(page, 4, 1);

  // Device 1 reconnects: its answers merge, the later given winning per question, and it shows what was kept.
  await context.setOffline(false);
  await expect(saveStatus(page)).toHaveText('All answers saved', { timeout: 40_000 });
  const stored = savedValues(await submittedData(request, learner.id));
  const paper = await request.get('/api/sitting/geo-demo/paper', {
    headers: { Authorization: `Bearer ${learner.session.accessToken.token}` },
  });
  const modules = ((await paper.json()) as { modules: Array<{ questions: Array<{ id: number }> }> }).modules;
  const ids = modules[0]!.questions.map((q) => q.id);
  expect(stored.get(ids[0]!)).toMatchObject({ type: 'single', optionId: 'b' });
  expect(stored.get(ids[2]!)).toMatchObject({ type: 'true_false', value: true });
  expect(stored.get(ids[3]!)).toMatchObject({ type: 'numeric', value: 225 });
  expect(stored.get(ids[4]!)).toMatchObject({ type: 'short_text', text: 'Maseru' });
  expect(stored.get(modules[2]!.questions[0]!.id)).toMatchObject({ type: 'hotspot', optionIds: ['f'] });
  await expect(page.getByRole('radio', { name: 'Northern Cape' })).toBeChecked();
  await goToQuestion(page, 3);
  await expect(page.getByRole('radio', { name: 'True' })).toBeChecked();
  await expect(page.getByText('You gave a later answer to this question on another device')).toBeVisible();

  // Device 2, opened again, has everything.
  await phone.reload();
  await goToQuestion(phone, 5);
  await expect(phone.getByRole('textbox', { name: 'Your answer', exact: true })).toHaveValue('Maseru');
  await goToQuestion(phone, 1);
  await expect(phone.getByRole('radio', { name: 'Northern Cape' })).toBeChecked();
  await phone.context().close();

  // Device 1 hands in with no network: the finish is kept on the device, and sent when the network returns.
  await context.setOffline(true);
  await handIn(page);
  await expect(heading(page)).toHaveText('You have finished');
  await expect(page.getByRole('status').filter({ hasText: 'Not sent yet' })).toContainText(
    'Your answers are kept on this device and will be sent when you are connected again',
  );
  await lookAtEachWidth(page, testInfo, 'handed in offline');
  expect((await submittedData(request, learner.id)).attempt?.finishedAt ?? null).toBeNull();
  await context.setOffline(false);
  await expect(heading(page)).toHaveText('Your answers are in', { timeout: 40_000 });
  expect((await submittedData(request, learner.id)).attempt).toMatchObject({
    status: 'finished',
    finishReason: 'submitted',
  });
});

test('offline from the first minutes to the deadline: reload, a closed tab, a restarted browser, time up, then synced late', async ({
  request,
}, testInfo) => {
  // The server counts an answer that arrives after the deadline only from a learner it had heard nothing from in the
  // two minutes before it (decision 087). The deadline is brought to 2 min 10 s away, the page learns it from the
  // answer to its first save, and the network goes at once after it, however long the steps before took.
  test.setTimeout(300_000);
  const { varName: olympiadName, olympiadId } = await olympiadOfThree(request);
  const learner = await learnerAtPaper(request, olympiadName, 'Timeup');
  const device = deviceWithProfile(testInfo, { viewport: { width: 1280, height: 800 } });
  try {
    let page = await device.start();
    await openAsLearner(page, learner, `/${olympiadName}/olympiad/0/0`);
    await expect(heading(page)).toContainText('Question 1');
    await controlledByWorker(page);
    await moveDeadline(request, olympiadId, learner.id, 130);
    await page.getByRole('radio', { name: 'Indian' }).check();
    await expect(saveStatus(page)).toHaveText('All answers saved');
    await page.context().setOffline(true);
    // The timer counts to the new deadline.
    await expect.poll(() => secondsLeft(page)).toBeLessThanOrEqual(130);
    await goToQuestion(page, 2);
    await page.getByRole('textbox', { name: 'Your answer (a number)' }).fill('9');
    await expectKept(page, 1, 1);
    const timer = { seconds: await secondsLeft(page), at: Date.now() };

    // Reloaded offline: the same question, its answer, the timer.
    await page.reload();
    await expect(heading(page)).toContainText('Question 2');
    await expect(page.getByRole('textbox', { name: 'Your answer (a number)' })).toHaveValue('9');
    await expectKept(page, 1, 1);
    await expectTimerGoesOn(page, timer);

    // The tab closed and opened again at the paper's address, still offline.
    const context = page.context();
    await page.close();
    page = await context.newPage();
    await page.goto(`/${olympiadName}/olympiad/0/1`);
    await expect(heading(page)).toContainText('Question 2');
    await expect(page.getByRole('textbox', { name: 'Your answer (a number)' })).toHaveValue('9');
    await expectTimerGoesOn(page, timer);
    await goToQuestion(page, 3);
    await page.getByRole('textbox', { name: 'Your answer', exact: true }).fill('Orange');
    await expectKept(page, 2, 1);

    // The browser closed and started again with no network from its first request.
    await device.stop();
    page = await device.start({ offline: true });
    await page.goto(`/${olympiadName}/olympiad/0/2`);
    await expect(heading(page)).toContainText('Question 3');
    await expect(page.getByRole('textbox', { name: 'Your answer', exact: true })).toHaveValue('Orange');
    await expectKept(page, 2, 1);
    await expectTimerGoesOn(page, timer);
    await goToQuestion(page, 1);
    await expect(page.getByRole('radio', { name: 'Indian' })).toBeChecked();
    await lookAtEachWidth(page, testInfo, 'the paper offline');

    // The time runs out offline: the page says the answers are kept on the device, to be sent.
    await expect(heading(page)).toHaveText('Time is up', { timeout: 140_000 });
    await expect(page.getByRole('status').filter({ hasText: 'Not sent yet' })).toContainText(
      'The answers you gave in time are kept on this device and will be sent when you are connected again',
    );
    await lookAtEachWidth(page, testInfo, 'time up offline');

    await page.context().setOffline(false);
    await expect(heading(page)).toHaveText('Time is up: your answers are in', { timeout: 40_000 });
    const stored = await submittedData(request, learner.id);
    expect(stored.attempt).toMatchObject({ status: 'finished', finishReason: 'time_up' });
    const byType = new Map(stored.answers.map((a) => [a.type, a]));
    expect(byType.get('single')).toMatchObject({ value: { optionId: 'b' }, syncedLate: false });
    expect(byType.get('numeric')).toMatchObject({ value: { value: 9 }, syncedLate: true });
    expect(byType.get('short_text')).toMatchObject({ value: { text: 'Orange' }, syncedLate: true });
  } finally {
    await device.remove();
  }
});

test('offline, the olympiad’s first page opens the paper at the question the learner was at', async ({
  page,
  context,
  request,
}) => {
  const learner = await learnerAtPaper(request, 'geo-demo', 'Resume');
  await openAsLearner(page, learner, '/geo-demo/olympiad/0/0');
  await expect(heading(page)).toContainText('Question 1');
  await controlledByWorker(page);
  await context.setOffline(true);
  await goToQuestion(page, 4);
  await page.getByRole('textbox', { name: 'Your answer (a number)' }).fill('225');
  await expectKept(page, 1, 0);
  // Where a sign-in lands, and where a learner whose tab closed opens the olympiad again.
  await page.goto('/geo-demo/olympiad/instructions');
  await expect(page).toHaveURL(pathIs('/geo-demo/olympiad/0/3'));
  await expect(page.getByRole('textbox', { name: 'Your answer (a number)' })).toHaveValue('225');
});

/** The state of the registration's waiting worker (a new release installed beside the one in control), or null. */
const waitingRelease = (page: Page) =>
  page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null);

/**
 * A learner at geo-demo's question 4, answered, in a browser of its own behind a release proxy; then a new release
 * is deployed and the browser finds it (as it does on its next look) and installs it beside the one in control.
 */
async function paperWithNewReleaseWaiting(browser: Browser, request: APIRequestContext, testInfo: TestInfo) {
  const learner = await learnerAtPaper(request, 'geo-demo', 'Release');
  const proxy = await releaseProxy(String(testInfo.project.use.baseURL), '/sw.js');
  const context = await browser.newContext({ baseURL: proxy.url });
  const page = await context.newPage();
  await openAsLearner(page, learner, '/geo-demo/olympiad/0/3');
  await expect(heading(page)).toContainText('Question 4');
  await controlledByWorker(page);
  await page.getByRole('textbox', { name: 'Your answer (a number)' }).fill('225');
  await expect(saveStatus(page)).toHaveText('All answers saved');
  proxy.deploy();
  await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
  expect(proxy.fetchesOfNewRelease()).toBeGreaterThan(0);
  await expect.poll(() => waitingRelease(page), { timeout: 30_000 }).toBe('installed');
  return { learner, proxy, context, page };
}

test('a new release deployed during the paper never takes over the open paper; staff pages and the API are never kept', async ({
  browser,
  request,
}, testInfo) => {
  const { learner, proxy, context, page } = await paperWithNewReleaseWaiting(browser, request, testInfo);
  try {
    // Asked to take over while the paper is open (as a page without a paper asks), it refuses and waits.
    await page.evaluate(async () => {
      (await navigator.serviceWorker.getRegistration())?.waiting?.postMessage({ type: 'olympus:take-over' });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    expect(await waitingRelease(page)).toBe('installed');

    // The old release still serves the open paper: offline, a reload brings it back with its answer.
    await context.setOffline(true);
    await page.reload();
    await expect(heading(page)).toContainText('Question 4');
    await expect(page.getByRole('textbox', { name: 'Your answer (a number)' })).toHaveValue('225');
    expect(await waitingRelease(page)).toBe('installed');
    // Online again, answers save as before.
    await context.setOffline(false);
    await goToQuestion(page, 5);
    await page.getByRole('textbox', { name: 'Your answer', exact: true }).fill('Maseru');
    await expect(saveStatus(page)).toHaveText('All answers saved');
    expect(await waitingRelease(page)).toBe('installed');
    await handIn(page);
    await expect(heading(page)).toHaveText('Your answers are in');
    expect(savedValues(await submittedData(request, learner.id)).size).toBe(2);

    // With the worker in charge, the API still answers for itself: JSON, never a page.
    const unknown = await page.evaluate(() =>
      fetch('/api/no-such-thing').then((r) => ({ status: r.status, type: r.headers.get('content-type') })),
    );
    expect(unknown).toEqual({ status: 404, type: expect.stringContaining('application/json') });

    // A staff page in the same browser, beside the learner's worker: offline it is the browser's own error page, and
    // a request to the API or for a staff page gets no answer at all (never a kept page).
    const admin = await context.newPage();
    await admin.goto('/api/health');
    await admin.evaluate((u) => localStorage.setItem('user', u), JSON.stringify(await sessionOf(request, 'admin')));
    await admin.goto(account('admin').home);
    await expect(heading(admin)).toBeVisible();
    await context.setOffline(true);
    await expect(admin.reload()).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    await expect(admin.goto('/api/health')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
    const offlineGet = (path: string) =>
      page.evaluate(
        (p) =>
          fetch(p).then(
            (r) => r.headers.get('content-type'),
            () => 'no answer',
          ),
        path,
      );
    expect(await offlineGet('/api/sitting/geo-demo/state')).toBe('no answer');
    expect(await offlineGet('/geo-demo/admin/reports/overview')).toBe('no answer');
  } finally {
    await proxy.close();
  }
});

test('the new release takes over only once the paper is handed in, however the page came to the paper', async ({
  browser,
  request,
}, testInfo) => {
  const learner = await learnerAtPaper(request, 'geo-demo', 'Takeover');
  const proxy = await releaseProxy(String(testInfo.project.use.baseURL), '/sw.js');
  try {
    const page = await (await browser.newContext({ baseURL: proxy.url })).newPage();
    // Where a sign-in lands: the page moves on to the paper within itself.
    await openAsLearner(page, learner, '/geo-demo/olympiad/instructions');
    await expect(page).toHaveURL(pathIs('/geo-demo/olympiad/0/intro'));
    await controlledByWorker(page);
    proxy.deploy();
    await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r?.update()));
    await expect.poll(() => waitingRelease(page), { timeout: 30_000 }).toBe('installed');
    await page.evaluate(async () => {
      (await navigator.serviceWorker.getRegistration())?.waiting?.postMessage({ type: 'olympus:take-over' });
      await new Promise((resolve) => setTimeout(resolve, 1000));
    });
    expect(await waitingRelease(page), 'a take-over asked while the paper is open').toBe('installed');

    // Reloaded at a question, then handed in: the finished page lets the new release in.
    await page.getByRole('link', { name: /Start this section/ }).click();
    // The page has moved to the question (within itself) before it is reloaded there.
    await expect(heading(page)).toContainText('Question 1');
    await expect(page).toHaveURL(pathIs('/geo-demo/olympiad/0/0'));
    await page.reload();
    await expect(heading(page)).toContainText('Question 1');
    await page.evaluate(async () => {
      (window as unknown as { next: unknown }).next = (await navigator.serviceWorker.getRegistration())?.waiting;
    });
    await handIn(page);
    await expect(heading(page)).toHaveText('Your answers are in');
    await expect
      .poll(() =>
        page.evaluate(async () => {
          const r = await navigator.serviceWorker.getRegistration();
          const next = (window as unknown as { next: unknown }).next;
          return {
            waiting: r?.waiting?.state ?? null,
            active: r?.active === next ? r?.active?.state : 'the old release',
            inControl: navigator.serviceWorker.controller === next,
          };
        }),
      )
      .toEqual({ waiting: null, active: 'activated', inControl: true });
  } finally {
    await proxy.close();
  }
});
