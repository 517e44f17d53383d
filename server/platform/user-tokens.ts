import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../db/client.js';
import { userTokens } from '../db/schema/index.js';
import { newToken, tokenHash } from './secrets.js';

/**
 * One-time links (verify an address, reset a password): used by auth (forgot password, the
 * /verify-email page) and by the schools feature (new teachers, resend verification, reset).
 * Only an HMAC of the token is stored.
 */
export type UserTokenPurpose = 'verify_email' | 'reset_password';

export async function createUserToken(
  q: Queryable,
  secret: string,
  input: { userId: number; purpose: UserTokenPurpose; hours: number },
): Promise<string> {
  const token = newToken();
  await q.insert(userTokens).values({
    tokenHash: tokenHash(secret, token),
    userId: input.userId,
    purpose: input.purpose,
    expiresAt: new Date(Date.now() + input.hours * 3_600_000),
  });
  return token;
}

/**
 * Uses a one-time link: answers its user and purpose once, then never again. Using a reset link also ends
 * every other unused reset link of the user: one reset, one way in.
 */
export async function consumeUserToken(q: Queryable, secret: string, token: string) {
  const [row] = await q
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(userTokens.tokenHash, tokenHash(secret, token)),
        isNull(userTokens.usedAt),
        sql`${userTokens.expiresAt} > now()`,
      ),
    )
    .returning({ userId: userTokens.userId, purpose: userTokens.purpose });
  if (row?.purpose === 'reset_password') await revokeResetLinks(q, row.userId);
  return row ?? null;
}

/** Marks every unused reset link of a user used (after a password change, or when one of them is used). */
export async function revokeResetLinks(q: Queryable, userId: number): Promise<void> {
  await q
    .update(userTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(userTokens.userId, userId), eq(userTokens.purpose, 'reset_password'), isNull(userTokens.usedAt)));
}

/** The page a one-time link opens. */
export const verifyLink = (publicUrl: string, token: string) => `${publicUrl}/verify-email/${token}`;
