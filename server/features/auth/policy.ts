import type { Role } from '../../../contract/roles.js';
import { type Actor, holdsOlympiad, withinScope } from '../../http/actor.js';
import { managesTeacherAccounts, type TeacherSchoolRecord } from '../../platform/teacher-accounts.js';

/** Who may call each auth operation at all (plain data; record rules below). */
export const authAccess = {
  signin: 'public',
  forgotPassword: 'public',
  verifyEmail: 'public',
  me: 'signedIn',
  logout: 'signedIn',
  setPassword: 'signedIn',
  stopImpersonating: 'signedIn',
  setLearnerPassword: ['overlord', 'admin', 'teacher'],
  impersonate: ['overlord', 'admin'],
} as const satisfies Record<string, 'public' | 'signedIn' | readonly Role[]>;

export interface LearnerRecord {
  id: number;
  role: Role;
  olympiadId: number | null;
  schoolId: number | null;
}

export interface ImpersonationTarget {
  id: number;
  role: Role;
  olympiadId: number | null;
  /** For teachers: their school and its entries (the schools policy decides who manages its teachers). */
  school: TeacherSchoolRecord | null;
}

export const authPolicy = {
  /** Set a learner's password: the overlord, an admin of the learner's olympiad, the learner's teacher. */
  canSetLearnerPassword(actor: Actor, learner: LearnerRecord): boolean {
    if (learner.role !== 'learner' || learner.olympiadId == null) return false;
    if (!withinScope(actor, learner.olympiadId)) return false;
    if (actor.role === 'teacher') return actor.schoolId != null && actor.schoolId === learner.schoolId;
    return holdsOlympiad(actor, learner.olympiadId, ['admin']);
  },

  /**
   * Act as another user: the overlord as anyone but another overlord; an admin, within an olympiad
   * they administer, as its learners and as the teachers whose accounts the schools policy lets them manage
   * in that olympiad (not those of a school the admin entered themselves to reach it). Never from an
   * impersonated session.
   */
  canImpersonate(actor: Actor, target: ImpersonationTarget, olympiadId: number | null): boolean {
    if (actor.impersonatorId != null || target.id === actor.userId) return false;
    if (actor.role === 'overlord') return target.role !== 'overlord';
    if (olympiadId == null || !holdsOlympiad(actor, olympiadId, ['admin'])) return false;
    if (target.role === 'learner') return target.olympiadId === olympiadId;
    if (target.role === 'teacher') return managesTeacherAccounts(actor, target.school, olympiadId);
    return false;
  },
};
