import type { Role } from '../../../contract/roles.js';
import { type Actor, holdsOlympiad, withinScope } from '../../http/actor.js';

/** Who may call each exam-day operation at all (plain data); record rules below. */
export const sittingAccess = {
  learner: ['learner'],
  recover: 'public',
  adminOfOlympiad: ['overlord', 'admin'],
  counts: ['overlord', 'admin', 'teacher'],
} as const satisfies Record<string, 'public' | 'signedIn' | readonly Role[]>;

export const sittingPolicy = {
  /** A learner sits only their own olympiad (any other olympiad answers 404). */
  canSit(actor: Actor, olympiadId: number): boolean {
    return actor.role === 'learner' && actor.olympiadId === olympiadId && actor.impersonatorId == null;
  },

  /** An impersonating admin may look at the learner's sitting, but never write in their name. */
  canView(actor: Actor, olympiadId: number): boolean {
    return actor.role === 'learner' && actor.olympiadId === olympiadId && withinScope(actor, olympiadId);
  },

  /** Start times, resets, submitted data, extra time, re-marking: the olympiad's admins and the overlord. */
  canAdminister(actor: Actor, olympiadId: number): boolean {
    return holdsOlympiad(actor, olympiadId, ['admin']);
  },

  /** The live counts: admins for the whole olympiad; a teacher for their own school, if it is entered. */
  countsScope(actor: Actor, olympiadId: number, schoolEntered: boolean): { schoolId: number | null } | null {
    if (holdsOlympiad(actor, olympiadId, ['admin'])) return { schoolId: null };
    if (actor.role === 'teacher' && actor.schoolId != null && schoolEntered && withinScope(actor, olympiadId))
      return { schoolId: actor.schoolId };
    return null;
  },
};
