import type { Db } from '../../db/client.js';
import {
  type SavedAnswer,
  type SessionSaveInput,
  saveAnswerForSession,
  saveAnswersForSessions,
} from './answer-queries.js';

/**
 * The answer saves of one server process, written together when they arrive together (decision 063): saves that
 * reach the process in the same turn of its event loop, or while every lane is busy, go to PostgreSQL as one
 * statement, one round trip and one commit. A save alone goes as before, in its own statement, at once: batches
 * form only when saves crowd, which is when their cost per save matters.
 *
 * Nothing changes for the learner: a save is answered only once its statement has committed, a batch holds one save
 * per session (a second save of the same session waits for the next statement, keeping their order), and when a
 * batch's statement fails each of its saves is tried again alone, so one save's trouble is never another's.
 */
export interface AnswerSaves {
  /** Saves an answer of a session's running attempt; null when nothing was saved (as `saveAnswerForSession`). */
  save(input: SessionSaveInput): Promise<SavedAnswer | null>;
  /** Statements and saves so far (the tests read them). */
  figures(): { statements: number; saves: number; batched: number; retriedAlone: number };
}

interface Pending {
  input: SessionSaveInput;
  resolve(saved: SavedAnswer | null): void;
  reject(error: unknown): void;
}

/** Statements of saves one process runs at once: the rest wait and go together in the next. */
const LANES = 4;
/** The most saves in one statement. */
const MOST = 200;

export function answerSaves(db: Db): AnswerSaves {
  const waiting: Pending[] = [];
  let running = 0;
  let scheduled = false;
  /** Sessions with a save in a statement now: their next save waits for it. */
  const writing = new Set<string>();
  const figures = { statements: 0, saves: 0, batched: 0, retriedAlone: 0 };

  // The first save of a turn schedules the dispatch after the turn's other I/O callbacks, which may add theirs.
  function schedule() {
    if (scheduled) return;
    scheduled = true;
    setImmediate(dispatch);
  }

  function dispatch() {
    scheduled = false;
    while (running < LANES && waiting.length > 0) {
      const batch = take();
      if (batch.length === 0) break;
      running++;
      for (const pending of batch) writing.add(pending.input.tokenHash);
      void write(batch).finally(() => {
        for (const pending of batch) writing.delete(pending.input.tokenHash);
        running--;
        if (waiting.length > 0) schedule();
      });
    }
  }

  /**
   * The next batch: waiting saves in arrival order, up to `MOST`, one per session and none of a session being written;
   * the others keep their place.
   */
  function take(): Pending[] {
    const batch: Pending[] = [];
    const sessions = new Set<string>();
    let kept = 0;
    for (const pending of waiting) {
      const session = pending.input.tokenHash;
      if (batch.length < MOST && !sessions.has(session) && !writing.has(session)) {
        sessions.add(session);
        batch.push(pending);
      } else {
        waiting[kept++] = pending;
      }
    }
    waiting.length = kept;
    return batch;
  }

  async function alone(pending: Pending) {
    figures.statements++;
    try {
      pending.resolve(await saveAnswerForSession(db, pending.input));
    } catch (error) {
      pending.reject(error);
    }
  }

  async function write(batch: Pending[]) {
    figures.saves += batch.length;
    if (batch.length === 1) return alone(batch[0]!);
    figures.statements++;
    figures.batched += batch.length;
    let saved: Map<number, SavedAnswer>;
    try {
      saved = await saveAnswersForSessions(
        db,
        batch.map((p) => p.input),
      );
    } catch {
      // The statement wrote nothing (it is one transaction): each save is tried alone and answers for itself.
      figures.retriedAlone += batch.length;
      await Promise.all(batch.map(alone));
      return;
    }
    batch.forEach((pending, n) => pending.resolve(saved.get(n) ?? null));
  }

  return {
    save(input) {
      return new Promise<SavedAnswer | null>((resolve, reject) => {
        waiting.push({ input, resolve, reject });
        schedule();
      });
    },
    figures: () => ({ ...figures }),
  };
}
