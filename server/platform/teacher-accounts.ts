import { type SQL, and, isNull, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { type Queryable, rows } from '../db/client.js';
import type { Config } from '../config.js';
import { schoolParticipants, schools, users } from '../db/schema/index.js';
import { type Actor, holdsOlympiad } from '../http/actor.js';
import { escapeHtml } from './html.js';
import type { Mailer } from './mailer.js';
import { createUserToken, verifyLink } from './user-tokens.js';

/**
 * Teacher accounts: who manages them, how one is made, and the links mailed to them. Shared by the teachers
 * feature (add, edit, move, disable a teacher, mail their links), the schools feature (an expression of interest
 * links or adds a teacher) and the auth feature (act as a teacher), so all follow one rule.
 *
 * A teacher account reaches its school's learners, slips and entries in every olympiad the school is in. An
 * admin may enter any school in their own olympiad, so an entry the admin made must not hand them that
 * account: it takes an entry the school made of its own accord (by its teacher, or loaded without an author,
 * such as seeded or imported entries), or a school that is in no olympiad but the admin's.
 */

/** One entry of a school in an olympiad, and whether staff made it (an admin or the overlord). */
export interface SchoolEntry {
  olympiadId: number;
  byStaff: boolean;
}

/** A school with its entries. */
export interface TeacherSchoolRecord {
  id: number;
  entries: SchoolEntry[];
}

/** The `entries` column of a school (by id expression) for a select list. */
export const entriesOf = (schoolId: SQL) =>
  sql`coalesce((select json_agg(json_build_object('olympiadId', sp.olympiad_id, 'byStaff',
                  exists (select 1 from users e where e.id = sp.entered_by and e.role <> 'teacher')))
                from school_participants sp where sp.school_id = ${schoolId}), '[]'::json) as "entries"`;

/** A school with its entries (a json list built by `entriesOf`, keyed so). */
const SchoolWithEntries = createSelectSchema(schools)
  .pick({ id: true })
  .extend({
    entries: z.array(
      z.object({ olympiadId: createSelectSchema(schoolParticipants).shape.olympiadId, byStaff: z.boolean() }),
    ),
  });

/** A school with its entries, or null. */
export async function schoolWithEntries(q: Queryable, id: number): Promise<TeacherSchoolRecord | null> {
  const [row] = await rows(
    q,
    SchoolWithEntries,
    sql`select s.id, ${entriesOf(sql`s.id`)} from schools s where s.id = ${id}`,
  );
  return row ?? null;
}

/**
 * The overlord manages every teacher account; an admin those of a school that entered one of their olympiads
 * of its own accord, or whose every entry is in an olympiad they administer. With `olympiadId`, the school
 * must be entered in that olympiad and, for the first reason, by that entry.
 */
export function managesTeacherAccounts(actor: Actor, school: TeacherSchoolRecord | null, olympiadId?: number): boolean {
  if (actor.role === 'overlord') return true;
  if (school == null || school.entries.length === 0) return false;
  if (olympiadId != null && !school.entries.some((e) => e.olympiadId === olympiadId)) return false;
  const administers = (o: number) => holdsOlympiad(actor, o, ['admin']);
  const ownAccord = school.entries.some(
    (e) => !e.byStaff && administers(e.olympiadId) && (olympiadId == null || e.olympiadId === olympiadId),
  );
  return ownAccord || school.entries.every((e) => administers(e.olympiadId));
}

/** A staff username is taken (usernames of staff and teachers are unique without an olympiad). */
async function staffUsernameTaken(q: Queryable, username: string) {
  const [row] = await q
    .select({ id: users.id })
    .from(users)
    .where(and(isNull(users.olympiadId), sql`lower(${users.username}) = lower(${username})`))
    .limit(1);
  return row != null;
}

/** A teacher's username: their email address, or its local part with a number when that is taken. */
async function freeTeacherUsername(q: Queryable, email: string) {
  const wanted = email.toLowerCase();
  if (!(await staffUsernameTaken(q, wanted))) return wanted;
  const local = wanted.split('@')[0]!.replace(/[^a-z0-9._-]/g, '') || 'teacher';
  for (let n = 2; ; n++) {
    const candidate = `${local}${n}`;
    if (!(await staffUsernameTaken(q, candidate))) return candidate;
  }
}

/**
 * A new teacher account (added by staff, or from an expression of interest): no password yet (the verify link
 * lets them choose one); username = email when free. Only the account's own fields are written.
 */
export async function createTeacherAccount(
  q: Queryable,
  input: { schoolId: number; firstName: string; lastName: string; email: string; phone: string | null },
) {
  const email = input.email.toLowerCase();
  const username = await freeTeacherUsername(q, email);
  const { schoolId, firstName, lastName, phone } = input;
  const [row] = await q
    .insert(users)
    .values({
      role: 'teacher',
      username,
      firstName,
      lastName,
      email,
      phone,
      schoolId,
      emailVerifiedAt: null,
      passwordHash: null,
    })
    .returning();
  return row!;
}

/** What mailing a teacher's link needs: the configuration (secret, address) and the mailer. */
export interface TeacherMailDeps {
  config: Pick<Config, 'appSecret' | 'publicUrl'>;
  mailer: Mailer;
}

/** The account fields a teacher's mail uses. */
export interface TeacherMailUser {
  id: number;
  email: string | null;
  firstName: string;
  lastName: string;
  username: string;
}
export const teacherName = (u: TeacherMailUser) => `${u.firstName} ${u.lastName}`.trim() || u.username;

/**
 * Mails a teacher a one-time link to verify their address and choose a password (a new teacher, "resend
 * verification"), or to reset it. Goes through the mailer, so it is logged in `emails`. Staff accounts get the
 * same links (the users feature; `account: 'staff'` names them so in the email log).
 */
export async function mailTeacherLink(
  deps: TeacherMailDeps,
  q: Queryable,
  user: TeacherMailUser,
  purpose: 'verify_email' | 'reset_password',
  context: {
    schoolName?: string | null;
    olympiadTitle?: string | null;
    olympiadId?: number | null;
    account?: 'teacher' | 'staff';
  } = {},
) {
  if (!user.email) return null;
  const { config, mailer } = deps;
  const hours = purpose === 'verify_email' ? 24 * 7 : 24;
  const token = await createUserToken(q, config.appSecret, { userId: user.id, purpose, hours });
  const link = verifyLink(config.publicUrl, token);
  const name = teacherName(user);
  const entered =
    context.olympiadTitle && context.schoolName ? ` ${context.schoolName} is entered in ${context.olympiadTitle}.` : '';
  const subject =
    purpose === 'verify_email'
      ? 'Welcome to Olympus: verify your address and choose a password'
      : 'Reset your Olympus password';
  const lead =
    purpose === 'verify_email'
      ? `Welcome to Olympus.${entered} Your username is "${user.username}". Open this link within 7 days to verify your address and choose a password:`
      : `An organiser reset the password of your Olympus account "${user.username}". Open this link within 24 hours to choose a new password:`;
  await mailer.send(q, {
    kind: `${context.account ?? 'teacher'}-${purpose === 'verify_email' ? 'verify' : 'reset-password'}`,
    to: user.email,
    userId: user.id,
    olympiadId: context.olympiadId ?? null,
    template: {
      kind: purpose === 'verify_email' ? 'verify-email' : 'reset-password',
      vars: { name, username: user.username, link, olympiadTitle: context.olympiadTitle ?? '' },
    },
    subject,
    text: `Hello ${name},\n\n${lead}\n\n${link}\n\nThe link works once. After that, sign in at ${config.publicUrl}/login.\n`,
    html:
      `<p>Hello ${escapeHtml(name)},</p><p>${escapeHtml(lead)}</p><p><a href="${link}">${purpose === 'verify_email' ? 'Verify and choose a password' : 'Choose a new password'}</a></p>` +
      `<p>The link works once. After that, sign in at <a href="${config.publicUrl}/login">${escapeHtml(config.publicUrl)}/login</a>.</p>`,
  });
  return link;
}
