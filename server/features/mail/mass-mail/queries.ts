import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import { CountRow, type Queryable, rows } from '../../../db/client.js';
import { attachments, emails, massMails, olympiads } from '../../../db/schema/index.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../../platform/paging.js';

const columns = {
  id: massMails.id,
  olympiadId: massMails.olympiadId,
  olympiadTitle: olympiads.title,
  varName: olympiads.varName,
  subject: massMails.subject,
  htmlBody: massMails.htmlBody,
  audience: massMails.audience,
  attachmentIds: massMails.attachmentIds,
  status: massMails.status,
  recipients: massMails.recipients,
  createdAt: massMails.createdAt,
  queuedAt: massMails.queuedAt,
  scheduledFor: massMails.scheduledFor,
  scheduleReleasedAt: massMails.scheduleReleasedAt,
};

const withOlympiad = (q: Queryable) =>
  q.select(columns).from(massMails).leftJoin(olympiads, eq(olympiads.id, massMails.olympiadId));

export async function findMassMail(q: Queryable, id: number) {
  const [row] = await withOlympiad(q).where(eq(massMails.id, id));
  return row ?? null;
}

/** A mailing with its olympiad's title and name (null for a site-wide one). */
export type Mailing = NonNullable<Awaited<ReturnType<typeof findMassMail>>>;

/** The mailings within a reach (the overlord's whole reach takes in the site-wide ones): one page, searched, sorted. */
export async function listMassMails(q: Queryable, reach: Reach, p: Paging) {
  const where = [reachSql(reach, sql`${massMails.olympiadId}`)];
  if (p.search?.trim()) where.push(sql`${massMails.subject} ilike ${containsPattern(p.search)}`);
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    p,
    {
      createdAt: sql`${massMails.createdAt}`,
      subject: sql`lower(${massMails.subject})`,
      status: sql`${massMails.status}`,
      recipients: sql`${massMails.recipients}`,
    },
    'createdAt',
    sql`${massMails.id}`,
  );
  const [items, total] = await Promise.all([
    withOlympiad(q).where(cond).orderBy(order).limit(p.pageSize).offset(offsetOf(p)),
    q.$count(massMails, cond),
  ]);
  return { items, total };
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
  const claimed = await q
    .update(massMails)
    .set({ status: 'queued', queuedAt: sql`now()` })
    .where(and(eq(massMails.id, id), eq(massMails.status, 'draft')))
    .returning({ id: massMails.id });
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
  const claimed = await q
    .update(massMails)
    .set({ status: 'draft', queuedAt: null, recipients: 0, updatedAt: sql`now()` })
    .where(and(eq(massMails.id, id), eq(massMails.status, 'queued'), isNull(massMails.scheduleReleasedAt)))
    .returning({ id: massMails.id });
  if (!claimed.length) return null;
  const [removed] = await rows(
    q,
    CountRow,
    sql`with gone as (delete from emails where mass_mail_id = ${id} and status = 'held' returning 1)
      select count(*)::int as n from gone`,
  );
  const left = await q.$count(emails, eq(emails.massMailId, id));
  return { withdrawn: removed?.n ?? 0, released: left };
}

/**
 * Moves (or clears) a queued mailing's release time while its messages are held; answers whether it changed.
 * The row lock of this update waits for a sender that is releasing the mailing right now; then the condition
 * sees it released and nothing changes (decision 020).
 */
export async function reschedule(q: Queryable, id: number, scheduledFor: string | null) {
  const done = await q
    .update(massMails)
    // The instant as the client sent it, read by PostgreSQL as the column's type.
    .set({ scheduledFor: sql`${scheduledFor}`, updatedAt: sql`now()` })
    .where(and(eq(massMails.id, id), eq(massMails.status, 'queued'), isNull(massMails.scheduleReleasedAt)))
    .returning({ id: massMails.id });
  return done.length > 0;
}

/**
 * The olympiad of each of these attachments (a mailing may use its olympiad's own and the site-wide ones), and
 * whether it is one school's own document (never sent to a mailing's audience).
 */
export async function attachmentOlympiads(q: Queryable, ids: number[]) {
  if (!ids.length) return [];
  return q
    .select({ id: attachments.id, olympiadId: attachments.olympiadId, schoolId: attachments.schoolId })
    .from(attachments)
    .where(inArray(attachments.id, ids));
}
