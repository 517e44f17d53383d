import { withinScope } from '../../http/actor.js';
import { definePolicy } from '../../http/policy.js';

/**
 * An olympiad as exam day's rules read it (an olympiad row, or a learner's: the olympiad they write). For the
 * live counts, `enteredSchoolIds` holds the actor's own school when it is entered in the olympiad.
 */
export interface SittingRecord {
  olympiadId: number;
  enteredSchoolIds?: readonly number[];
}

const capabilities = {
  /** Write in one's own sitting (declaration, PIN, details, paper, answers, finish, feedback). */
  sit: ['learner'],
  /** Look at one's own sitting: the learner, or someone acting as them (who may never write). */
  view: ['learner'],
  /** Sign in again with the recovery PIN. */
  recover: 'public',
  /** A learner queued at sign-in polls their place with the pass they were given (decision 053). */
  queue: 'public',
  /** Start times, resets, submitted data, extra time, re-marking: the olympiad's admins and the overlord. */
  administer: ['overlord', 'admin'],
  /** The live counts: admins for the whole olympiad; a teacher for their own school, if it is entered. */
  counts: ['overlord', 'admin', 'teacher'],
} as const;

/** Exam day (docs/spec.md §7): the learner's sitting, and the admin's and teacher's view of the day. */
export const sittingPolicy = definePolicy({
  capabilities,
  rule(actor, action, r: SittingRecord, holds) {
    switch (action) {
      case 'sit':
        return actor.olympiadId === r.olympiadId && actor.impersonatorId == null;
      case 'view':
        return actor.olympiadId === r.olympiadId && withinScope(actor, r.olympiadId);
      case 'recover':
      case 'queue':
        return true;
      case 'administer':
        return holds.olympiad(r.olympiadId);
      case 'counts':
        return (
          holds.olympiad(r.olympiadId) ||
          (actor.schoolId != null &&
            !!r.enteredSchoolIds?.includes(actor.schoolId) &&
            holds.school(actor.schoolId, r.olympiadId))
        );
    }
  },
});
