import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { ForgetRemoved } from '#contract/personal-data';
import { CountRow, type Queryable, rows } from '../../db/client.js';
import { type Subject, auditOfLearner, mailOfLearner } from './personal-data-queries.js';

/*
 * Forgetting a learner (decision 108): their personal data is replaced by an anonymous label while the row and
 * its ids stay, so marks, ranks, awards and every statistic stay as they were. An erasure request and the retention
 * job both come here, inside the caller's transaction, with the learner's row locked (`findSubject(tx, id, true)`).
 */

/** Crockford's base 32 without the letters read as digits (I, L, O) or a rude word's U. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** Four random characters: a label unrelated to the name, so nothing in it leads back to the learner. */
export function newLabelCode(): string {
  let code = '';
  for (let i = 0; i < 4; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return code;
}

/** The label's first part: stored in the first-name column, so every list, result and certificate reads it. */
export const ANONYMOUS = 'Anonymous learner';

/** What every redacted message says instead of its words. */
const REDACTED = '[removed: personal data of a forgotten learner]';

export interface ForgetOptions {
  reason: 'request' | 'retention';
  /** Who asked; null for the retention job. */
  by: number | null;
}

/**
 * Forgets one learner, in the caller's transaction; answers the label and what was removed. The caller has checked
 * that the learner is not forgotten already.
 */
export async function forgetLearner(
  tx: Queryable,
  s: Subject,
  o: ForgetOptions,
): Promise<{ label: string; removed: ForgetRemoved }> {
  const code = await freeCode(tx, s.olympiadId);
  const label = `${ANONYMOUS} ${code}`;
  const username = `anonymous-${code.toLowerCase()}`;
  const fullName = `${s.firstName} ${s.lastName}`.trim();

  // Mail first: it is found by the address and the username the learner row is about to lose.
  const mailRedacted = await count(
    tx,
    sql`with changed as (
        update emails m set
          to_address = case when m.user_id = ${s.id} ${s.email ? sql`or lower(m.to_address) = lower(${s.email})` : sql``}
            then '' else m.to_address end,
          subject = case when m.user_id = ${s.id} ${s.email ? sql`or lower(m.to_address) = lower(${s.email})` : sql``}
            then ${REDACTED} else replace(replace(m.subject, ${s.username}, ${username}), ${nameOr(fullName)}, ${label}) end,
          text_body = case when m.user_id = ${s.id} ${s.email ? sql`or lower(m.to_address) = lower(${s.email})` : sql``}
            then ${REDACTED} else replace(replace(m.text_body, ${s.username}, ${username}), ${nameOr(fullName)}, ${label}) end,
          html_body = case when m.user_id = ${s.id} ${s.email ? sql`or lower(m.to_address) = lower(${s.email})` : sql``}
            then null else replace(replace(m.html_body, ${s.username}, ${username}), ${nameOr(fullName)}, ${label}) end,
          -- A message not sent yet is never sent now: its address is gone.
          status = case when m.status in ('held', 'released') and (m.user_id = ${s.id}
            ${s.email ? sql`or lower(m.to_address) = lower(${s.email})` : sql``}) then 'suppressed' else m.status end
        where ${mailOfLearner(s)}
        returning m.id),
      attempts as (update email_attempts set response = null where email_id in (select id from changed) returning 1)
      select count(*)::int as n from changed`,
  );

  const freeTextAnswers = await count(
    tx,
    sql`with changed as (
        update answers an set value = '{"type":"short_text","text":""}'::jsonb
        from attempts a
        where a.id = an.attempt_id and a.user_id = ${s.id} and an.value ->> 'type' = 'short_text'
          and an.value ->> 'text' <> ''
        returning 1)
      select count(*)::int as n from changed`,
  );
  await tx.execute(
    sql`update attempts set feedback_comment = null, last_ip = null, recovery_pin_hash = null
        where user_id = ${s.id}`,
  );

  const sessionsEnded = await count(
    tx,
    sql`with changed as (
        update sessions set revoked_at = coalesce(revoked_at, now()), ip = null, user_agent = null
        where user_id = ${s.id} returning (revoked_at = now()) as ended)
      select count(*)::int as n from changed where ended`,
  );
  await tx.execute(sql`update user_tokens set used_at = coalesce(used_at, now()) where user_id = ${s.id}`);

  // The certificate keeps its code, award and school: checking the code still says what it certifies.
  const certificatesUnnamed = await count(
    tx,
    sql`with changed as (update certificates set learner_name = '' where user_id = ${s.id} returning 1)
      select count(*)::int as n from changed`,
  );

  // The audit rows stay (who did what stays traceable), without the names and addresses they quoted.
  const auditEntriesCleaned = await count(
    tx,
    sql`with changed as (
        update audit_log a set data = (a.data - 'firstName' - 'lastName' - 'username' - 'email' - 'dateOfBirth')
            || '{"anonymised": true}'::jsonb,
          ip = case when a.actor_id = ${s.id} then null else a.ip end
        where ${auditOfLearner(s.id)}
        returning 1)
      select count(*)::int as n from changed`,
  );

  await tx.execute(
    sql`update users set first_name = ${ANONYMOUS}, last_name = ${code}, username = ${username}, email = null,
          date_of_birth = null, phone = null, password_hash = null, initial_password_enc = null,
          email_verified_at = null, disabled_at = coalesce(disabled_at, now()), updated_at = now()
        where id = ${s.id}`,
  );
  const removed = { freeTextAnswers, sessionsEnded, mailRedacted, certificatesUnnamed, auditEntriesCleaned };
  await tx.execute(
    sql`insert into learner_erasures (user_id, olympiad_id, label, reason, forgotten_by, removed)
        values (${s.id}, ${s.olympiadId}, ${label}, ${o.reason}, ${o.by}, ${JSON.stringify(removed)}::jsonb)`,
  );
  return { label, removed };
}

/** A name to replace in mail about the learner; an empty name replaces nothing (a marker no text contains). */
const nameOr = (name: string) => name || '\u0000';

async function count(tx: Queryable, statement: ReturnType<typeof sql>): Promise<number> {
  const [row] = await rows(tx, CountRow, statement);
  return Number(row?.n ?? 0);
}

/** A label code not yet used in the olympiad (labels and their usernames are unique there). */
async function freeCode(tx: Queryable, olympiadId: number): Promise<string> {
  for (;;) {
    const code = newLabelCode();
    const [taken] = await rows(
      tx,
      CountRow,
      sql`select count(*)::int as n from users
          where olympiad_id = ${olympiadId} and lower(username) = ${`anonymous-${code.toLowerCase()}`}`,
    );
    if (Number(taken?.n ?? 0) === 0) return code;
  }
}
