import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { EmailStatus } from '#contract/mail';
import { IdRow, type Queryable, rows } from '../../../db/client.js';
import { emailAttempts, emails } from '../../../db/schema/index.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../../platform/paging.js';

const emailColumns = {
  id: emails.id,
  kind: emails.kind,
  toAddress: emails.toAddress,
  subject: emails.subject,
  status: emails.status,
  attempts: emails.attempts,
  lastError: emails.lastError,
  massMailId: emails.massMailId,
  olympiadId: emails.olympiadId,
  createdAt: emails.createdAt,
  sentAt: emails.sentAt,
  nextAttemptAt: emails.nextAttemptAt,
};
const emailSort: Record<string, SQL> = {
  createdAt: sql`${emails.createdAt}`,
  sentAt: sql`${emails.sentAt}`,
  to: sql`lower(${emails.toAddress})`,
  subject: sql`lower(${emails.subject})`,
  status: sql`${emails.status}`,
  attempts: sql`${emails.attempts}`,
  kind: sql`${emails.kind}`,
};

/** The queue and the email log: one page of the messages within a reach, filtered, searched and sorted. */
export async function listEmails(
  q: Queryable,
  reach: Reach,
  filter: { status?: EmailStatus | undefined; massMailId?: number | undefined },
  p: Paging,
) {
  const where = [reachSql(reach, sql`${emails.olympiadId}`)];
  if (filter.status) where.push(sql`${emails.status} = ${filter.status}`);
  if (filter.massMailId) where.push(sql`${emails.massMailId} = ${filter.massMailId}`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(
      sql`(${emails.toAddress} ilike ${like} or ${emails.subject} ilike ${like} or ${emails.kind} = ${p.search.trim()})`,
    );
  }
  const cond = sql.join(where, sql` and `);
  const [items, total] = await Promise.all([
    q
      .select(emailColumns)
      .from(emails)
      .where(cond)
      .orderBy(orderBy(p, emailSort, 'createdAt', sql`${emails.id}`))
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    q.$count(emails, cond),
  ]);
  return { items, total };
}

/** A message as the queue and the email log list it. */
export type EmailEntry = Awaited<ReturnType<typeof listEmails>>['items'][number];

export async function findEmail(q: Queryable, id: number) {
  const [row] = await q
    .select({
      ...emailColumns,
      textBody: emails.textBody,
      htmlBody: emails.htmlBody,
      transport: emails.transport,
      attachmentIds: emails.attachmentIds,
    })
    .from(emails)
    .where(eq(emails.id, id));
  return row ?? null;
}

export const attemptsOf = (q: Queryable, emailId: number) =>
  q
    .select({
      at: emailAttempts.at,
      outcome: emailAttempts.outcome,
      response: emailAttempts.response,
      worker: emailAttempts.worker,
      durationMs: emailAttempts.durationMs,
    })
    .from(emailAttempts)
    .where(eq(emailAttempts.emailId, emailId))
    .orderBy(asc(emailAttempts.id));

/** Held → released for one message; answers whether it was held. */
export async function releaseOne(q: Queryable, id: number): Promise<boolean> {
  const done = await q
    .update(emails)
    .set({ status: 'released', releasedAt: sql`now()`, nextAttemptAt: sql`now()` })
    .where(and(eq(emails.id, id), eq(emails.status, 'held')))
    .returning({ id: emails.id });
  return done.length > 0;
}

/** Releases the `qty` oldest held messages of a mailing; answers how many, and how many stay held. */
export async function releaseBatch(q: Queryable, massMailId: number, qty: number) {
  const done = await rows(
    q,
    IdRow,
    sql`update emails set status = 'released', released_at = now(), next_attempt_at = now()
      where id in (select id from emails where mass_mail_id = ${massMailId} and status = 'held'
        order by id limit ${qty} for update skip locked)
      returning id`,
  );
  const held = await q.$count(emails, and(eq(emails.massMailId, massMailId), eq(emails.status, 'held')));
  return { released: done.length, held };
}
