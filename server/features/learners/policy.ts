import type { Role } from '../../../contract/roles.js';
import { type Actor, holdsOlympiad, withinScope } from '../../http/actor.js';

/** Learners are managed by their school's teacher and by the admins of their olympiad. */
export const learnersAccess = {
  manage: ['overlord', 'admin', 'teacher'],
} as const satisfies Record<string, readonly Role[]>;

export const learnersPolicy = {
  /**
   * Whose learners the actor works on in this olympiad: a teacher always their own school's (naming
   * another school is outside their reach); an admin the school they name, or every school (undefined).
   * Null: outside the actor's reach, answered as 404.
   */
  schoolScope(
    actor: Actor,
    olympiadId: number,
    requested: number | undefined,
  ): { schoolId: number | undefined } | null {
    if (!withinScope(actor, olympiadId)) return null;
    if (actor.role === 'teacher') {
      if (actor.schoolId == null || (requested != null && requested !== actor.schoolId)) return null;
      return { schoolId: actor.schoolId };
    }
    return holdsOlympiad(actor, olympiadId, ['admin']) ? { schoolId: requested } : null;
  },
  canManageLearner(
    actor: Actor,
    learner: { role: string; olympiadId: number | null; schoolId: number | null },
  ): boolean {
    if (learner.role !== 'learner' || learner.olympiadId == null) return false;
    if (!withinScope(actor, learner.olympiadId)) return false;
    if (actor.role === 'teacher') return actor.schoolId != null && actor.schoolId === learner.schoolId;
    return holdsOlympiad(actor, learner.olympiadId, ['admin']);
  },
  /** An import (a background job) is seen and started by its school's teacher and its olympiad's admins. */
  canSeeImport(actor: Actor, job: { olympiadId: number | null; schoolId: number | null }): boolean {
    if (job.olympiadId == null || job.schoolId == null || !withinScope(actor, job.olympiadId)) return false;
    if (actor.role === 'teacher') return actor.schoolId != null && actor.schoolId === job.schoolId;
    return holdsOlympiad(actor, job.olympiadId, ['admin']);
  },
};
