import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type APIRequestContext,
  type BrowserContext,
  type BrowserContextOptions,
  chromium,
  expect,
  type Page,
  type TestInfo,
} from '@playwright/test';
import { look } from './look.js';
import { ok, olympiadWithLearner } from './olympiad.js';
import { auth, type SignedIn, tokenOf } from './session.js';

/** A learner made for one test, already past the steps before the paper: the clock runs from now. */
export interface PaperLearner {
  id: number;
  username: string;
  /** The recovery PIN the server issued (and the learner confirmed writing down). */
  pin: string;
  olympiadName: string;
  session: SignedIn;
}

/** A name of its own each time: a retry, or a second run on the same database, adds another learner. */
const fresh = (name: string) =>
  `${name} ${Date.now()
    .toString(36)
    .replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;

/**
 * A learner of the demo teacher's school in `olympiadName` (the school must be entered), brought through the
 * declaration, the recovery PIN and the details by the API, as question-types.spec.ts does: the journeys of those
 * pages are exam-day.spec.ts's.
 */
export async function learnerAtPaper(
  request: APIRequestContext,
  olympiadName: string,
  lastName: string,
): Promise<PaperLearner> {
  const teacher = auth(await tokenOf(request, 'teacher'));
  const { olympiad } = await ok<{ olympiad: { id: number } }>(request.get(`/website/api/olympiad/${olympiadName}`));
  lastName = fresh(lastName);
  const { learner } = await ok<{ learner: { id: number; username: string; password: string } }>(
    request.post('/learner/v-rest/', {
      headers: teacher,
      data: { olympiadId: olympiad.id, firstName: 'Thabo', lastName, grade: 10 },
    }),
  );
  const session = await ok<SignedIn>(
    request.post('/api/auth/signin', {
      data: { username: learner.username, password: learner.password, olympiadName, loginType: 'learner' },
    }),
  );
  const h = auth(session.accessToken.token);
  const base = `/api/sitting/${olympiadName}`;
  await ok(request.post(`${base}/declaration`, { headers: h, data: { accept: true } }));
  const { pin } = await ok<{ pin: string }>(request.post(`${base}/recovery-pin`, { headers: h }));
  await ok(request.post(`${base}/recovery-pin/confirm`, { headers: h, data: { pin } }));
  await ok(request.put(`${base}/learner-details`, { headers: h, data: { firstName: 'Thabo', lastName, grade: 10 } }));
  return { id: learner.id, username: learner.username, pin, olympiadName, session };
}

/** Opens `at` signed in as the learner (the session stored as the sign-in page stores it). */
export async function openAsLearner(page: Page, learner: PaperLearner, at: string) {
  await page.goto('/api/health');
  await page.evaluate((u) => localStorage.setItem('user', JSON.stringify(u)), learner.session);
  await page.goto(at);
}

export interface SubmittedAnswer {
  questionId: number;
  type: string;
  value: Record<string, unknown> | null;
  flagged: boolean;
  savedAt: string | null;
  syncedLate?: boolean;
}
export interface Submitted {
  attempt: { status: string; finishReason: string | null; finishedAt: string | null } | null;
  answers: SubmittedAnswer[];
}

/** What the server holds of the learner's attempt and answers, as an admin of the olympiad reads it. */
export async function submittedData(request: APIRequestContext, learnerId: number): Promise<Submitted> {
  const overlord = auth(await tokenOf(request, 'overlord'));
  return ok<Submitted>(request.get(`/participant/get-submitted-data/${learnerId}`, { headers: overlord }));
}

/** The saved answers' values by question id. */
export const savedValues = (submitted: Submitted) =>
  new Map(submitted.answers.filter((a) => a.savedAt !== null).map((a) => [a.questionId, a.value]));

/**
 * A browser with a profile on disk, closed and started again as a device is switched off and on: its service
 * workers, caches and IndexedDB stay in the profile between launches. Launched as the configuration launches the
 * journeys' browser; the profile is a new empty folder, removed by `remove()`.
 */
export function deviceWithProfile(testInfo: TestInfo, options: BrowserContextOptions) {
  // Named as scripts/e2e-server.mjs names its data directories, so that the next run removes one a killed worker left.
  const dir = mkdtempSync(path.join(os.tmpdir(), `olympus-e2e-${process.pid}-profile-`));
  const use = testInfo.project.use;
  let context: BrowserContext | null = null;
  return {
    /** Starts the browser (offline from its first request when asked) and answers its first tab. */
    async start({ offline = false }: { offline?: boolean } = {}): Promise<Page> {
      context = await chromium.launchPersistentContext(dir, {
        ...use.launchOptions,
        baseURL: use.baseURL,
        locale: use.locale,
        ...options,
        offline,
      });
      return context.pages()[0] ?? (await context.newPage());
    },
    /** Closes the whole browser, as a device switched off. */
    async stop() {
      await context?.close();
      context = null;
    },
    async remove() {
      await context?.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Waits until the page's service worker is active and controls the page. */
export async function controlledByWorker(page: Page) {
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller?.state ?? 'no worker controls the page'), {
      timeout: 30_000,
    })
    .toBe('activated');
}

/**
 * An olympiad of its own, open for writing for the next hours (a learner's deadline is then the paper's 30 minutes
 * until `moveDeadline`), with a question of three kinds (a choice, a number, a short text), each verified by the
 * admin so that it opens, and the demo teacher's school entered.
 */
export async function olympiadOfThree(request: APIRequestContext): Promise<{ varName: string; olympiadId: number }> {
  const { varName, olympiadId } = await olympiadWithLearner(request, {
    prefix: 'offline',
    questions: [
      {
        type: 'single',
        prompt: '<p>Which ocean lies to the east of South Africa?</p>',
        options: ['Atlantic', 'Indian', 'Pacific'].map((text, i) => ({ id: 'abc'[i]!, text, imageUrl: null })),
        answerKey: { type: 'single', correct: 'b' },
      },
      {
        type: 'numeric',
        prompt: '<p>How many provinces does South Africa have?</p>',
        answerKey: { type: 'numeric', value: 9, tolerance: 0 },
      },
      {
        type: 'short_text',
        prompt: '<p>Name the longest river in South Africa.</p>',
        answerKey: { type: 'short_text', accepted: ['Orange'] },
      },
    ],
  });
  return { varName, olympiadId };
}

/**
 * Brings a running paper's deadline to `seconds` from now: the writing window closes then, and the learner's
 * deadline (the earlier of the paper's length and the window's end) is worked out again, as granting extra time does.
 * The page learns it from the server's next answer to it.
 */
export async function moveDeadline(request: APIRequestContext, olympiadId: number, learnerId: number, seconds: number) {
  const overlord = auth(await tokenOf(request, 'overlord'));
  await ok(
    request.put(`/olympiad/v-rest/${olympiadId}`, {
      headers: overlord,
      data: { endsAt: new Date(Date.now() + seconds * 1000).toISOString() },
    }),
  );
  const { deadlineAt } = await ok<{ deadlineAt: string | null }>(
    request.put(`/api/sitting-extra-time/${learnerId}`, { headers: overlord, data: { minutes: 0 } }),
  );
  expect(Date.parse(deadlineAt ?? '') - Date.now()).toBeLessThanOrEqual(seconds * 1000);
}

// ---- the paper as the learner sees it ----------------------------------------------------------------------------

export const heading = (page: Page) => page.getByRole('heading', { level: 1 });
export const saveStatus = (page: Page) =>
  page.getByRole('status').filter({ hasText: /saved|saving|offline|trying again|automatically/i });

/**
 * The save bar says how many answers are kept on this device, to be sent, and how many reached the server: "Offline: 2
 * answers kept on this device, to be sent when…" on the page as it opened online, "2 answers are kept on this device
 * and will be sent when…" on a page opened from the device.
 */
export async function expectKept(page: Page, kept: number, reached: number) {
  const have = reached === 1 ? '1 has' : `${reached} have`;
  await expect(saveStatus(page)).toContainText(
    new RegExp(
      `\\b${kept} answers? (?:is |are )?kept on this device.* when the connection returns; ${have} reached the server\\.`,
    ),
  );
}

/** axe (and, outside CI, a screenshot) at a laptop's width and at a phone's, then back to where it was. */
export async function lookAtEachWidth(page: Page, testInfo: TestInfo, name: string) {
  const before = page.viewportSize();
  for (const size of [
    { width: 1280, height: 800 },
    { width: 360, height: 780 },
  ]) {
    await page.setViewportSize(size);
    await look(page, testInfo, name);
  }
  if (before) await page.setViewportSize(before);
}

/** Opens question `n` from the palette (on a phone the palette is one tap away). */
export async function goToQuestion(page: Page, n: number) {
  const link = page.getByRole('link', { name: new RegExp(`^Question ${n},`) });
  if (!(await link.isVisible())) await page.getByRole('button', { name: /^Questions/ }).click();
  await link.click();
  await expect(heading(page)).toContainText(`Question ${n}`);
}

/** The seconds the timer shows. */
export async function secondsLeft(page: Page): Promise<number> {
  const label = (await page.getByRole('timer').getAttribute('aria-label')) ?? '';
  const [s = 0, m = 0, h = 0] = (/([\d:]+)$/.exec(label)?.[1] ?? '').split(':').reverse().map(Number);
  return h * 3600 + m * 60 + s;
}

/** The timer still counts down to the same deadline: it shows no more than before, less only by the time since. */
export async function expectTimerGoesOn(page: Page, before: { seconds: number; at: number }) {
  await expect(page.getByRole('timer')).toBeVisible();
  const now = await secondsLeft(page);
  const passed = (Date.now() - before.at) / 1000;
  expect(now).toBeLessThanOrEqual(before.seconds);
  expect(now).toBeGreaterThanOrEqual(before.seconds - passed - 3);
}

/** Hands in from the summary, reached within the page (a new document would lose what the test keeps in it). */
export async function handIn(page: Page) {
  await page.getByRole('link', { name: 'Review and finish' }).first().click();
  await page.getByRole('button', { name: 'Hand in my answers' }).click();
  await page
    .getByRole('dialog', { name: 'Hand in your answers?' })
    .getByRole('button', { name: 'Yes, hand in' })
    .click();
}
