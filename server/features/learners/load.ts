import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict, olympiadNotFound } from '../../http/errors.js';
import { defineLoader } from '../../http/load.js';
import { findJob } from '../../platform/jobs.js';
import { findOlympiad, takesEntries } from '../../platform/olympiad-lookup.js';
import { learnersPolicy, learnersReach } from './policy.js';
import * as queries from './queries.js';

/** The background job kind of a learner import. */
export const IMPORT_JOB = 'learners.import';

/** Where learners go: a school entered in an olympiad. */
export interface Place {
  olympiad: {
    id: number;
    varName: string;
    title: string;
    kind: 'school' | 'country';
    minGrade: number;
    maxGrade: number;
    /** The language its slips are worded in (decision 095). */
    defaultLanguage: string;
  };
  school: { id: number; name: string };
}

/** One learner, scoped to the actor (another school's or olympiad's answers 404). */
export const learnerLoader = defineLoader({
  what: 'This learner',
  policy: learnersPolicy,
  find: (q, id: number) => queries.findLearnerRow(q, id),
});

/** One learner import (a background job), seen by its school's teacher and its olympiad's admins. */
export const importLoader = defineLoader({
  what: 'This import',
  policy: learnersPolicy,
  find: (q, id: number) => findJob(q, id, IMPORT_JOB),
});

/**
 * The school in an olympiad the actor works on: a teacher their own school; an admin the school they name. An
 * olympiad that does not exist answers 404 as such; a school outside the actor's reach as "This school".
 */
export const placeLoader = defineLoader({
  what: 'This school',
  policy: learnersPolicy,
  find: async (q, key: { olympiadId: number; schoolId: number | undefined }, actor) => {
    const olympiad = await findOlympiad(q, key.olympiadId);
    if (!olympiad) throw olympiadNotFound();
    const schoolId = learnersReach(actor, olympiad.id, key.schoolId)?.schoolId;
    const school = schoolId == null ? null : await queries.findSchool(q, schoolId);
    return school && { olympiadId: olympiad.id, schoolId: school.id, olympiad, school };
  },
});

/**
 * The place, which must be entered: a school not entered in the olympiad answers 409 (enter it first), but for
 * a teacher only when the olympiad is in their portal (still taking entries); any other olympiad answers as if
 * it did not exist (its title is not theirs to learn).
 */
export async function enteredPlace(
  q: Queryable,
  actor: Actor,
  olympiadId: number,
  schoolId: number | undefined,
  action: 'manage' | 'import' = 'manage',
): Promise<Place> {
  const { olympiad, school } = await placeLoader.load(q, actor, { olympiadId, schoolId }, action);
  if (!(await queries.findEntry(q, olympiad.id, school.id))) {
    if (actor.role === 'teacher' && !takesEntries(olympiad)) throw olympiadNotFound();
    throw conflict(`${school.name} is not entered in ${olympiad.title} yet: enter it first`);
  }
  return { olympiad, school };
}

/** The place of a queued import, read again when it runs (the school or olympiad may be gone meanwhile). */
export async function placeOf(q: Queryable, olympiadId: number, schoolId: number): Promise<Place> {
  const [olympiad, school] = await Promise.all([findOlympiad(q, olympiadId), queries.findSchool(q, schoolId)]);
  if (!olympiad || !school) throw conflict('The school or the olympiad of this import is gone; nothing was saved');
  return { olympiad, school };
}
