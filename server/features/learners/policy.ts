import type { Role } from '../../../contract/roles.js';
import { type Actor, holdsOlympiad } from '../../http/actor.js';

/** Learners are managed by their school's teacher and by the admins of their olympiad (issue 5, part 6). */
export const learnersAccess = {
  manage: ['overlord', 'admin', 'teacher'],
} as const satisfies Record<string, readonly Role[]>;

export const learnersPolicy = {
  /** May the actor manage the learners of this school in this olympiad? */
  canManageSchool(actor: Actor, olympiadId: number, schoolId: number): boolean {
    if (actor.role === 'teacher') return actor.schoolId != null && actor.schoolId === schoolId;
    return holdsOlympiad(actor, olympiadId, ['admin']);
  },
  canManageOlympiad(actor: Actor, olympiadId: number): boolean {
    return actor.role !== 'teacher' && holdsOlympiad(actor, olympiadId, ['admin']);
  },
  canManageLearner(actor: Actor, learner: { role: string; olympiadId: number | null; schoolId: number | null }): boolean {
    if (learner.role !== 'learner' || learner.olympiadId == null) return false;
    if (actor.role === 'teacher') return actor.schoolId != null && actor.schoolId === learner.schoolId;
    return holdsOlympiad(actor, learner.olympiadId, ['admin']);
  },
};
