import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnswerValue, Paper } from '#contract/index';

/**
 * The exam outbox on its own: the real SittingSync, its IndexedDB storage (fake-indexeddb, the same API the
 * browser gives) and the real API client, with only the network replaced (the client's transport). Each test
 * loads the modules afresh on an empty database; loading them again over the same database is a page reload.
 * Timers and the clock are faked so the backoff can be read to the millisecond; IndexedDB's own tasks run on
 * the real setImmediate, which `io()` lets through.
 */

type Sync = import('./sync.js').SittingSync;

const OLYMPIAD = 'Maths 2026';
const LEARNER = 42;
const OWNER = `${OLYMPIAD}|${LEARNER}`;
const START = Date.parse('2026-03-10T09:00:00.000Z');
const DEADLINE = START + 60 * 60_000;

interface Call {
  questionId: number;
  body: { value: AnswerValue; flagged: boolean };
}
type Reply = Response | Error | Promise<Response>;

/** The server as the outbox sees it: every PUT is recorded, and answered by the next queued reply (else 200). */
function fakeServer() {
  const calls: Call[] = [];
  /** Each PUT's `givenAt`, in the order sent (kept apart from `calls`, whose bodies the tests compare whole). */
  const givenAts: (string | undefined)[] = [];
  const replies: (() => Reply)[] = [];
  let deadlineAt = new Date(DEADLINE).toISOString();
  const ok = (questionId: number) =>
    Response.json({ success: true, questionId, savedAt: new Date().toISOString(), deadlineAt });
  const transport: typeof fetch = (input, init) => {
    const questionId = Number(/answers\/(\d+)$/.exec(String(input))?.[1]);
    const { givenAt, ...body } = JSON.parse(String(init?.body)) as Call['body'] & { givenAt?: string };
    calls.push({ questionId, body });
    givenAts.push(givenAt);
    const reply = replies.shift()?.() ?? ok(questionId);
    return reply instanceof Error ? Promise.reject(reply) : Promise.resolve(reply);
  };
  return {
    calls,
    givenAts,
    transport,
    /** The next replies, in order. */
    reply: (...next: (() => Reply)[]) => replies.push(...next),
    /** Every reply from now on, until `restore`. */
    down(make: () => Reply) {
      replies.length = 0;
      for (let i = 0; i < 1000; i++) replies.push(make);
    },
    restore: () => (replies.length = 0),
    extendDeadline: (at: number) => (deadlineAt = new Date(at).toISOString()),
  };
}

const offline = () => new TypeError('Failed to fetch');
const status =
  (code: number, headers: Record<string, string> = {}) =>
  () =>
    Response.json(
      { success: false, message: 'refused', error: 'refused', code: `e${code}` },
      { status: code, headers },
    );

const text = (t: string): AnswerValue => ({ type: 'short_text', text: t });
const single = (optionId: string): AnswerValue => ({ type: 'single', optionId });

function paperOf(answers: { questionId: number; value: AnswerValue; flagged: boolean }[] = []): Paper {
  return {
    success: true,
    modules: [{ questions: [{ id: 1 }, { id: 2 }, { id: 3 }] }],
    answers,
    startedAt: new Date(START).toISOString(),
    deadlineAt: new Date(DEADLINE).toISOString(),
    serverNow: new Date(Date.now()).toISOString(),
  } as unknown as Paper;
}

/** Lets IndexedDB's tasks and the promise chains behind them run (the clock does not move). */
async function io() {
  for (let i = 0; i < 30; i++) await new Promise((resolve) => setImmediate(resolve));
}

let server: ReturnType<typeof fakeServer>;
let network: { onLine: boolean };
let opened: Sync[] = [];

/** Loads the page: fresh modules (an empty memory), the same IndexedDB. */
async function openPage(paper: Paper = paperOf()): Promise<Sync> {
  vi.resetModules();
  const api = await import('../../../lib/api/index.js');
  api.setApiTransport(server.transport);
  const { SittingSync } = await import('./sync.js');
  const sync = new SittingSync(OLYMPIAD, LEARNER);
  opened.push(sync);
  await sync.init({
    paper,
    deadlineAt: Date.parse(paper.deadlineAt),
    clockOffset: Date.parse(paper.serverNow) - Date.now(),
    onDevice: false,
  });
  await io();
  return sync;
}

/** What the outbox holds in IndexedDB, read as a freshly loaded page would. */
async function stored(owner = OWNER) {
  vi.resetModules();
  const { entriesOf } = await import('./idb.js');
  const entries = await entriesOf(owner);
  return Object.fromEntries(entries.map((e) => [e.questionId, e.value]));
}

/** The network returns; the page acts at its own moment after it (Math.random is 0 here: at once). */
async function goOnline() {
  network.onLine = true;
  window.dispatchEvent(new Event('online'));
  await vi.advanceTimersByTimeAsync(0);
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'], now: START });
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

describe('the exam outbox', () => {
  it('sends an answer at once and forgets it once the server acknowledged it', async () => {
    const sync = await openPage();
    sync.setAnswer(1, single('b'));
    expect(sync.getSnapshot().status).toBe('saving');
    await io();
    expect(server.calls).toEqual([{ questionId: 1, body: { value: single('b'), flagged: false } }]);
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 0, status: 'saved' });
    expect(await stored()).toEqual({});
  });

  it('keeps an answer given offline in IndexedDB and sends it as soon as the connection returns', async () => {
    const sync = await openPage();
    network.onLine = false;
    server.down(offline);
    sync.setAnswer(1, text('forty-two'));
    await io();
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 1, status: 'offline' });
    expect(await stored()).toEqual({ 1: text('forty-two') });

    // Retries go on while offline, and keep failing.
    await vi.advanceTimersByTimeAsync(60_000);
    await io();
    const tries = server.calls.length;
    expect(tries).toBeGreaterThan(1);
    expect(await stored()).toEqual({ 1: text('forty-two') });

    server.restore();
    await goOnline();
    await io();
    // Sent on `online` (at this page's moment: lib/offline/reconnect.ts), without waiting for the backoff.
    expect(server.calls).toHaveLength(tries + 1);
    expect(server.calls.at(-1)).toEqual({ questionId: 1, body: { value: text('forty-two'), flagged: false } });
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 0, status: 'saved' });
    expect(await stored()).toEqual({});
  });

  it('sends only the newest value of each question changed while offline', async () => {
    const sync = await openPage();
    network.onLine = false;
    server.down(offline);
    sync.setAnswer(1, single('a'));
    sync.setAnswer(1, single('b'));
    sync.setAnswer(2, single('c'));
    sync.setAnswer(1, single('d'));
    await io();
    expect(await stored()).toEqual({ 1: single('d'), 2: single('c') });
    expect(sync.getSnapshot().pendingCount).toBe(2);

    const before = server.calls.length;
    server.restore();
    await goOnline();
    await io();
    expect(server.calls.slice(before)).toEqual([
      { questionId: 1, body: { value: single('d'), flagged: false } },
      { questionId: 2, body: { value: single('c'), flagged: false } },
    ]);
    expect(await stored()).toEqual({});
  });

  it('sends typed text once, after a pause in typing, with the last text', async () => {
    const sync = await openPage();
    sync.setAnswer(3, text('Par'), { debounce: true });
    await vi.advanceTimersByTimeAsync(400);
    sync.setAnswer(3, text('Paris'), { debounce: true });
    await vi.advanceTimersByTimeAsync(599);
    await io();
    expect(server.calls).toEqual([]);
    // Kept in the outbox while the learner types.
    expect(await stored()).toEqual({ 3: text('Paris') });
    await vi.advanceTimersByTimeAsync(1);
    await io();
    expect(server.calls).toEqual([{ questionId: 3, body: { value: text('Paris'), flagged: false } }]);
  });

  it('an acknowledgement of an older value leaves the newer one in the outbox, and the newer one is sent next', async () => {
    const sync = await openPage();
    let acknowledge!: () => void;
    server.reply(
      () =>
        new Promise<Response>((resolve) => {
          acknowledge = () =>
            resolve(Response.json({ success: true, questionId: 1, savedAt: '', deadlineAt: paperOf().deadlineAt }));
        }),
      offline,
    );
    sync.setAnswer(1, single('old'));
    await io();
    sync.setAnswer(1, single('new'));
    await io();
    // The older value is still on its way: the newer one waits rather than racing it.
    expect(server.calls.map((c) => c.body.value)).toEqual([single('old')]);
    expect(await stored()).toEqual({ 1: single('new') });

    acknowledge();
    await io();
    // The newer value went next (and failed: offline); the older value's acknowledgement removed nothing.
    expect(server.calls.map((c) => c.body.value)).toEqual([single('old'), single('new')]);
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 1, status: 'offline' });
    expect(sync.getSnapshot().answers.get(1)?.value).toEqual(single('new'));
    expect(await stored()).toEqual({ 1: single('new') });

    await vi.advanceTimersByTimeAsync(500);
    await io();
    expect(server.calls.at(-1)?.body.value).toEqual(single('new'));
    expect(sync.getSnapshot().pendingCount).toBe(0);
    expect(await stored()).toEqual({});
  });

  it('a newer value given at any moment while the older one’s acknowledgement is handled stays in IndexedDB', async () => {
    // The moment is stepped through IndexedDB's own tasks: the acknowledgement's removal must never take the
    // newer value with it, or a reload before that value is sent would lose it.
    for (let ticks = 0; ticks < 12; ticks++) {
      vi.stubGlobal('indexedDB', new IDBFactory());
      const sync = await openPage();
      let acknowledge!: () => void;
      server.reply(
        () =>
          new Promise<Response>((resolve) => {
            acknowledge = () =>
              resolve(Response.json({ success: true, questionId: 1, savedAt: '', deadlineAt: paperOf().deadlineAt }));
          }),
        offline,
      );
      sync.setAnswer(1, single('old'));
      await io();
      acknowledge();
      for (let i = 0; i < ticks; i++) await new Promise((resolve) => setImmediate(resolve));
      sync.setAnswer(1, single('new'));
      await io();
      sync.dispose();
      expect(await stored(), `newer value given ${ticks} tasks after the acknowledgement`).toEqual({
        1: single('new'),
      });
    }
  });

  it('stops for good when the server says the attempt is over (409): nothing retried, the outbox emptied', async () => {
    const sync = await openPage();
    server.down(status(409));
    sync.setAnswer(1, single('a'));
    sync.setAnswer(2, single('b'));
    await io();
    expect(sync.getSnapshot()).toMatchObject({ closed: true, pendingCount: 0 });
    const tries = server.calls.length;
    expect(tries).toBeLessThanOrEqual(2);
    expect(await stored()).toEqual({});

    // Nothing more is tried, whatever happens next.
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await goOnline();
    sync.setAnswer(3, single('c'));
    await io();
    expect(server.calls).toHaveLength(tries);
    expect(await stored()).toEqual({});
    expect(sync.getSnapshot().answers.has(3)).toBe(false);
  });

  it('keeps an answer refused with 403 for later without retrying it on its own', async () => {
    const sync = await openPage();
    server.reply(status(403));
    sync.setAnswer(1, single('a'));
    await io();
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 1, status: 'retrying', closed: false });
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    await io();
    expect(server.calls).toHaveLength(1);
    expect(await stored()).toEqual({ 1: single('a') });

    // Sent again only when something asks for it (here the connection coming back).
    await goOnline();
    await io();
    expect(server.calls).toHaveLength(2);
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 0, status: 'saved' });
    expect(await stored()).toEqual({});
  });

  it.each([400, 404, 422])(
    'drops a value the server can never store (%i), with a warning, and does not retry it',
    async (code) => {
      const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
      const sync = await openPage();
      server.reply(status(code));
      sync.setAnswer(1, single('a'));
      await io();
      expect(warn).toHaveBeenCalledWith('Answer to question 1 refused by the server', expect.anything());
      expect(sync.getSnapshot()).toMatchObject({ pendingCount: 0, closed: false });
      expect(await stored()).toEqual({});
      await vi.advanceTimersByTimeAsync(10 * 60_000);
      await io();
      expect(server.calls).toHaveLength(1);
    },
  );

  it('retries a network failure with a doubling backoff capped at 30 s, and starts again from 1 s after a success', async () => {
    const sync = await openPage();
    server.down(offline);
    sync.setAnswer(1, single('a'));
    await io();
    expect(server.calls).toHaveLength(1);
    // With Math.random() = 0 each wait is half of 1 s, 2 s, 4 s, … up to 30 s.
    const waits = [500, 1000, 2000, 4000, 8000, 15_000, 15_000, 15_000];
    for (const [i, wait] of waits.entries()) {
      await vi.advanceTimersByTimeAsync(wait - 1);
      await io();
      expect(server.calls, `retry ${i + 1} not before ${wait} ms`).toHaveLength(i + 1);
      await vi.advanceTimersByTimeAsync(1);
      await io();
      expect(server.calls, `retry ${i + 1} at ${wait} ms`).toHaveLength(i + 2);
    }
    expect(sync.getSnapshot().status).toBe('offline');

    server.restore();
    await vi.advanceTimersByTimeAsync(15_000);
    await io();
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 0, status: 'saved' });

    server.down(offline);
    sync.setAnswer(2, single('b'));
    await io();
    const after = server.calls.length;
    await vi.advanceTimersByTimeAsync(500);
    await io();
    expect(server.calls).toHaveLength(after + 1);
  });

  it('spreads each wait between half and all of the backoff (jitter)', async () => {
    vi.mocked(Math.random).mockReturnValue(0.999);
    const sync = await openPage();
    server.down(offline);
    sync.setAnswer(1, single('a'));
    await io();
    await vi.advanceTimersByTimeAsync(998);
    await io();
    expect(server.calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    await io();
    expect(server.calls).toHaveLength(2);
    expect(sync.getSnapshot().pendingCount).toBe(1);
  });

  it.each([
    ['500', status(500)],
    ['503', status(503)],
    ['429 with Retry-After', status(429, { 'Retry-After': '1' })],
  ])('retries a %s on the same backoff, showing "retrying", until it is stored', async (_name, reply) => {
    const sync = await openPage();
    server.reply(reply, reply);
    sync.setAnswer(1, single('a'));
    await io();
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 1, status: 'retrying' });
    await vi.advanceTimersByTimeAsync(500);
    await io();
    expect(server.calls).toHaveLength(2);
    expect(await stored()).toEqual({ 1: single('a') });
    await vi.advanceTimersByTimeAsync(999);
    await io();
    expect(server.calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    await io();
    expect(server.calls).toHaveLength(3);
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 0, status: 'saved' });
    expect(await stored()).toEqual({});
  });

  it('after a reload, restores the unsent answers over the server’s and sends them', async () => {
    const first = await openPage();
    network.onLine = false;
    server.down(offline);
    first.setAnswer(1, single('mine'));
    first.setFlag(2, single('x'), true);
    await io();
    first.dispose();
    expect(await stored()).toEqual({ 1: single('mine'), 2: single('x') });

    // An entry of another learner and one of a question not in this paper are not this page's to send.
    const { putEntry } = await import('./idb.js');
    const base = { flagged: false, seq: 1, updatedAt: START };
    await putEntry({ ...base, key: `${OLYMPIAD}|7|1`, owner: `${OLYMPIAD}|7`, questionId: 1, value: single('theirs') });
    await putEntry({ ...base, key: `${OWNER}|99`, owner: OWNER, questionId: 99, value: single('gone') });

    server.restore();
    network.onLine = true;
    const before = server.calls.length;
    const reloaded = await openPage(
      paperOf([
        { questionId: 1, value: single('server'), flagged: false },
        { questionId: 3, value: single('kept'), flagged: true },
      ]),
    );
    const answers = Object.fromEntries(reloaded.getSnapshot().answers);
    expect(answers).toEqual({
      1: { value: single('mine'), flagged: false },
      2: { value: single('x'), flagged: true },
      3: { value: single('kept'), flagged: true },
    });
    expect(server.calls.slice(before)).toEqual([
      { questionId: 1, body: { value: single('mine'), flagged: false } },
      { questionId: 2, body: { value: single('x'), flagged: true } },
    ]);
    expect(reloaded.getSnapshot()).toMatchObject({ ready: true, pendingCount: 0, status: 'saved' });
    expect(await stored()).toEqual({ 99: single('gone') });
    expect(await stored(`${OLYMPIAD}|7`)).toEqual({ 1: single('theirs') });
  });

  it('still sends after the deadline an answer given before it, and takes the server’s word on it', async () => {
    const sync = await openPage();
    expect(sync.getSnapshot().deadlineAt).toBe(DEADLINE);
    network.onLine = false;
    server.down(offline);
    vi.setSystemTime(DEADLINE - 30_000);
    sync.setAnswer(1, single('in time'));
    await io();
    await vi.advanceTimersByTimeAsync(5 * 60_000);
    await io();
    expect(Date.now()).toBeGreaterThan(DEADLINE);
    expect(await stored()).toEqual({ 1: single('in time') });

    // Extra time was granted meanwhile: the acknowledgement carries the new deadline.
    server.restore();
    server.extendDeadline(DEADLINE + 10 * 60_000);
    await goOnline();
    await io();
    expect(server.calls.at(-1)).toEqual({ questionId: 1, body: { value: single('in time'), flagged: false } });
    expect(sync.getSnapshot()).toMatchObject({ pendingCount: 0, closed: false, deadlineAt: DEADLINE + 10 * 60_000 });
    expect(await stored()).toEqual({});
  });

  it('the interactions’ answers (points, pairs, orders) go through IndexedDB and a reload as they are', async () => {
    const shapes: AnswerValue[] = [
      { type: 'hotspot', optionIds: ['b', 'a'] },
      { type: 'select_point', point: { x: 420, y: 300 } },
      { type: 'graphic_gap_match', pairs: [{ source: 'g', target: 'p2' }] },
      {
        type: 'gap_match',
        pairs: [
          { source: 'w1', target: 'rule' },
          { source: 'w1', target: 'law' },
        ],
      },
      { type: 'order', optionIds: ['c', 'a', 'b'] },
      { type: 'match', pairs: [{ source: 'l', target: 'pol' }] },
      { type: 'inline_choice', optionId: 'b' },
    ];
    const paper = { ...paperOf(), modules: [{ questions: shapes.map((_, i) => ({ id: i + 1 })) }] } as unknown as Paper;
    const first = await openPage(paper);
    network.onLine = false;
    server.down(offline);
    shapes.forEach((value, i) => first.setAnswer(i + 1, value));
    await io();
    first.dispose();
    expect(await stored()).toEqual(Object.fromEntries(shapes.map((value, i) => [i + 1, value])));

    server.restore();
    network.onLine = true;
    const before = server.calls.length;
    const reloaded = await openPage(paper);
    expect(server.calls.slice(before)).toEqual(
      shapes.map((value, i) => ({ questionId: i + 1, body: { value, flagged: false } })),
    );
    expect(reloaded.getSnapshot()).toMatchObject({ pendingCount: 0, status: 'saved' });
    expect(await stored()).toEqual({});
  });

  it('an interaction counts as answered only with something in it; an order never moved is not answered', async () => {
    const { isAnswered } = await import('./snapshot.js');
    const empty: AnswerValue[] = [
      { type: 'hotspot', optionIds: [] },
      { type: 'select_point', point: null },
      { type: 'graphic_gap_match', pairs: [] },
      { type: 'gap_match', pairs: [] },
      { type: 'order', optionIds: [] },
      { type: 'match', pairs: [] },
      { type: 'inline_choice', optionId: null },
    ];
    expect(empty.filter(isAnswered)).toEqual([]);
    const given: AnswerValue[] = [
      { type: 'hotspot', optionIds: ['a'] },
      // The picture's top left corner is a point like any other.
      { type: 'select_point', point: { x: 0, y: 0 } },
      { type: 'graphic_gap_match', pairs: [{ source: 'g', target: 'p1' }] },
      { type: 'gap_match', pairs: [{ source: 'w', target: 'g1' }] },
      { type: 'order', optionIds: ['a', 'b', 'c'] },
      { type: 'match', pairs: [{ source: 'l', target: 'r' }] },
      { type: 'inline_choice', optionId: 'a' },
    ];
    expect(given.filter((value) => !isAnswered(value))).toEqual([]);
  });

  it('settle() says whether everything unsent reached the server in time', async () => {
    const sync = await openPage();
    server.down(offline);
    sync.setAnswer(1, single('a'));
    await io();
    const waiting = sync.settle(1000);
    await vi.advanceTimersByTimeAsync(1200);
    expect(await waiting).toBe(false);

    server.restore();
    const settled = sync.settle(5000);
    await io();
    await vi.advanceTimersByTimeAsync(150);
    expect(await settled).toBe(true);
    expect(await stored()).toEqual({});
  });
});
