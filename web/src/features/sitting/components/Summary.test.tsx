import { screen, within, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { FinishResult, type AnswerValue, type LearnerModule, type LearnerQuestion } from '#contract/index';
import { ok, refused, stubApi } from '../../../test/api.js';
import { renderInLearnerPage } from '../../../test/render-learner.js';
import type { AnswerState, SittingSnapshot } from '../outbox/snapshot.js';
import type { SittingSync } from '../outbox/sync.js';
import { flatten } from '../paper-model.js';
import { Summary } from './Summary.js';

/**
 * The page before handing in: what is not answered, flagged or not saved, with links back, and the hand-in behind
 * a confirmation. The hand-in waits for the outbox (`settle`), then POSTs finish; the server is the fetch stub.
 */

const OLYMPIAD = 'Geo 2026';
const FINISH = '/api/sitting/Geo%202026/finish';

const q = (id: number): LearnerQuestion => ({
  id,
  index: id,
  type: 'short_text',
  prompt: `<p>Question ${id}</p>`,
  imageUrl: null,
  imageAlt: '',
  marks: 1,
  options: [],
  imageWidth: null,
  imageHeight: null,
  targets: [],
  gapText: '',
  maxChoices: 1,
  translations: {},
});
const modules: LearnerModule[] = [
  { id: 1, index: 0, title: 'Maps', intro: '', translations: {}, questions: [q(11), q(12)] },
  { id: 2, index: 1, title: 'Rivers', intro: '', translations: {}, questions: [q(21), q(22)] },
];
const items = flatten(modules);

const text = (t: string): AnswerValue => ({ type: 'short_text', text: t });

function snapshotOf(answers: Record<number, AnswerState>, extra: Partial<SittingSnapshot> = {}): SittingSnapshot {
  return {
    ready: true,
    answers: new Map(Object.entries(answers).map(([id, state]) => [Number(id), state])),
    pendingCount: 0,
    unsaved: new Map(),
    status: 'saved',
    deadlineAt: Date.now() + 3_600_000,
    clockOffset: 0,
    closed: false,
    pendingIds: new Set(),
    onDevice: false,
    finishing: null,
    keptElsewhere: new Map(),
    ...extra,
  };
}

/** The moment of the hand-in, on the server's clock (the outbox's `serverTime`). */
const NOW_ON_SERVER = Date.parse('2026-05-14T09:41:00.000Z');

/**
 * The outbox as the summary uses it: whether every answer reached the server, where the learner was, its save state,
 * and a hand-in kept on the device.
 */
function outbox({
  settled = true,
  position = null as { moduleIndex: number; questionIndex: number } | null,
  status = 'saved' as SittingSnapshot['status'],
} = {}) {
  const settle = vi.fn(async () => settled);
  const handInLater = vi.fn(async () => {});
  const sync = {
    settle,
    handInLater,
    getPosition: () => position,
    serverTime: () => NOW_ON_SERVER,
    getSnapshot: () => ({ status }),
  } as unknown as SittingSync;
  return { sync, settle, handInLater };
}

function show(snapshot: SittingSnapshot, sync: SittingSync) {
  const onFinished = vi.fn();
  const view = renderInLearnerPage(
    <Summary
      olympiadName={OLYMPIAD}
      modules={modules}
      items={items}
      snapshot={snapshot}
      sync={sync}
      focusKey="summary"
      onFinished={onFinished}
    />,
    { path: '/Geo%202026/olympiad/summary' },
  );
  return { ...view, onFinished };
}

const dialog = () => document.querySelector('dialog')!;

describe('Summary', () => {
  it('counts the answers and lists what is not answered and what is flagged, each linking back', () => {
    const { sync } = outbox();
    show(
      snapshotOf({
        11: { value: text('Cape Town'), flagged: false },
        21: { value: text(''), flagged: true },
        22: { value: text('Orange'), flagged: true },
      }),
      sync,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Check before you hand in' })).toBeTruthy();
    expect(screen.getByText(/You have answered/).textContent).toBe('You have answered 2 of 4 questions.');

    const notAnswered = screen.getByRole('heading', { name: 'Not answered yet (2)' }).parentElement!;
    const links = within(notAnswered).getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Question 2 (section 1)', '/Geo%202026/olympiad/0/1'],
      ['Question 3 (section 2)', '/Geo%202026/olympiad/1/0'],
    ]);
    const flagged = screen.getByRole('heading', { name: 'Flagged for review (2)' }).parentElement!;
    expect(
      within(flagged)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Question 3 (section 2)', 'Question 4 (section 2)']);
    // The palette says the same to a screen reader, question by question.
    expect(screen.getByRole('link', { name: 'Question 1, answered' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Question 3, not answered, flagged' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Question 4, answered, flagged' })).toBeTruthy();
  });

  it('every question answered: says so, and lists nothing to go back to', () => {
    const { sync } = outbox();
    show(snapshotOf(Object.fromEntries(items.map((i) => [i.question.id, { value: text('x'), flagged: false }]))), sync);
    expect(screen.getByText(/You have answered/).textContent).toBe(
      'You have answered 4 of 4 questions. Well done, every question has an answer.',
    );
    expect(screen.queryByRole('heading', { name: /Not answered yet/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: /Flagged/ })).toBeNull();
  });

  it('an answer that is not a number is listed first, and the confirmation says the answer before counts', async () => {
    const { sync } = outbox();
    const { user } = show(
      snapshotOf(
        { 11: { value: text('a'), flagged: false } },
        { unsaved: new Map([[12, '12 km']]), status: 'unsaved' },
      ),
      sync,
    );
    const unsaved = screen.getByRole('heading', { name: 'Not saved: type only a number (1)' }).parentElement!;
    expect(within(unsaved).getByRole('link').textContent).toBe('Question 2 (section 1)');
    await user.click(screen.getByRole('button', { name: 'Hand in my answers' }));
    expect(within(dialog()).getByText(/After you hand in/).textContent).toBe(
      'You have 3 questions without an answer. One answer is not saved because it is not a number; the answer saved before counts. After you hand in, you cannot change your answers.',
    );
  });

  it('"Back to the questions" returns to the question the learner last opened', () => {
    const { sync } = outbox({ position: { moduleIndex: 1, questionIndex: 1 } });
    show(snapshotOf({}), sync);
    expect(screen.getByRole('link', { name: 'Back to the questions' }).getAttribute('href')).toBe(
      '/Geo%202026/olympiad/1/1',
    );
  });

  it('hands in only after the confirmation: waits for every answer to be saved, then finishes', async () => {
    const sent = stubApi({
      [`POST ${FINISH}`]: ok(FinishResult, { success: true, finishedAt: new Date().toISOString() }),
    });
    const { sync, settle } = outbox();
    const { user, onFinished } = show(snapshotOf({ 11: { value: text('a'), flagged: false } }), sync);

    await user.click(screen.getByRole('button', { name: 'Hand in my answers' }));
    expect(dialog().open).toBe(true);
    expect(within(dialog()).getByRole('heading', { name: 'Hand in your answers?' })).toBeTruthy();
    expect(within(dialog()).getByText(/without an answer/).textContent).toContain(
      'You have 3 questions without an answer. ',
    );
    // "Go back" closes it and hands nothing in.
    await user.click(within(dialog()).getByRole('button', { name: 'Go back' }));
    expect(dialog().open).toBe(false);
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Hand in my answers' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Yes, hand in' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(settle).toHaveBeenCalledWith(15_000);
    expect(sent.map((r) => `${r.method} ${r.path}`)).toEqual([`POST ${FINISH}`]);
    // When the learner handed in, on the server's clock.
    expect(sent[0]!.body).toEqual({ givenAt: new Date(NOW_ON_SERVER).toISOString() });
    expect(dialog().open).toBe(false);
  });

  it('answers not yet saved while offline: the hand-in is kept on the device, with when it was given', async () => {
    const sent = stubApi({});
    const { sync, settle, handInLater } = outbox({ settled: false, status: 'offline' });
    const { user, onFinished } = show(snapshotOf({}, { status: 'offline', pendingCount: 2 }), sync);
    await user.click(screen.getByRole('button', { name: 'Hand in my answers' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Yes, hand in' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    // Offline, it does not wait long for answers that cannot leave.
    expect(settle).toHaveBeenCalledWith(2_000);
    expect(handInLater).toHaveBeenCalledWith(NOW_ON_SERVER);
    expect(sent).toEqual([]);
    expect(dialog().open).toBe(false);
  });

  it('answers still on their way while online: does not hand in, and says to wait', async () => {
    const sent = stubApi({});
    const { sync, handInLater } = outbox({ settled: false, status: 'retrying' });
    const { user, onFinished } = show(snapshotOf({}, { status: 'retrying', pendingCount: 1 }), sync);
    await user.click(screen.getByRole('button', { name: 'Hand in my answers' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Yes, hand in' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe(
      'Some answers are not saved yet. Wait a moment, then hand in again.',
    );
    expect(sent).toEqual([]);
    expect(handInLater).not.toHaveBeenCalled();
    expect(onFinished).not.toHaveBeenCalled();
    // The learner can try again.
    expect((within(dialog()).getByRole('button', { name: 'Yes, hand in' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('the server cannot be reached for the finish: it is kept on the device and sent later', async () => {
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const { sync, handInLater } = outbox();
    const { user, onFinished } = show(snapshotOf({}), sync);
    await user.click(screen.getByRole('button', { name: 'Hand in my answers' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Yes, hand in' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(handInLater).toHaveBeenCalledWith(NOW_ON_SERVER);
  });

  it('already handed in (409, e.g. the time ran out meanwhile): goes on to the finished page all the same', async () => {
    stubApi({ [`POST ${FINISH}`]: refused(409, 'conflict', 'This attempt is already finished.') });
    const { sync } = outbox();
    const { user, onFinished } = show(snapshotOf({}), sync);
    await user.click(screen.getByRole('button', { name: 'Hand in my answers' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Yes, hand in' }));
    await waitFor(() => expect(onFinished).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("another refusal shows the server's words in the dialog", async () => {
    stubApi({ [`POST ${FINISH}`]: refused(403, 'forbidden', 'This olympiad is closed.') });
    const { sync } = outbox();
    const { user, onFinished } = show(snapshotOf({}), sync);
    await user.click(screen.getByRole('button', { name: 'Hand in my answers' }));
    await user.click(within(dialog()).getByRole('button', { name: 'Yes, hand in' }));
    expect((await within(dialog()).findByRole('alert')).textContent).toBe('This olympiad is closed.');
    expect(onFinished).not.toHaveBeenCalled();
  });
});
