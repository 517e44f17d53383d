import type { Role } from '#contract/roles';
import { definePolicy } from '../../http/policy.js';
import { managesTeacherAccounts, type TeacherSchoolRecord } from '../../platform/teacher-accounts.js';

/** A user someone asks to act as, within an olympiad (`inOlympiad`, null for none named). */
export interface ImpersonationTarget {
  id: number;
  role: Role;
  olympiadId: number | null;
  /** For teachers: their school and its entries (the schools rule decides who manages its teachers). */
  school: TeacherSchoolRecord | null;
  inOlympiad: number | null;
}

const capabilities = {
  signin: 'public',
  forgotPassword: 'public',
  verifyEmail: 'public',
  me: 'signedIn',
  logout: 'signedIn',
  setPassword: 'signedIn',
  stopImpersonating: 'signedIn',
  impersonate: ['overlord', 'admin'],
} as const;

/**
 * Accounts and sessions (docs/spec.md §2). Every action but acting as someone is open to whoever its capability
 * names; a learner's password is the learners policy's (`setPassword`).
 *
 * Act as another user: the overlord as anyone but another overlord; an admin, within an olympiad they
 * administer, as its learners and as the teachers whose accounts the schools rule lets them manage in that
 * olympiad (not those of a school the admin entered themselves to reach it). Never from an impersonated session.
 */
export const authPolicy = definePolicy({
  capabilities,
  rule(actor, action, target: ImpersonationTarget | null, holds) {
    if (action !== 'impersonate') return true;
    if (!target || actor.impersonatorId != null || target.id === actor.userId) return false;
    if (actor.role === 'overlord') return target.role !== 'overlord';
    const olympiadId = target.inOlympiad;
    if (olympiadId == null || !holds.olympiad(olympiadId)) return false;
    if (target.role === 'learner') return target.olympiadId === olympiadId;
    if (target.role === 'teacher') return managesTeacherAccounts(actor, target.school, olympiadId);
    return false;
  },
});
