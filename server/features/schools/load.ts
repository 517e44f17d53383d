import type { Actor } from '../../http/actor.js';
import { defineLoader } from '../../http/load.js';
import { olympiadNotFound } from '../../http/errors.js';
import { reach, reachFor, type Reach } from '../../http/reach.js';
import * as entries from './entry-queries.js';
import * as eois from './eoi-queries.js';
import { entriesPolicy, eoiPolicy, schoolsPolicy } from './policy.js';
import * as schools from './school-queries.js';

/** A school, named in a 404 as `what`: one the actor may not see, or not act on, answers "<what> was not found". */
const schoolNamed = (what: string) =>
  defineLoader({ what, policy: schoolsPolicy, find: (q, id: number) => schools.findSchool(q, id) });

/** One school, scoped to the actor. */
export const schoolLoader = schoolNamed('This school');
/** The duplicate and the kept school of a merge. */
export const mergeSourceLoader = schoolNamed('The duplicate school');
export const mergeTargetLoader = schoolNamed('The school to keep');
/** The school an expression is linked to (any existing school: the olympiad's admins may enter any). */
export const eoiSchoolLoader = schoolNamed('The school to link');

/** One entry of a school in an olympiad ("This entry was not found" outside the actor's reach). */
export const entryLoader = defineLoader({
  what: 'This entry',
  policy: entriesPolicy,
  find: (q, id: number) => entries.findParticipant(q, id),
});

/** One learner of an entry (spec §7 `participant/v-rest/single?participantId`), seen as their school's entry is. */
export const participantLearnerLoader = defineLoader({
  what: 'This participant',
  policy: entriesPolicy,
  find: async (q, id: number) => {
    const learner = await entries.findParticipantLearner(q, id);
    const entry = learner && (await entries.findParticipant(q, learner.entryId));
    return entry && { ...entry, learner };
  },
});

/** One expression of interest; `lock` holds its row for the change (process, decline). */
export const eoiLoader = defineLoader({
  what: 'This expression of interest',
  policy: eoiPolicy,
  find: (q, key: { id: number; lock?: boolean }) => eois.findEoi(q, key.id, key.lock ?? false),
});

/** The schools a list shows: those entered in the actor's olympiads (or the one named; 404 outside). */
export const schoolsReach = (actor: Actor, olympiadId?: number): Reach =>
  reach(actor, schoolsPolicy.access.list, olympiadId);

/**
 * The entries a list shows: staff those of their olympiads, a teacher their own school's (in any olympiad of
 * their session, or the one named; 404 outside). A teacher without a school sees none.
 */
export function entriesReach(actor: Actor, olympiadId?: number): Reach {
  const r = reachFor(actor, entriesPolicy.access.list, olympiadId);
  if (r) return r;
  if (olympiadId == null) return { olympiads: [], schoolId: null };
  throw olympiadNotFound();
}

/** The expressions a list shows: those of the actor's olympiads (the overlord's every one). */
export const eoisReach = (actor: Actor, olympiadId?: number): Reach => reach(actor, eoiPolicy.access.list, olympiadId);
