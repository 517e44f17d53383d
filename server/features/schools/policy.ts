import type { Role } from '../../../contract/roles.js';
import { type Actor, holdsOlympiad } from '../../http/actor.js';
import { notFound } from '../../http/errors.js';

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
    if (actor.role === 'teacher')
      return { olympiads: olympiadId ? [olympiadId] : 'all', schoolId: actor.schoolId ?? -1 };
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
  canDeleteSchool: (actor: Actor) => actor.role === 'overlord',
  canMergeSchools: (actor: Actor) => actor.role === 'overlord',

  /** Teachers of a school are seen by staff of an olympiad the school is in. */
  canSeeTeacher(actor: Actor, school: SchoolRecord | null): boolean {
    if (actor.role === 'overlord') return true;
    return school != null && school.olympiadIds.some((o) => holdsOlympiad(actor, o, staffGrants));
  },
  /** Admins edit the teachers of their olympiad's schools; the overlord all. */
  canUpdateTeacher(actor: Actor, school: SchoolRecord | null): boolean {
    if (actor.role === 'overlord') return true;
    return school != null && school.olympiadIds.some((o) => holdsOlympiad(actor, o, ['admin']));
  },

  canSeeParticipant(actor: Actor, p: { olympiadId: number; schoolId: number }): boolean {
    if (actor.role === 'teacher') return actor.schoolId === p.schoolId;
    return holdsOlympiad(actor, p.olympiadId, staffGrants);
  },
  canUpdateParticipant: (actor: Actor, p: { olympiadId: number }) => holdsOlympiad(actor, p.olympiadId, ['admin']),

  canSeeEoi: (actor: Actor, eoi: { olympiadId: number | null }) =>
    actor.role === 'overlord' || (eoi.olympiadId != null && holdsOlympiad(actor, eoi.olympiadId, staffGrants)),
  canDeleteEoi: (actor: Actor, eoi: { olympiadId: number | null }) =>
    actor.role === 'overlord' || (eoi.olympiadId != null && holdsOlympiad(actor, eoi.olympiadId, ['admin'])),
};
