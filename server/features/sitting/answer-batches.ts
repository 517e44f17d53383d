import type { Db } from '../../db/client.js';
import { batcher } from '../../platform/batches.js';
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
 * form only when saves crowd, which is when their cost per save matters. The mechanics are the platform's batcher
 * (platform/batches.ts, decision 104), which the benchmarks' bare batched upsert shares.
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

/** Statements of saves one process runs at once: the rest wait and go together in the next. */
const LANES = 4;
/** The most saves in one statement. */
const MOST = 200;

export function answerSaves(db: Db): AnswerSaves {
  const saves = batcher<SessionSaveInput, SavedAnswer | null>({
    lanes: LANES,
    most: MOST,
    keyOf: (input) => input.tokenHash,
    one: (input) => saveAnswerForSession(db, input),
    many: async (inputs) => {
      const saved = await saveAnswersForSessions(db, inputs);
      return inputs.map((_, n) => saved.get(n) ?? null);
    },
  });
  return {
    save: (input) => saves.write(input),
    figures() {
      const { writes, ...rest } = saves.figures();
      return { ...rest, saves: writes };
    },
  };
}
