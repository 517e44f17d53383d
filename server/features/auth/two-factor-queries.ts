import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { CountRow, type Queryable, rows } from '../../db/client.js';
import { twoFactorRecoveryCodes } from '../../db/schema/index.js';

/** The two-factor rows of one user (decision 106): the sealed secrets, when it was enabled, the last step taken. */
const TwoFactorRow = z.object({
  secret: z.string().nullable(),
  pendingSecret: z.string().nullable(),
  enabledAt: z.date().nullable(),
  recoveryCodesLeft: z.number().int(),
});
export type TwoFactorRow = z.infer<typeof TwoFactorRow>;

export async function twoFactorOf(q: Queryable, userId: number): Promise<TwoFactorRow | null> {
  const [row] = await rows(
    q,
    TwoFactorRow,
    sql`select t.secret, t.pending_secret as "pendingSecret", t.enabled_at as "enabledAt",
               (select count(*)::int from two_factor_recovery_codes c
                where c.user_id = t.user_id and c.used_at is null) as "recoveryCodesLeft"
        from user_two_factor t where t.user_id = ${userId}`,
  );
  return row ?? null;
}

/** Keeps a new pending secret (setup); an enabled secret stays in force until the new one is confirmed. */
export async function storePendingSecret(q: Queryable, userId: number, sealed: string): Promise<void> {
  await q.execute(sql`insert into user_two_factor (user_id, pending_secret) values (${userId}, ${sealed})
    on conflict (user_id) do update set pending_secret = excluded.pending_secret, updated_at = now()`);
}

/**
 * The pending secret becomes the secret, at the step its code was of, and the recovery codes are replaced; only
 * while that pending secret is still the one checked (two tabs setting up at once: the later setup wins).
 */
export async function enableSecret(
  q: Queryable,
  userId: number,
  sealedPending: string,
  step: number,
  codeHashes: string[],
): Promise<boolean> {
  const done = await rows(
    q,
    CountRow,
    sql`update user_two_factor
        set secret = pending_secret, pending_secret = null, enabled_at = now(), last_step = ${step}, updated_at = now()
        where user_id = ${userId} and pending_secret = ${sealedPending}
        returning 1 as n`,
  );
  if (done.length === 0) return false;
  await replaceRecoveryCodes(q, userId, codeHashes);
  return true;
}

export async function replaceRecoveryCodes(q: Queryable, userId: number, codeHashes: string[]): Promise<void> {
  await q.execute(sql`delete from two_factor_recovery_codes where user_id = ${userId}`);
  await q.insert(twoFactorRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/**
 * Takes a code's time step, only when it is later than the last one taken: one statement, so two requests carrying
 * the same code cannot both pass.
 */
export async function takeStep(q: Queryable, userId: number, step: number): Promise<boolean> {
  const done = await rows(
    q,
    CountRow,
    sql`update user_two_factor set last_step = ${step}, updated_at = now()
        where user_id = ${userId} and secret is not null and (last_step is null or last_step < ${step})
        returning 1 as n`,
  );
  return done.length > 0;
}

/** Uses up one unused recovery code, in one statement; false when there is none such. */
export async function useRecoveryCode(q: Queryable, userId: number, codeHash: string): Promise<boolean> {
  const done = await rows(
    q,
    CountRow,
    sql`update two_factor_recovery_codes set used_at = now()
        where user_id = ${userId} and code_hash = ${codeHash} and used_at is null
        returning 1 as n`,
  );
  return done.length > 0;
}

/** Two-factor sign-in off: the secrets and the recovery codes go. */
export async function removeTwoFactor(q: Queryable, userId: number): Promise<boolean> {
  const done = await rows(q, CountRow, sql`delete from user_two_factor where user_id = ${userId} returning 1 as n`);
  await q.execute(sql`delete from two_factor_recovery_codes where user_id = ${userId}`);
  return done.length > 0;
}
