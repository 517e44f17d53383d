import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerValue, Paper, SittingState } from '#contract/index';

/**
 * The paper on the device (paper-store.ts) and the outbox's offline side (sync.ts): the real modules over
 * fake-indexeddb (the browser's API) and the real API client with only its transport replaced, as sync.test.ts
 * does. Loading the modules afresh over the same database is a reload of the page (or a restarted browser).
 */

type Store = typeof import('./paper-store.js');
type Sync = import('./sync.js').SittingSync;

const OLYMPIAD = 'Geo 2026';
const LEARNER = 7;
const OWNER = `${OLYMPIAD}|${LEARNER}`;
const START = Date.parse('2026-05-14T09:00:00.000Z');
const DEADLINE = START + 60 * 60_000;
/** The device's clock is 90 s behind the server's. */
const OFFSET = 90_000;

const single = (optionId: string): AnswerValue => ({ type: 'single', optionId });

function paperOf(answers: Paper['answers'] = []): Paper {
  return {
    success: true,
    modules: [{ id: 1, index: 0, title: 'Maps', intro: '', questions: [{ id: 1 }, { id: 2 }] }],
    answers,
    startedAt: new Date(START).toISOString(),
    deadlineAt: new Date(DEADLINE).toISOString(),
    serverNow: new Date(Date.now() + OFFSET).toISOString(),
  } as unknown as Paper;
}

const stateOf = (step: SittingState['step']): SittingState =>
  ({
    success: true,
    step,
    attempt: { deadlineAt: new Date(DEADLINE).toISOString(), finishedAt: null, finishReason: null },
    serverNow: new Date(Date.now() + OFFSET).toISOString(),
  }) as unknown as SittingState;

interface Sent {
  method: string;
  path: string;
  body: Record<string, unknown> | undefined;
}

/** The server: records every call; offline until `online()`; a save may be answered by the test's own reply. */
function fakeServer() {
  const sent: Sent[] = [];
  let up = true;
  let saveReply: ((questionId: number) => unknown) | null = null;
  const transport: typeof fetch = (input, init) => {
    if (!up) return Promise.reject(new TypeError('Failed to fetch'));
    const path = new URL(String(input), 'http://test').pathname;
    const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined;
    sent.push({ method: init?.method ?? 'GET', path, body });
    const questionId = Number(/answers\/(\d+)$/.exec(path)?.[1]);
    if (path.endsWith('/finish')) return Promise.resolve(Response.json({ success: true, finishedAt: 'x' }));
    const saved = {
      success: true,
      questionId,
      savedAt: new Date(Date.now() + OFFSET).toISOString(),
      deadlineAt: new Date(DEADLINE).toISOString(),
      syncedLate: false,
    };
    return Promise.resolve(Response.json({ ...saved, ...(saveReply?.(questionId) as object) }));
  };
  return {
    sent,
    transport,
    offline: () => (up = false),
    online: () => (up = true),
    replyToSaves: (reply: (questionId: number) => unknown) => (saveReply = reply),
  };
}

let server: ReturnType<typeof fakeServer>;
let network: { onLine: boolean };
let opened: Sync[] = [];

async function io() {
  for (let i = 0; i < 40; i++) await new Promise((resolve) => setImmediate(resolve));
}

/** A fresh page: new modules over the same database. */
async function load() {
  vi.resetModules();
  const api = await import('../../../lib/api/index.js');
  api.setApiTransport(server.transport);
  const store: Store = await import('./paper-store.js');
  const { SittingSync } = await import('./sync.js');
  const sync = new SittingSync(OLYMPIAD, LEARNER);
  opened.push(sync);
  return { store, sync };
}

/** Opens the paper as PaperPage does: the server's when it answers, else the device's copy. */
async function openPaper(fromServer: Paper | null) {
  const page = await load();
  if (fromServer) {
    await page.store.keepPaper(OWNER, fromServer);
    await page.sync.init({ paper: fromServer, deadlineAt: DEADLINE, clockOffset: OFFSET, onDevice: false });
  } else {
    const kept = (await page.store.storedPaper(OWNER))!;
    await page.sync.init({
      paper: kept.paper,
      deadlineAt: kept.deadlineAt!,
      clockOffset: kept.clockOffset,
      onDevice: true,
    });
  }
  await io();
  return page;
}

/** The network returns; the page acts at its own moment after it (Math.random is 0 here: at once). */
async function goOnline() {
  server.online();
  network.onLine = true;
  window.dispatchEvent(new Event('online'));
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START + 10 * 60_000 });
  vi.spyOn(Math, 'random').mockReturnValue(0);
  vi.stubGlobal('indexedDB', new IDBFactory());
  vi.stubGlobal('window', new EventTarget());
  network = { onLine: true };
  vi.stubGlobal('navigator', network);
  server = fakeServer();
  opened = [];
});

afterEach(() => {
  for (const sync of opened) sync.dispose();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the paper on the device', () => {
  it('keeps the paper, the state, the clock and the acknowledged answers, and removes them all after the finish', async () => {
    const { store } = await load();
    await store.keepState(OWNER, stateOf('questions'));
    await store.keepPaper(OWNER, paperOf([{ questionId: 1, value: single('a'), flagged: false, savedAt: 'x' }]));
    await store.keepAnswer(OWNER, 2, single('c'), true);

    // A restarted browser reads it back.
    const again = (await load()).store;
    const kept = (await again.storedPaper(OWNER))!;
    expect(kept.clockOffset).toBe(OFFSET);
    expect(kept.deadlineAt).toBe(DEADLINE);
    expect(kept.paper.modules[0]!.questions.map((q) => q.id)).toEqual([1, 2]);
    expect(kept.paper.answers.map((a) => [a.questionId, a.value, a.flagged])).toEqual([
      [1, single('a'), false],
      [2, single('c'), true],
    ]);
    expect((await again.stateOnDevice(OWNER))?.step).toBe('questions');
    expect((await again.stateOnDevice(OWNER))?.onDevice).toBe(true);
    // Another learner's or olympiad's paper is not this one.
    expect(await again.storedPaper(`${OLYMPIAD}|8`)).toBeUndefined();

    await again.removeSitting(OWNER);
    expect(await again.storedPaper(OWNER)).toBeUndefined();
    expect(await again.stateOnDevice(OWNER)).toBeUndefined();
  });

  it('a reopening without the network goes back to the question the learner last moved to on this device', async () => {
    const { store } = await load();
    await store.keepState(OWNER, stateOf('questions'));
    expect((await store.stateOnDevice(OWNER))?.attempt.position ?? null).toBeNull();
    await store.keepPosition(OWNER, { moduleIndex: 0, questionIndex: 3 });
    // A state from the server kept later does not take the device's place away.
    await store.keepState(OWNER, stateOf('questions'));
    const again = (await load()).store;
    expect((await again.stateOnDevice(OWNER))?.attempt.position).toEqual({ moduleIndex: 0, questionIndex: 3 });
  });

  it('a hand-in kept on the device makes the state a finished one; signing out removes the paper, not the hand-in', async () => {
    const { store } = await load();
    await store.keepState(OWNER, stateOf('questions'));
    await store.keepPaper(OWNER, paperOf());
    await store.keepFinish({ owner: OWNER, givenAt: DEADLINE - 60_000, reason: 'submitted' });
    const state = (await store.stateOnDevice(OWNER))!;
    expect(state.step).toBe('finished');
    expect(state.attempt).toMatchObject({
      finishedAt: new Date(DEADLINE - 60_000).toISOString(),
      finishReason: 'submitted',
    });

    const { removePaperCopies } = await import('../../../lib/offline/db.js');
    await removePaperCopies();
    expect(await store.storedPaper(OWNER)).toBeUndefined();
    expect(await store.keptFinish(OWNER)).toMatchObject({ givenAt: DEADLINE - 60_000 });
  });

  it('a server that cannot be reached is a network failure or a proxy’s 502–504, never its own refusal', async () => {
    const { store } = await load();
    const { ApiError } = await import('../../../lib/api/errors.js');
    expect(store.unreachable(new ApiError('offline', 0))).toBe(true);
    expect(store.unreachable(new ApiError('down', 503))).toBe(true);
    expect(store.unreachable(new ApiError('signed out', 401))).toBe(false);
    expect(store.unreachable(new ApiError('over', 409))).toBe(false);
  });
});

describe('the outbox offline', () => {
  it('sends with each answer when it was given, on the server’s clock', async () => {
    const { sync } = await openPaper(paperOf());
    vi.setSystemTime(START + 20 * 60_000);
    sync.setAnswer(1, single('b'));
    await io();
    expect(server.sent).toHaveLength(1);
    expect(server.sent[0]!.body).toMatchObject({
      value: single('b'),
      givenAt: new Date(START + 20 * 60_000 + OFFSET).toISOString(),
    });
  });

  it('after a reload without the network, the paper shows every answer: acknowledged, and kept on the device', async () => {
    const first = await openPaper(paperOf());
    first.sync.setAnswer(1, single('a'));
    await io();
    server.offline();
    network.onLine = false;
    first.sync.setAnswer(2, single('d'));
    await io();

    const { sync } = await openPaper(null);
    const snapshot = sync.getSnapshot();
    expect(snapshot.onDevice).toBe(true);
    expect(snapshot.clockOffset).toBe(OFFSET);
    expect(snapshot.deadlineAt).toBe(DEADLINE);
    expect(snapshot.answers.get(1)?.value).toEqual(single('a'));
    expect(snapshot.answers.get(2)?.value).toEqual(single('d'));
    expect([...snapshot.pendingIds]).toEqual([2]);
    expect(snapshot.status).toBe('offline');
  });

  it('a hand-in given offline is kept, survives a reload, and is sent after the answers once the network returns', async () => {
    const first = await openPaper(paperOf());
    server.offline();
    network.onLine = false;
    first.sync.setAnswer(1, single('a'));
    await io();
    const givenAt = first.sync.serverTime();
    await first.sync.handInLater(givenAt);
    await io();
    expect(first.sync.getSnapshot().finishing).toMatchObject({ givenAt, reason: 'submitted' });
    // No answer can change any more.
    first.sync.setAnswer(1, single('b'));
    first.sync.dispose();

    // The finished page, reloaded.
    const { sync, store } = await load();
    await sync.resume();
    await io();
    expect(server.sent).toEqual([]);
    expect(sync.getSnapshot().closed).toBe(false);

    await goOnline();
    await io();
    expect(server.sent.map((s) => `${s.method} ${s.path.split('/').slice(-2).join('/')}`)).toEqual([
      'PUT answers/1',
      'POST Geo%202026/finish',
    ]);
    expect(server.sent[0]!.body).toMatchObject({ value: single('a') });
    expect(server.sent[1]!.body).toEqual({ givenAt: new Date(givenAt).toISOString() });
    await io();
    expect(sync.getSnapshot().closed).toBe(true);
    expect(await store.keptFinish(OWNER)).toBeUndefined();
    expect(await store.storedPaper(OWNER)).toBeUndefined();
  });

  it('time that runs out offline keeps the answers given in time and sends them later, with no hand-in', async () => {
    const first = await openPaper(paperOf());
    server.offline();
    network.onLine = false;
    first.sync.setAnswer(2, single('c'));
    await io();
    await first.sync.finished();
    await io();
    expect(first.sync.getSnapshot()).toMatchObject({ closed: false, finishing: { reason: 'time_up' } });

    await goOnline();
    await io();
    expect(server.sent.map((s) => s.method)).toEqual(['PUT']);
    expect(first.sync.getSnapshot().closed).toBe(true);
  });

  it('an answer the server kept from another device (given later there) replaces this one on the page', async () => {
    const later = new Date(START + 30 * 60_000).toISOString();
    server.replyToSaves(() => ({ kept: { value: single('z'), flagged: true, givenAt: later } }));
    const { sync, store } = await openPaper(paperOf());
    sync.setAnswer(1, single('a'));
    await io();
    expect(sync.getSnapshot().answers.get(1)).toEqual({ value: single('z'), flagged: true });
    expect(sync.getSnapshot().keptElsewhere.get(1)).toBe(later);
    expect(sync.getSnapshot().pendingCount).toBe(0);
    // What the device keeps is the kept answer too.
    const kept = (await store.storedPaper(OWNER))!;
    expect(kept.paper.answers.find((a) => a.questionId === 1)?.value).toEqual(single('z'));
  });
});
