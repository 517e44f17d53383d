import { eq, sql } from 'drizzle-orm';
import { type Queryable, untypedRows } from '../../../db/client.js';
import { massMails, type MassMailAudience } from '../../../db/schema/index.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../../platform/paging.js';

export interface MassMailDb {
  id: number;
  olympiad_id: number | null;
  olympiad_title: string | null;
  var_name: string | null;
  subject: string;
  html_body: string;
  audience: MassMailAudience;
  attachment_ids: number[];
  status: 'draft' | 'queued';
  recipients: number;
  created_at: Date;
  queued_at: Date | null;
  scheduled_for: Date | null;
  schedule_released_at: Date | null;
}

const columns = sql`m.id, m.olympiad_id, o.title as olympiad_title, o.var_name, m.subject, m.html_body, m.audience, m.attachment_ids,
  m.status, m.recipients, m.created_at, m.queued_at, m.scheduled_for, m.schedule_released_at`;

export async function findMassMail(q: Queryable, id: number) {
  const [row] = await untypedRows<MassMailDb>(
    q,
    sql`select ${columns} from mass_mails m left join olympiads o on o.id = m.olympiad_id where m.id = ${id}`,
  );
  return row ?? null;
}

/** The mailings within a reach (the overlord's whole reach takes in the site-wide ones): one page, searched, sorted. */
export async function listMassMails(q: Queryable, reach: Reach, p: Paging) {
  const where = [reachSql(reach, sql`m.olympiad_id`)];
  if (p.search?.trim()) where.push(sql`m.subject ilike ${containsPattern(p.search)}`);
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    p,
    {
      createdAt: sql`m.created_at`,
      subject: sql`lower(m.subject)`,
      status: sql`m.status`,
      recipients: sql`m.recipients`,
    },
    'createdAt',
    sql`m.id`,
  );
  const [items, [count]] = await Promise.all([
    untypedRows<MassMailDb>(
      q,
      sql`select ${columns} from mass_mails m left join olympiads o on o.id = m.olympiad_id where ${cond}
        order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    untypedRows<{ n: number }>(q, sql`select count(*)::int as n from mass_mails m where ${cond}`),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function insertMassMail(q: Queryable, values: typeof massMails.$inferInsert) {
  const [row] = await q.insert(massMails).values(values).returning({ id: massMails.id });
  return row!.id;
}

export async function updateMassMail(q: Queryable, id: number, values: Partial<typeof massMails.$inferInsert>) {
  await q.update(massMails).set(values).where(eq(massMails.id, id));
}

export async function deleteMassMail(q: Queryable, id: number) {
  await q.delete(massMails).where(eq(massMails.id, id));
}

/** Draft → queued, once: answers whether this call claimed it (two presses queue it once). */
export async function claimForQueue(q: Queryable, id: number) {
  const claimed = await untypedRows<{ id: number }>(
    q,
    sql`update mass_mails set status = 'queued', queued_at = now() where id = ${id} and status = 'draft' returning id`,
  );
  return claimed.length > 0;
}

/**
 * Queued → draft again, while none of its messages has left the hold: the held messages are removed. Answers
 * how many were withdrawn, or null when the mailing is not queued or a sender released it at its scheduled time
 * (the row lock of the first update waits for a sender releasing it now). A message released meanwhile by the
 * overlord is seen by the count at the end (its row lock made the delete wait), and the caller refuses then, so
 * the transaction leaves everything as it was.
 */
export async function withdrawQueued(q: Queryable, id: number) {
  const claimed = await untypedRows<{ id: number }>(
    q,
    sql`update mass_mails set status = 'draft', queued_at = null, recipients = 0, updated_at = now()
      where id = ${id} and status = 'queued' and schedule_released_at is null returning id`,
  );
  if (!claimed.length) return null;
  const [removed] = await untypedRows<{ n: number }>(
    q,
    sql`with gone as (delete from emails where mass_mail_id = ${id} and status = 'held' returning 1)
      select count(*)::int as n from gone`,
  );
  const [left] = await untypedRows<{ n: number }>(q, sql`select count(*)::int as n from emails where mass_mail_id = ${id}`);
  return { withdrawn: removed?.n ?? 0, released: left?.n ?? 0 };
}

/**
 * Moves (or clears) a queued mailing's release time while its messages are held; answers whether it changed.
 * The row lock of this update waits for a sender that is releasing the mailing right now; then the condition
 * sees it released and nothing changes (decision 020).
 */
export async function reschedule(q: Queryable, id: number, scheduledFor: string | null) {
  const done = await untypedRows<{ id: number }>(
    q,
    sql`update mass_mails set scheduled_for = ${scheduledFor}, updated_at = now()
      where id = ${id} and status = 'queued' and schedule_released_at is null returning id`,
  );
  return done.length > 0;
}

/** The olympiad of each of these attachments (a mailing may use its olympiad's own and the site-wide ones). */
export async function attachmentOlympiads(q: Queryable, ids: number[]) {
  if (!ids.length) return [];
  return untypedRows<{ id: number; olympiad_id: number | null }>(
    q,
    sql`select id, olympiad_id from attachments where id in (${sql.join(
      ids.map((i) => sql`${i}`),
      sql`, `,
    )})`,
  );
}
