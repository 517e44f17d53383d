import { type SQL, sql } from 'drizzle-orm';
import { type Queryable, untypedRows } from '../../../db/client.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../../platform/paging.js';

export interface UnsubscribeDb {
  id: number;
  email: string;
  olympiad_id: number | null;
  olympiad_title: string | null;
  source: string;
  created_at: Date;
}

export interface BounceDb {
  id: number;
  email: string;
  kind: 'hard' | 'soft' | 'complaint';
  reason: string;
  email_id: number | null;
  created_at: Date;
}

/** The unsubscribed addresses within a reach: one page, searched by address, sorted. */
export async function listUnsubscribes(q: Queryable, reach: Reach, p: Paging) {
  const where = [reachSql(reach, sql`u.olympiad_id`)];
  if (p.search?.trim()) where.push(sql`u.email ilike ${containsPattern(p.search)}`);
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    p,
    { createdAt: sql`u.created_at`, email: sql`lower(u.email)`, olympiad: sql`o.title` },
    'createdAt',
    sql`u.id`,
  );
  const from = sql`unsubscribes u left join olympiads o on o.id = u.olympiad_id`;
  const [items, [count]] = await Promise.all([
    untypedRows<UnsubscribeDb>(
      q,
      sql`select u.id, u.email, u.olympiad_id, o.title as olympiad_title, u.source, u.created_at from ${from}
        where ${cond} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    untypedRows<{ n: number }>(q, sql`select count(*)::int as n from ${from} where ${cond}`),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function addUnsubscribe(
  q: Queryable,
  entry: { email: string; olympiadId: number | null; massMailId: number | null; source: string },
): Promise<boolean> {
  const added = await untypedRows<{ id: number }>(
    q,
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
  const [r] = await untypedRows<{ n: number }>(
    q,
    sql`select count(*)::int as n from unsubscribes where lower(email) = ${email.toLowerCase()}
      and (olympiad_id is null or olympiad_id = ${olympiadId})`,
  );
  return (r?.n ?? 0) > 0;
}

/** The message a ref was sent in (the newest, if a mailing was queued twice). */
export async function findByRef(q: Queryable, ref: string) {
  const [row] = await untypedRows<{ id: number; to_address: string; olympiad_id: number | null; mass_mail_id: number | null }>(
    q,
    sql`select id, to_address, olympiad_id, mass_mail_id from emails where unsubscribe_ref = ${ref} order by id desc limit 1`,
  );
  return row ?? null;
}

/** Bounced addresses: one page, filtered by kind, searched by address or reason, sorted. */
export async function listBounces(q: Queryable, kind: string | undefined, p: Paging) {
  const where: SQL[] = [sql`true`];
  if (kind) where.push(sql`kind = ${kind}`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(email ilike ${like} or reason ilike ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    p,
    { createdAt: sql`created_at`, email: sql`lower(email)`, kind: sql`kind` },
    'createdAt',
    sql`id`,
  );
  const [items, [count]] = await Promise.all([
    untypedRows<BounceDb>(
      q,
      sql`select id, email, kind, reason, email_id, created_at from bounces where ${cond} order by ${order}
        limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    untypedRows<{ n: number }>(q, sql`select count(*)::int as n from bounces where ${cond}`),
  ]);
  return { items, total: count?.n ?? 0 };
}

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
