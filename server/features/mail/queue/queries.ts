import { type SQL, sql } from 'drizzle-orm';
import type { EmailStatus } from '#contract/mail';
import { type Queryable, untypedRows } from '../../../db/client.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../../platform/paging.js';

export interface EmailRowDb {
  id: number;
  kind: string;
  to_address: string;
  subject: string;
  status: EmailStatus;
  attempts: number;
  last_error: string | null;
  mass_mail_id: number | null;
  olympiad_id: number | null;
  created_at: Date | string;
  sent_at: Date | string | null;
  next_attempt_at: Date | string | null;
}

const emailColumns = sql`id, kind, to_address, subject, status, attempts, last_error, mass_mail_id, olympiad_id, created_at,
  sent_at, next_attempt_at`;
const emailSort: Record<string, SQL> = {
  createdAt: sql`created_at`,
  sentAt: sql`sent_at`,
  to: sql`lower(to_address)`,
  subject: sql`lower(subject)`,
  status: sql`status`,
  attempts: sql`attempts`,
  kind: sql`kind`,
};

/** The queue and the email log: one page of the messages within a reach, filtered, searched and sorted. */
export async function listEmails(
  q: Queryable,
  reach: Reach,
  filter: { status?: EmailStatus | undefined; massMailId?: number | undefined },
  p: Paging,
) {
  const where = [reachSql(reach, sql`olympiad_id`)];
  if (filter.status) where.push(sql`status = ${filter.status}`);
  if (filter.massMailId) where.push(sql`mass_mail_id = ${filter.massMailId}`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(to_address ilike ${like} or subject ilike ${like} or kind = ${p.search.trim()})`);
  }
  const cond = sql.join(where, sql` and `);
  const [items, [count]] = await Promise.all([
    untypedRows<EmailRowDb>(
      q,
      sql`select ${emailColumns} from emails where ${cond} order by ${orderBy(p, emailSort, 'createdAt', sql`id`)}
        limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    untypedRows<{ n: number }>(q, sql`select count(*)::int as n from emails where ${cond}`),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function findEmail(q: Queryable, id: number) {
  const [row] = await untypedRows<
    EmailRowDb & { text_body: string; html_body: string | null; transport: string | null; attachment_ids: number[] }
  >(q, sql`select ${emailColumns}, text_body, html_body, transport, attachment_ids from emails where id = ${id}`);
  return row ?? null;
}

export const attemptsOf = (q: Queryable, emailId: number) =>
  untypedRows<{
    at: Date | string;
    outcome: string;
    response: string | null;
    worker: string | null;
    duration_ms: number | null;
  }>(
    q,
    sql`select at, outcome, response, worker, duration_ms from email_attempts where email_id = ${emailId} order by id`,
  );

/** Held → released for one message; answers whether it was held. */
export async function releaseOne(q: Queryable, id: number): Promise<boolean> {
  const done = await untypedRows<{ id: number }>(
    q,
    sql`update emails set status = 'released', released_at = now(), next_attempt_at = now()
      where id = ${id} and status = 'held' returning id`,
  );
  return done.length > 0;
}

/** Releases the `qty` oldest held messages of a mailing; answers how many, and how many stay held. */
export async function releaseBatch(q: Queryable, massMailId: number, qty: number) {
  const done = await untypedRows<{ id: number }>(
    q,
    sql`update emails set status = 'released', released_at = now(), next_attempt_at = now()
      where id in (select id from emails where mass_mail_id = ${massMailId} and status = 'held'
        order by id limit ${qty} for update skip locked)
      returning id`,
  );
  const [left] = await untypedRows<{ n: number }>(
    q,
    sql`select count(*)::int as n from emails where mass_mail_id = ${massMailId} and status = 'held'`,
  );
  return { released: done.length, held: left?.n ?? 0 };
}
