import { z } from 'zod';
import { said } from './messages.js';
import { Id, IdText } from './ids.js';
import { PageQuery, pageOf } from './errors.js';
import { Email, optionalText } from './fields.js';

/** Teachers: the accounts of the schools' teachers, managed by staff, and a teacher's own profile. */

export const TeacherInput = z.strictObject({
  schoolId: Id,
  firstName: z.string().trim().min(1, said('validation.name.first', 'Enter the first name')).max(100),
  lastName: z.string().trim().min(1, said('validation.name.last', 'Enter the surname')).max(100),
  email: Email,
  phone: optionalText(40),
  /** The olympiad the admin acts within (its schools are theirs to edit). */
  olympiadId: Id.optional(),
});
/** Disabling and enabling have their own calls (teacher/v-rest/{id}/disable | enable). */
export const TeacherUpdate = TeacherInput.omit({ schoolId: true, olympiadId: true })
  .extend({ schoolId: Id.optional() })
  .strict();

export const MyProfileInput = z.strictObject({
  firstName: z.string().trim().min(1, said('validation.name.ownFirst', 'Enter your first name')).max(100),
  lastName: z.string().trim().min(1, said('validation.name.ownLast', 'Enter your surname')).max(100),
  email: Email,
  phone: optionalText(40),
});

export const Teacher = z.object({
  id: z.number().int(),
  username: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  schoolId: z.number().int().nullable(),
  schoolName: z.string().nullable(),
  emailVerified: z.boolean(),
  hasPassword: z.boolean(),
  disabled: z.boolean(),
  /** What the caller may do with this account (the server's policy answers, not the UI). */
  can: z.object({ update: z.boolean(), disable: z.boolean(), mail: z.boolean() }),
});
export type Teacher = z.infer<typeof Teacher>;

/** A page of teachers, and whether the caller may add teachers (within the olympiad named). */
export const TeacherPage = pageOf(Teacher).extend({ can: z.object({ create: z.boolean() }) });

export const teacherSorts = ['lastName', 'email', 'schoolName'] as const;
export const TeacherListQuery = PageQuery.extend({
  olympiadId: IdText.optional(),
  schoolId: IdText.optional(),
  sort: z.enum(teacherSorts).optional(),
}).strict();

/** The answer of a call that reads or changes one teacher. */
export const TeacherBody = z.object({ success: z.literal(true), message: z.string().optional(), teacher: Teacher });
