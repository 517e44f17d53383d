import { defineLoader } from '../../http/load.js';
import type { Reach } from '../../http/reach.js';
import type { Actor } from '../../http/actor.js';
import { notWhileActingAsLearner } from '../../http/errors.js';
import { findOlympiad, type Olympiad } from '../../platform/olympiad-lookup.js';
import type { Queryable } from '../../db/client.js';
import { learnerById } from './attempt-queries.js';
import { isSchoolInOlympiad } from './day-queries.js';
import { type SittingRecord, sittingPolicy } from './policy.js';

const asRecord = (o: Olympiad) => ({ ...o, olympiadId: o.id });

/**
 * An olympiad by id (the admin's operations of the day) or by url name (the learner's sitting); one outside the
 * action answers 404.
 */
export const olympiadLoader = defineLoader({
  what: 'This olympiad',
  policy: sittingPolicy,
  find: async (q, idOrName: number | string) => {
    const o = await findOlympiad(q, idOrName);
    return o && asRecord(o);
  },
});

/**
 * An olympiad for the live counts: with the actor's own school among `enteredSchoolIds` when it is entered
 * (a teacher sees the counts of their school only then).
 */
export const countsLoader = defineLoader({
  what: 'This olympiad',
  policy: sittingPolicy,
  find: async (q, id: number, actor) => {
    const o = await findOlympiad(q, id);
    if (!o) return null;
    const entered =
      actor.role === 'teacher' && actor.schoolId != null && (await isSchoolInOlympiad(q, actor.schoolId, o.id));
    return { ...asRecord(o), enteredSchoolIds: entered ? [actor.schoolId!] : [] };
  },
});

/** What the counts cover: the whole olympiad for its administrators, the teacher's own school otherwise. */
export const countsReach = (actor: Actor, olympiad: SittingRecord): Reach => ({
  olympiads: [olympiad.olympiadId],
  schoolId: sittingPolicy.can(actor, 'administer', olympiad) ? null : actor.schoolId,
});

/**
 * The olympiad a learner sits, by its url name: any other olympiad (or none) answers 404. Someone acting as the
 * learner may look (`view`) but never write (`sit`): 403.
 */
export async function learnerOlympiad(q: Queryable, actor: Actor, olympiadName: string, write = true) {
  const olympiad = await olympiadLoader.load(q, actor, olympiadName, 'view');
  if (write && !sittingPolicy.can(actor, 'sit', olympiad)) throw notWhileActingAsLearner();
  return olympiad;
}

/** A learner of an olympiad the actor administers, with that olympiad (any other answers 404). */
export const learnerLoader = defineLoader({
  what: 'This learner',
  policy: sittingPolicy,
  find: async (q, id: number) => {
    const learner = await learnerById(q, id);
    if (!learner || learner.role !== 'learner' || learner.olympiadId == null) return null;
    const olympiad = await findOlympiad(q, learner.olympiadId);
    return olympiad && { olympiadId: olympiad.id, learner, olympiad };
  },
});
