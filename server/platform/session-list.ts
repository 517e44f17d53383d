import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { SignedInSession } from '#contract/sessions';
import type { Queryable } from '../db/client.js';
import { sessions, users } from '../db/schema/index.js';
import { describeDevice } from './user-agent.js';

/**
 * A user's live sessions (not revoked, not expired) and ending them (decision 107). Shared by the owner's own
 * list (features/auth/sessions-routes.ts) and the overlord's and admins' (users, teachers). Every request looks
 * its session up (features/auth/authenticate.ts), so an ended session is refused on its next request, by every
 * process.
 */
const impersonators = alias(users, 'impersonator');

const live = (userId: number) =>
  and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

export async function liveSessionsOf(
  q: Queryable,
  userId: number,
  currentSessionId: number | null,
): Promise<SignedInSession[]> {
  const found = await q
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      ip: sessions.ip,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      impersonator: {
        firstName: impersonators.firstName,
        lastName: impersonators.lastName,
        username: impersonators.username,
      },
    })
    .from(sessions)
    .leftJoin(impersonators, eq(impersonators.id, sessions.impersonatorId))
    .where(live(userId))
    .orderBy(desc(sql`coalesce(${sessions.lastSeenAt}, ${sessions.createdAt})`), desc(sessions.id));
  return found.map((s) => {
    const device = describeDevice(s.userAgent);
    const by = s.impersonator;
    return {
      id: s.id,
      browser: device.browser,
      os: device.os,
      address: s.ip,
      signedInAt: s.createdAt.toISOString(),
      lastSeenAt: (s.lastSeenAt ?? s.createdAt).toISOString(),
      expiresAt: s.expiresAt.toISOString(),
      current: s.id === currentSessionId,
      impersonatedBy: by ? `${by.firstName} ${by.lastName}`.trim() || by.username : null,
    };
  });
}

/** Ends one live session of the user; answers whether it did (false: not theirs, or ended already). */
export async function endSessionOf(q: Queryable, userId: number, sessionId: number): Promise<boolean> {
  const ended = await q
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(sessions.id, sessionId), live(userId)))
    .returning({ id: sessions.id });
  return ended.length > 0;
}

/** Ends every live session of the user but `exceptSessionId` (when given); answers how many it ended. */
export async function endSessionsOf(q: Queryable, userId: number, exceptSessionId?: number): Promise<number> {
  const ended = await q
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(exceptSessionId == null ? live(userId) : and(live(userId), ne(sessions.id, exceptSessionId)))
    .returning({ id: sessions.id });
  return ended.length;
}

/** Whether a user of that id exists (any role, enabled or not): an unknown id is a 404, not an empty list. */
export async function userExists(q: Queryable, userId: number): Promise<boolean> {
  const [row] = await q.select({ id: users.id }).from(users).where(eq(users.id, userId));
  return row != null;
}
