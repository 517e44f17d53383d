import type { Actor } from '../../http/actor.js';
import { definePolicy, passes } from '../../http/policy.js';
import { reachFor } from '../../http/reach.js';
import { managesTeacherAccounts, type SchoolEntry } from '../../platform/teacher-accounts.js';

/**
 * A teacher as the rules see them: their school (null when they have none), the olympiads it is entered in and
 * how each entry was made. Adding a teacher is judged on the school they would join.
 */
export interface TeacherRecord {
  schoolId: number | null;
  olympiadIds: readonly number[];
  entries: readonly SchoolEntry[];
}

const staff = ['overlord', 'admin', 'accountant', 'funding'] as const;
const managers = ['overlord', 'admin'] as const;

const capabilities = {
  /** Staff read the teachers of the schools entered in their olympiads. */
  list: staff,
  see: staff,
  /** Managing teacher accounts (add, edit, move, disable, mail their links): the overlord and admins. */
  create: managers,
  update: managers,
  disable: managers,
  mail: managers,
  /** A teacher's own profile. */
  profile: ['teacher'],
} as const;

/**
 * Teachers (docs/spec.md §6). Staff see the teachers of the schools entered in an olympiad they hold (the
 * overlord every teacher). Who manages a teacher account is the shared rule of platform/teacher-accounts.ts
 * (also used when acting as a teacher): the overlord; an admin only for a school that took part in one of their
 * olympiads of its own accord, or whose every olympiad is theirs.
 */
export const teachersPolicy = definePolicy({
  capabilities,
  rule(actor, action, teacher: TeacherRecord, holds, can) {
    switch (action) {
      case 'list':
      case 'profile':
        return true;
      case 'see':
        return actor.role === 'overlord' || teacher.olympiadIds.some((o) => holds.olympiad(o));
      case 'create':
      case 'update':
      case 'disable':
      case 'mail':
        return (
          can('see') &&
          managesTeacherAccounts(
            actor,
            teacher.schoolId == null ? null : { id: teacher.schoolId, entries: [...teacher.entries] },
          )
        );
    }
  },
});

/** May the actor add teachers within this olympiad (any of theirs, when none is named)? For the list's flag. */
export const mayAddTeachers = (actor: Actor, olympiadId?: number | null): boolean =>
  passes(teachersPolicy.access.create, actor) && reachFor(actor, teachersPolicy.access.create, olympiadId) != null;
