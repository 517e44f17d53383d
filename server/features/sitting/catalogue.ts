import type { Db } from '../../db/client.js';
import { type Olympiad, findOlympiad } from '../../platform/olympiad-lookup.js';
import type { LearnerModule } from '#contract/questions';
import { type QuestionRow, paperQuestions } from './paper-queries.js';
import { arrangedFor, otherLanguages, type PaperOrder, presentModules } from './present.js';

/**
 * An olympiad's paper (its row and live questions), read once per few seconds per process: on exam day
 * thousands of learners fetch the same paper and validate every save against it. This is the server's only
 * cache: reference data with a short lifetime, never the state of an attempt. Any change to an olympiad's paper
 * is announced by the database to every server process, which forgets its copy at once (`forgetCatalogue`,
 * decision 040); `CATALOGUE_TTL_MS` bounds a copy's age should an announcement be lost. Marking always reads the
 * database.
 */
export const CATALOGUE_TTL_MS = 5_000;

export interface Catalogue {
  olympiad: Olympiad;
  questions: QuestionRow[];
  byId: Map<number, QuestionRow>;
  /** The paper as every learner sees it before their own option order: presented once per catalogue. */
  modules?: LearnerModule[];
}

/**
 * The paper for one learner: the catalogue's presented modules, built once, with the options (and a match's
 * right-hand column) put in this attempt's own order where they move (present.ts's arrangedFor: when the olympiad
 * shuffles, fixed options kept in place, none moved for a question that does not shuffle; an order question's items
 * always, as the order written is the answer).
 */
export function learnerModules(paper: Catalogue, order: PaperOrder | null): LearnerModule[] {
  paper.modules ??= presentModules(paper.questions, null, otherLanguages(paper.olympiad));
  if (!order) return paper.modules;
  return paper.modules.map((m) => ({
    ...m,
    questions: m.questions.map((q) => {
      // The stored question says whether its options move and which keep their place.
      const row = paper.byId.get(q.id);
      return row ? arrangedFor(row, q, order) : q;
    }),
  }));
}

const cache = new Map<number, { at: number; value: Promise<Catalogue | null> }>();

export function catalogue(db: Db, olympiadId: number): Promise<Catalogue | null> {
  const hit = cache.get(olympiadId);
  if (hit && Date.now() - hit.at < CATALOGUE_TTL_MS) return hit.value;
  const value = (async () => {
    const olympiad = await findOlympiad(db, olympiadId);
    if (!olympiad) return null;
    const questions = await paperQuestions(db, olympiadId);
    return { olympiad, questions, byId: new Map(questions.map((q) => [q.id, q])) };
  })();
  cache.set(olympiadId, { at: Date.now(), value });
  value.catch(() => cache.delete(olympiadId));
  return value;
}

const idsByName = new Map<string, { at: number; value: Promise<number | null> }>();

/** The paper of an olympiad named by its varName (the URL's), with the same lifetime as `catalogue`. */
export async function catalogueByName(db: Db, varName: string): Promise<Catalogue | null> {
  const name = varName.toLowerCase();
  let hit = idsByName.get(name);
  if (!hit || Date.now() - hit.at >= CATALOGUE_TTL_MS) {
    hit = { at: Date.now(), value: findOlympiad(db, name).then((o) => o?.id ?? null) };
    idsByName.set(name, hit);
    hit.value.catch(() => idsByName.delete(name));
  }
  const id = await hit.value;
  return id == null ? null : catalogue(db, id);
}

/**
 * Forgets an olympiad's paper (or, without an id, every paper and every name): the next reader loads it again.
 * The names go in either case (a renamed olympiad announces only its id).
 */
export function forgetCatalogue(olympiadId?: number): void {
  if (olympiadId == null || !Number.isFinite(olympiadId)) cache.clear();
  else cache.delete(olympiadId);
  idsByName.clear();
}
