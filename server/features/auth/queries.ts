import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { GrantRole } from '#contract/roles';
import type { Queryable } from '../../db/client.js';
import { olympiadGrants, olympiads, sessions, signinFailures, users } from '../../db/schema/index.js';

export type UserRow = typeof users.$inferSelect;

/** Staff sign in without an olympiad; learners within theirs, named by its varName. Usernames compare case-insensitively. */
const signinMatch = (username: string, learnerOlympiadName: string | null) =>
  and(
    sql`lower(${users.username}) = lower(${username})`,
    learnerOlympiadName == null
      ? and(isNull(users.olympiadId), sql`${users.role} <> 'learner'`)
      : sql`${users.olympiadId} = (select id from olympiads where var_name = lower(${learnerOlympiadName}))`,
  );

/** The account a sign-in name means (also for "forgot password"). */
export async function findUserForSignin(q: Queryable, username: string, learnerOlympiadName: string | null) {
  const [row] = await q.select().from(users).where(signinMatch(username, learnerOlympiadName));
  return row ?? null;
}

/**
 * Sign-in is on exam day's hot path, so the user (or null) is read by a prepared statement (decision 019),
 * beside the throttle's own prepared reservation. The statement is built once per database and only executed
 * after that (drizzle's placeholders): building a query costs the event loop more than running it.
 */
const buildSigninStatement = (q: Queryable, learner: boolean) =>
  q
    .select({ user: users })
    .from(sql`(select 1) as one`)
    .leftJoin(
      users,
      and(
        sql`lower(${users.username}) = lower(${sql.placeholder('username')})`,
        learner
          ? sql`${users.olympiadId} = (select id from olympiads where var_name = lower(${sql.placeholder('olympiad')}))`
          : and(isNull(users.olympiadId), sql`${users.role} <> 'learner'`),
      ),
    )
    .prepare(learner ? 'auth.signin-learner' : 'auth.signin-staff');

type SigninStatement = ReturnType<typeof buildSigninStatement>;
const signinStatements = new WeakMap<Queryable, { learner?: SigninStatement; staff?: SigninStatement }>();

function signinStatement(q: Queryable, learner: boolean): SigninStatement {
  let built = signinStatements.get(q);
  if (!built) signinStatements.set(q, (built = {}));
  return learner ? (built.learner ??= buildSigninStatement(q, true)) : (built.staff ??= buildSigninStatement(q, false));
}

export async function findUserForSigninFast(q: Queryable, username: string, learnerOlympiadName: string | null) {
  const [row] = await signinStatement(q, learnerOlympiadName != null).execute({
    username,
    olympiad: learnerOlympiadName ?? '',
  });
  return row?.user ?? null;
}

export async function findUserById(q: Queryable, id: number) {
  const [row] = await q.select().from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function findUserByEmail(q: Queryable, email: string) {
  return q
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .orderBy(users.id);
}

export async function grantsOf(q: Queryable, userId: number) {
  return q
    .select({
      olympiadId: olympiadGrants.olympiadId,
      olympiadName: olympiads.varName,
      olympiadTitle: olympiads.title,
      role: olympiadGrants.role,
    })
    .from(olympiadGrants)
    .innerJoin(olympiads, eq(olympiads.id, olympiadGrants.olympiadId))
    .where(eq(olympiadGrants.userId, userId))
    .orderBy(desc(olympiads.open), desc(olympiads.year), olympiads.varName) as Promise<
    Array<{ olympiadId: number; olympiadName: string; olympiadTitle: string; role: GrantRole }>
  >;
}

export async function revokeSession(q: Queryable, sessionId: number) {
  await q.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

/** One-time links live in server/platform/user-tokens.ts (the schools feature mails them too). */
export { consumeUserToken, createUserToken } from '../../platform/user-tokens.js';

export async function markEmailVerified(q: Queryable, userId: number) {
  await q
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, userId));
}

export async function sessionExpiry(q: Queryable, sessionId: number): Promise<Date> {
  const [row] = await q.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.id, sessionId));
  return row?.expiresAt ?? new Date();
}

/**
 * Opens a session and reads what the sign-in answer needs (grants, the learner's olympiad) in one
 * round trip: sign-in is on exam day's hot path.
 */

/** A learner's failed sign-in, for learner login activity (decision 037). */
export async function recordLearnerSigninFailure(
  q: Queryable,
  f: { olympiadId: number; schoolId?: number | null; userId?: number; username: string; reason: string },
) {
  await q.insert(signinFailures).values({
    olympiadId: f.olympiadId,
    schoolId: f.schoolId ?? null,
    userId: f.userId ?? null,
    username: f.username,
    reason: f.reason,
  });
}
