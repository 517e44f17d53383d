import { desc, eq, type SQL, sql } from 'drizzle-orm';
import { IdRow, type Queryable, rows } from '../../../db/client.js';
import { bounces, emails, olympiads, unsubscribes } from '../../../db/schema/index.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../../platform/paging.js';

/** The unsubscribed addresses within a reach: one page, searched by address, sorted. */
export async function listUnsubscribes(q: Queryable, reach: Reach, p: Paging) {
  const where = [reachSql(reach, sql`${unsubscribes.olympiadId}`)];
  if (p.search?.trim()) where.push(sql`${unsubscribes.email} ilike ${containsPattern(p.search)}`);
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    p,
    {
      createdAt: sql`${unsubscribes.createdAt}`,
      email: sql`lower(${unsubscribes.email})`,
      olympiad: sql`${olympiads.title}`,
    },
    'createdAt',
    sql`${unsubscribes.id}`,
  );
  const [items, total] = await Promise.all([
    q
      .select({
        id: unsubscribes.id,
        email: unsubscribes.email,
        olympiadId: unsubscribes.olympiadId,
        olympiadTitle: olympiads.title,
        source: unsubscribes.source,
        createdAt: unsubscribes.createdAt,
      })
      .from(unsubscribes)
      .leftJoin(olympiads, eq(olympiads.id, unsubscribes.olympiadId))
      .where(cond)
      .orderBy(order)
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    // The left join of the list adds no rows (one olympiad at most), so the count needs only the table.
    q.$count(unsubscribes, cond),
  ]);
  return { items, total };
}

/** An unsubscribed address with the title of its olympiad (null: from all of Olympus). */
export type UnsubscribeEntry = Awaited<ReturnType<typeof listUnsubscribes>>['items'][number];

export async function addUnsubscribe(
  q: Queryable,
  entry: { email: string; olympiadId: number | null; massMailId: number | null; source: string },
): Promise<boolean> {
  const added = await rows(
    q,
    IdRow,
    sql`insert into unsubscribes (email, olympiad_id, mass_mail_id, source)
      values (${entry.email.toLowerCase()}, ${entry.olympiadId}, ${entry.massMailId}, ${entry.source})
      on conflict (lower(email), coalesce(olympiad_id, 0)) do nothing returning id`,
  );
  // Messages of that scope still waiting are not sent (the sender checks again anyway).
  await q.execute(sql`update emails set status = 'suppressed', last_error = 'Unsubscribed before sending'
    where lower(to_address) = ${entry.email.toLowerCase()} and mass_mail_id is not null and status in ('held', 'released')
      and (${entry.olympiadId}::int is null or olympiad_id = ${entry.olympiadId})`);
  return added.length > 0;
}

export async function isUnsubscribed(q: Queryable, email: string, olympiadId: number | null) {
  const n = await q.$count(
    unsubscribes,
    sql`lower(${unsubscribes.email}) = ${email.toLowerCase()}
      and (${unsubscribes.olympiadId} is null or ${unsubscribes.olympiadId} = ${olympiadId})`,
  );
  return n > 0;
}

/** The message a ref was sent in (the newest, if a mailing was queued twice). */
export async function findByRef(q: Queryable, ref: string) {
  const [row] = await q
    .select({
      id: emails.id,
      toAddress: emails.toAddress,
      olympiadId: emails.olympiadId,
      massMailId: emails.massMailId,
    })
    .from(emails)
    .where(eq(emails.unsubscribeRef, ref))
    .orderBy(desc(emails.id))
    .limit(1);
  return row ?? null;
}

/** Bounced addresses: one page, filtered by kind, searched by address or reason, sorted. */
export async function listBounces(q: Queryable, kind: string | undefined, p: Paging) {
  const where: SQL[] = [sql`true`];
  if (kind) where.push(sql`${bounces.kind} = ${kind}`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(${bounces.email} ilike ${like} or ${bounces.reason} ilike ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    p,
    { createdAt: sql`${bounces.createdAt}`, email: sql`lower(${bounces.email})`, kind: sql`${bounces.kind}` },
    'createdAt',
    sql`${bounces.id}`,
  );
  const [items, total] = await Promise.all([
    q
      .select({
        id: bounces.id,
        email: bounces.email,
        kind: bounces.kind,
        reason: bounces.reason,
        emailId: bounces.emailId,
        createdAt: bounces.createdAt,
      })
      .from(bounces)
      .where(cond)
      .orderBy(order)
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    q.$count(bounces, cond),
  ]);
  return { items, total };
}

/** A bounce notification as the bounce list shows it. */
export type BounceEntry = Awaited<ReturnType<typeof listBounces>>['items'][number];

export async function addBounce(
  q: Queryable,
  b: { email: string; kind: string; reason: string; emailId?: number | undefined },
) {
  await q.execute(sql`insert into bounces (email, kind, reason, email_id)
    values (${b.email.toLowerCase()}, ${b.kind}, ${b.reason}, ${b.emailId ?? null})`);
  if (b.kind !== 'soft') {
    await q.execute(sql`update emails set status = 'suppressed', last_error = 'Address bounced before sending'
      where lower(to_address) = ${b.email.toLowerCase()} and mass_mail_id is not null and status in ('held', 'released')`);
  }
}
