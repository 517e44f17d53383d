import type { Teacher } from '#contract/teachers';
import type { Actor } from '../../http/actor.js';
import { teachersPolicy } from './policy.js';
import type { TeacherRow } from './queries.js';

/** A teacher, with what the caller may do with the account (nothing, on one's own profile). */
export function presentTeacher(actor: Actor | null, t: TeacherRow): Teacher {
  return {
    id: t.id,
    username: t.username,
    firstName: t.firstName,
    lastName: t.lastName,
    email: t.email,
    phone: t.phone,
    schoolId: t.schoolId,
    schoolName: t.schoolName,
    emailVerified: t.emailVerifiedAt != null,
    hasPassword: t.hasPassword,
    disabled: t.disabledAt != null,
    can: actor
      ? teachersPolicy.flags(actor, t, ['update', 'disable', 'mail'])
      : { update: false, disable: false, mail: false },
  };
}
