/**
 * The paper on this device (lib/offline/db.ts holds the database): when a paper opens, its questions (the learner's
 * paper has no keys), the sitting state, the deadline and the clock at the last contact are kept for that learner
 * and olympiad, with one copy of each of its pictures; the answers the server acknowledged since are kept beside
 * it. A reload, a closed tab or a restarted browser without the network then opens the paper from here, with
 * every answer (these and the outbox's). Everything of an owner is removed once the finish reached the server;
 * signing out removes the papers and pictures (lib/offline/db.ts `removePaperCopies`).
 */
import type { AnswerValue, Paper, PaperLanguage, SittingState } from '#contract/index';
import { isApiError } from '../../../lib/api/index.js';
import { removeOwner, run } from '../../../lib/offline/db.js';
import { getUser } from '../../../lib/session/storage.js';

export interface StoredPaper {
  /** `${olympiadName}|${learnerId}`, as the outbox's owner. */
  owner: string;
  /** The paper as it opened; null until it did (the state is kept from the first page of the questions step). */
  paper: Paper | null;
  state: SittingState | null;
  /** The server-held deadline, ms since the epoch on the server's clock; refreshed by every answer that brings it. */
  deadlineAt: number | null;
  /** server clock − device clock, in ms, measured at the last contact. */
  clockOffset: number;
  /** The device's time of the last answer from the server. */
  contactAt: number;
  /**
   * Where the learner last was on this device (a section and question), newer than the kept state's when they moved
   * on offline: the gate opens the paper there again. Absent until they moved.
   */
  position?: { moduleIndex: number; questionIndex: number };
  /**
   * The language the learner chose on this device while the server could not be reached (decision 091): the page
   * speaks it, and sends it once the network returns. Absent when the server has the learner's choice.
   */
  unsentLanguage?: PaperLanguage;
}

export interface StoredAnswer {
  key: string;
  owner: string;
  questionId: number;
  value: AnswerValue;
  flagged: boolean;
}

/** A hand-in given while offline (or time that ran out with answers still here): sent once the outbox is empty. */
export interface KeptFinish {
  owner: string;
  /** On the server's clock, ms since the epoch. */
  givenAt: number;
  reason: 'submitted' | 'time_up';
}

export function readPaper(owner: string): Promise<StoredPaper | undefined> {
  return run('papers', 'readonly', (store) => store.get(owner) as IDBRequest<StoredPaper | undefined>);
}

async function change(owner: string, update: (current: StoredPaper) => StoredPaper): Promise<void> {
  const current = (await readPaper(owner)) ?? {
    owner,
    paper: null,
    state: null,
    deadlineAt: null,
    clockOffset: 0,
    contactAt: 0,
  };
  await run('papers', 'readwrite', (store) => store.put(update(current)));
}

/** The paper as the server sent it (its `serverNow` gives the clock); the answers acknowledged before it go. */
export async function keepPaper(owner: string, paper: Paper, receivedAt = Date.now()): Promise<void> {
  await change(owner, (current) => ({
    ...current,
    paper,
    deadlineAt: Date.parse(paper.deadlineAt),
    clockOffset: Date.parse(paper.serverNow) - receivedAt,
    contactAt: receivedAt,
  }));
  await removeOwner('answers', owner);
}

/** The sitting state of a learner writing (step `questions`), what the gate goes by when the network is gone. */
export function keepState(owner: string, state: SittingState, receivedAt = Date.now()): Promise<void> {
  return change(owner, (current) => ({
    ...current,
    state,
    deadlineAt: state.attempt.deadlineAt ? Date.parse(state.attempt.deadlineAt) : current.deadlineAt,
    clockOffset: Date.parse(state.serverNow) - receivedAt,
    contactAt: receivedAt,
  }));
}

/** The server answered: its clock (and the deadline, when the answer carries it) as of now. */
export function keepContact(owner: string, clockOffset: number, deadlineAt: number | null): Promise<void> {
  return change(owner, (current) => ({
    ...current,
    clockOffset,
    deadlineAt: deadlineAt ?? current.deadlineAt,
    contactAt: Date.now(),
  }));
}

/** Where the learner is now (the page's every move): the place an offline reopening goes back to. */
export function keepPosition(owner: string, position: { moduleIndex: number; questionIndex: number }): Promise<void> {
  return change(owner, (current) => ({ ...current, position }));
}

/** A language chosen without the network (null: the server has it now), the page sends it when back. */
export function keepUnsentLanguage(owner: string, language: PaperLanguage | null): Promise<void> {
  return change(owner, (current) => {
    const { unsentLanguage: _sent, ...rest } = current;
    return language ? { ...rest, unsentLanguage: language } : rest;
  });
}

/** The language chosen on this device and not sent yet, if any. */
export async function unsentLanguage(owner: string): Promise<PaperLanguage | undefined> {
  return (await readPaper(owner))?.unsentLanguage;
}

/** An answer the server acknowledged (or kept from another device), so the paper on the device shows it. */
export async function keepAnswer(owner: string, questionId: number, value: AnswerValue, flagged: boolean) {
  const answer: StoredAnswer = { key: `${owner}|${questionId}`, owner, questionId, value, flagged };
  await run('answers', 'readwrite', (store) => store.put(answer));
}

/**
 * The stored paper with every acknowledged answer in it (the outbox's unsent ones are merged by the sync), or
 * undefined when no paper was kept.
 */
export async function storedPaper(owner: string): Promise<(StoredPaper & { paper: Paper }) | undefined> {
  const stored = await readPaper(owner);
  if (!stored?.paper) return undefined;
  const later =
    (await run('answers', 'readonly', (store) => store.index('owner').getAll(owner) as IDBRequest<StoredAnswer[]>)) ??
    [];
  const byQuestion = new Map(stored.paper.answers.map((a) => [a.questionId, a]));
  for (const answer of later) {
    byQuestion.set(answer.questionId, {
      questionId: answer.questionId,
      value: answer.value,
      flagged: answer.flagged,
      savedAt: new Date(stored.contactAt).toISOString(),
    });
  }
  return { ...stored, paper: { ...stored.paper, answers: [...byQuestion.values()] } };
}

export function keepFinish(finish: KeptFinish): Promise<unknown> {
  return run('finishes', 'readwrite', (store) => store.put(finish));
}

export function keptFinish(owner: string): Promise<KeptFinish | undefined> {
  return run('finishes', 'readonly', (store) => store.get(owner) as IDBRequest<KeptFinish | undefined>);
}

/** The finish reached the server: nothing of this sitting stays on the device (the outbox is emptied by the sync). */
export async function removeSitting(owner: string): Promise<void> {
  for (const name of ['papers', 'answers', 'pictures', 'finishes'] as const) await removeOwner(name, owner);
}

/** The signed-in learner's owner key for an olympiad (the outbox's), or null when nobody is signed in. */
export function ownerOf(olympiadName: string): string | null {
  const user = getUser();
  return user ? `${olympiadName}|${user.id}` : null;
}

/**
 * The server could not be reached: no network (status 0: the browser's TypeError), or a proxy in front of it that
 * answered for a server that is down. Then the device's copy stands in; any answer of the server itself is obeyed.
 */
export function unreachable(error: unknown): boolean {
  return (
    isApiError(error) && (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504)
  );
}

/** A state the page made from what the device keeps, because the server could not be reached. */
export type DeviceSittingState = SittingState & { onDevice?: true };

export function isOnDevice(state: SittingState): boolean {
  return (state as DeviceSittingState).onDevice === true;
}

/**
 * What the gate goes by without the network: the state kept while writing (step `questions`), or, after a hand-in
 * or the time running out on the device, that finish (step `finished`, its answers still here). Nothing otherwise:
 * every other step needs the server.
 */
export async function stateOnDevice(owner: string): Promise<DeviceSittingState | undefined> {
  const stored = await readPaper(owner);
  const kept = stored?.state;
  if (!kept || kept.step !== 'questions') return undefined;
  const attempt = {
    ...kept.attempt,
    ...(stored.position ? { position: stored.position } : {}),
    ...(stored.unsentLanguage ? { language: stored.unsentLanguage } : {}),
  };
  const state = { ...kept, attempt };
  const finish = await keptFinish(owner);
  if (!finish) return { ...state, onDevice: true };
  return {
    ...state,
    step: 'finished',
    attempt: { ...state.attempt, finishedAt: new Date(finish.givenAt).toISOString(), finishReason: finish.reason },
    onDevice: true,
  };
}
