import type { Role } from '../../../contract/roles.js';
import { type Actor, holdsOlympiad, withinScope } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';
import { managesTeacherAccounts, type SchoolEntry } from '../../platform/teacher-accounts.js';

export type { SchoolEntry };

/** Who may call each operation at all (plain data, docs/spec.md §6); record rules below. */
const staff = ['overlord', 'admin', 'accountant', 'funding'] as const;
export const schoolsAccess = {
  listSchools: staff,
  getSchool: [...staff, 'teacher'],
  createSchool: ['overlord'],
  updateSchool: ['overlord', 'teacher'],
  deleteSchool: ['overlord'],
  mergeSchools: ['overlord'],
  listTeachers: staff,
  getTeacher: staff,
  createTeacher: ['overlord', 'admin'],
  updateTeacher: ['overlord', 'admin'],
  disableTeacher: ['overlord', 'admin'],
  mailTeacher: ['overlord', 'admin'],
  myProfile: ['teacher'],
  listParticipants: [...staff, 'teacher'],
  enterSchool: ['overlord', 'admin'],
  updateParticipant: ['overlord', 'admin'],
  participantLearners: [...staff, 'teacher'],
  teacherExpression: ['teacher'],
  portal: ['teacher'],
  eoiSubmit: 'public',
  eoiList: staff,
  eoiHandle: staff,
  eoiDelete: ['overlord', 'admin'],
} as const satisfies Record<string, 'public' | readonly Role[]>;

/** The grant roles that see an olympiad's schools, teachers, entries and EOIs (docs/spec.md §6). */
export const staffGrants = ['admin', 'accountant', 'funding'] as const;

/**
 * The olympiads whose schools an actor sees: `all` for the overlord, else those they hold with one
 * of `roles`. An explicit `olympiadId` outside them answers 404 (other olympiads look like nothing).
 */
export function olympiadScope(
  actor: Actor,
  olympiadId: number | undefined,
  roles: readonly ('admin' | 'accountant' | 'funding')[] = staffGrants,
): 'all' | number[] {
  if (olympiadId != null) {
    if (!holdsOlympiad(actor, olympiadId, roles)) throw notFound('This olympiad');
    return actor.role === 'overlord' ? [olympiadId] : [olympiadId];
  }
  if (actor.role === 'overlord') return 'all';
  return [...new Set(actor.grants.filter((g) => roles.includes(g.role)).map((g) => g.olympiadId))];
}

export interface SchoolRecord {
  id: number;
  /** The olympiads the school is entered in. */
  olympiadIds: number[];
}

/** A school with its entries, for the rules about its teacher accounts. */
export interface TeacherSchoolRecord extends SchoolRecord {
  entries: SchoolEntry[];
}

export const schoolsPolicy = {
  /** What of a school the actor may edit: everything (the overlord) or its contact details (its teacher). */
  schoolEditScope(actor: Actor): 'all' | 'contact' {
    return actor.role === 'teacher' ? 'contact' : 'all';
  },

  /**
   * Whose entries in olympiads the actor sees: a teacher only their own school's (in any olympiad, or the
   * one named); staff every school's in the olympiads they hold.
   */
  participantScope(actor: Actor, olympiadId: number | undefined): { olympiads: 'all' | number[]; schoolId?: number } {
    if (actor.role === 'teacher') {
      if (olympiadId != null && !withinScope(actor, olympiadId)) throw notFound('This olympiad');
      const olympiads = olympiadId ? [olympiadId] : actor.olympiadScope ? [...actor.olympiadScope] : 'all';
      return { olympiads, schoolId: actor.schoolId ?? -1 };
    }
    return { olympiads: olympiadScope(actor, olympiadId) };
  },

  canSeeSchool(actor: Actor, school: SchoolRecord): boolean {
    if (actor.role === 'overlord') return true;
    if (actor.role === 'teacher') return actor.schoolId === school.id;
    return school.olympiadIds.some((o) => holdsOlympiad(actor, o, staffGrants));
  },
  /** The overlord edits every school; a teacher their own school's contact details. */
  canUpdateSchool(actor: Actor, school: SchoolRecord): boolean {
    return actor.role === 'overlord' || (actor.role === 'teacher' && actor.schoolId === school.id);
  },
  /**
   * The overlord adds schools; an admin only a school that asks, through an expression of interest, to join
   * their olympiad (`viaEoiOf`): it starts in that olympiad alone, so it hands them nothing outside it.
   */
  canCreateSchool: (actor: Actor, viaEoiOf?: number) =>
    actor.role === 'overlord' || (viaEoiOf != null && holdsOlympiad(actor, viaEoiOf, ['admin'])),
  canDeleteSchool: (actor: Actor) => actor.role === 'overlord',
  canMergeSchools: (actor: Actor) => actor.role === 'overlord',

  /** Teachers of a school are seen by staff of an olympiad the school is in. */
  canSeeTeacher(actor: Actor, school: SchoolRecord | null): boolean {
    if (actor.role === 'overlord') return true;
    return school != null && school.olympiadIds.some((o) => holdsOlympiad(actor, o, staffGrants));
  },
  /**
   * Who may enter a school in an olympiad: the olympiad's admins (any existing school) and the overlord; a
   * teacher enters only their own school (`teacherExpression`). Entering does not by itself give power over
   * the school's teacher accounts: see `canUpdateTeacher`.
   */
  canEnterSchool: (actor: Actor, olympiadId: number) => holdsOlympiad(actor, olympiadId, ['admin']),

  /**
   * Who manages a school's teacher accounts (add a teacher, edit, move, disable, mail their links): the
   * overlord; an admin only when the school took part in one of their olympiads of its own accord (an entry made
   * by its teacher, or loaded without an author), or when every olympiad the school is in is one they administer
   * (platform/teacher-accounts.ts, shared with impersonation).
   */
  canUpdateTeacher: (actor: Actor, school: TeacherSchoolRecord | null) => managesTeacherAccounts(actor, school),

  canSeeParticipant(actor: Actor, p: { olympiadId: number; schoolId: number }): boolean {
    if (!withinScope(actor, p.olympiadId)) return false;
    if (actor.role === 'teacher') return actor.schoolId === p.schoolId;
    return holdsOlympiad(actor, p.olympiadId, staffGrants);
  },
  canUpdateParticipant: (actor: Actor, p: { olympiadId: number }) => holdsOlympiad(actor, p.olympiadId, ['admin']),

  canSeeEoi: (actor: Actor, eoi: { olympiadId: number | null }) =>
    actor.role === 'overlord' || (eoi.olympiadId != null && holdsOlympiad(actor, eoi.olympiadId, staffGrants)),
  canDeleteEoi: (actor: Actor, eoi: { olympiadId: number | null }) =>
    actor.role === 'overlord' || (eoi.olympiadId != null && holdsOlympiad(actor, eoi.olympiadId, ['admin'])),
};
