import { type SQL, sql } from 'drizzle-orm';
import type { EmailStatus } from '../../../contract/mail.js';
import { type Queryable, rows } from '../../db/client.js';
import type { Scope } from './policy.js';

export interface Paging {
  page: number;
  pageSize: number;
  search?: string | undefined;
  sort?: string | undefined;
  order: 'asc' | 'desc';
}

/** One page of a list: the rows and the total, sorted by an allow-listed column (never by raw input). */
async function page<T>(
  q: Queryable,
  from: SQL,
  where: SQL[],
  columns: SQL,
  sortable: Record<string, SQL>,
  defaultSort: string,
  p: Paging,
): Promise<{ items: T[]; total: number }> {
  const cond = where.length ? sql.join(where, sql` and `) : sql`true`;
  const sortColumn = sortable[p.sort ?? ''] ?? sortable[defaultSort]!;
  const direction = p.order === 'asc' ? sql`asc` : sql`desc`;
  const [items, [count]] = await Promise.all([
    rows<T>(
      q,
      sql`select ${columns} from ${from} where ${cond} order by ${sortColumn} ${direction}, id ${direction}
        limit ${p.pageSize} offset ${(p.page - 1) * p.pageSize}`,
    ),
    rows<{ n: number }>(q, sql`select count(*)::int as n from ${from} where ${cond}`),
  ]);
  return { items, total: count?.n ?? 0 };
}

const like = (term: string) => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const scopeSql = (scope: Scope, column: SQL): SQL[] =>
  scope.kind === 'all' ? [] : [sql`${column} = ${scope.olympiadId}`];

// ---- emails (the queue and the log) ----

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

export function listEmails(
  q: Queryable,
  scope: Scope,
  filter: { status?: EmailStatus | undefined; massMailId?: number | undefined },
  p: Paging,
) {
  const where = [...scopeSql(scope, sql`olympiad_id`)];
  if (filter.status) where.push(sql`status = ${filter.status}`);
  if (filter.massMailId) where.push(sql`mass_mail_id = ${filter.massMailId}`);
  if (p.search)
    where.push(sql`(to_address ilike ${like(p.search)} or subject ilike ${like(p.search)} or kind = ${p.search})`);
  return page<EmailRowDb>(q, sql`emails`, where, emailColumns, emailSort, 'createdAt', p);
}

export async function findEmail(q: Queryable, id: number) {
  const [row] = await rows<
    EmailRowDb & { text_body: string; html_body: string | null; transport: string | null; attachment_ids: number[] }
  >(q, sql`select ${emailColumns}, text_body, html_body, transport, attachment_ids from emails where id = ${id}`);
  return row ?? null;
}

export const attemptsOf = (q: Queryable, emailId: number) =>
  rows<{
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
  const done = await rows<{ id: number }>(
    q,
    sql`update emails set status = 'released', released_at = now(), next_attempt_at = now()
      where id = ${id} and status = 'held' returning id`,
  );
  return done.length > 0;
}

/** Releases the `qty` oldest held messages of a mailing; answers how many, and how many stay held. */
export async function releaseBatch(q: Queryable, massMailId: number, qty: number) {
  const done = await rows<{ id: number }>(
    q,
    sql`update emails set status = 'released', released_at = now(), next_attempt_at = now()
      where id in (select id from emails where mass_mail_id = ${massMailId} and status = 'held'
        order by id limit ${qty} for update skip locked)
      returning id`,
  );
  const [left] = await rows<{ n: number }>(
    q,
    sql`select count(*)::int as n from emails where mass_mail_id = ${massMailId} and status = 'held'`,
  );
  return { released: done.length, held: left?.n ?? 0 };
}

// ---- unsubscribes and bounces ----

export function listUnsubscribes(q: Queryable, scope: Scope, p: Paging) {
  const where = [...scopeSql(scope, sql`u.olympiad_id`)];
  if (p.search) where.push(sql`u.email ilike ${like(p.search)}`);
  return page<{
    id: number;
    email: string;
    olympiad_id: number | null;
    olympiad_title: string | null;
    source: string;
    created_at: Date;
  }>(
    q,
    sql`unsubscribes u left join olympiads o on o.id = u.olympiad_id`,
    where,
    sql`u.id, u.email, u.olympiad_id, o.title as olympiad_title, u.source, u.created_at`,
    { createdAt: sql`u.created_at`, email: sql`lower(u.email)`, olympiad: sql`o.title` },
    'createdAt',
    p,
  ).then((r) => r);
}

export async function addUnsubscribe(
  q: Queryable,
  entry: { email: string; olympiadId: number | null; massMailId: number | null; source: string },
): Promise<boolean> {
  const added = await rows<{ id: number }>(
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
  const [r] = await rows<{ n: number }>(
    q,
    sql`select count(*)::int as n from unsubscribes where lower(email) = ${email.toLowerCase()}
      and (olympiad_id is null or olympiad_id = ${olympiadId})`,
  );
  return (r?.n ?? 0) > 0;
}

/** The message a ref was sent in (the newest, if a mailing was queued twice). */
export async function findByRef(q: Queryable, ref: string) {
  const [row] = await rows<{ id: number; to_address: string; olympiad_id: number | null; mass_mail_id: number | null }>(
    q,
    sql`select id, to_address, olympiad_id, mass_mail_id from emails where unsubscribe_ref = ${ref} order by id desc limit 1`,
  );
  return row ?? null;
}

export function listBounces(q: Queryable, kind: string | undefined, p: Paging) {
  const where: SQL[] = [];
  if (kind) where.push(sql`kind = ${kind}`);
  if (p.search) where.push(sql`(email ilike ${like(p.search)} or reason ilike ${like(p.search)})`);
  return page<{
    id: number;
    email: string;
    kind: 'hard' | 'soft' | 'complaint';
    reason: string;
    email_id: number | null;
    created_at: Date;
  }>(
    q,
    sql`bounces`,
    where,
    sql`id, email, kind, reason, email_id, created_at`,
    { createdAt: sql`created_at`, email: sql`lower(email)`, kind: sql`kind` },
    'createdAt',
    p,
  );
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

// ---- files ----

export interface UploadDb {
  id: number;
  filename: string;
  original_name: string;
  content_type: string;
  size: number;
  olympiad_id: number | null;
  created_at: Date;
}

export function listUploads(q: Queryable, scope: Scope, p: Paging) {
  const where = [...scopeSql(scope, sql`olympiad_id`)];
  if (p.search) where.push(sql`(original_name ilike ${like(p.search)} or filename ilike ${like(p.search)})`);
  return page<UploadDb>(
    q,
    sql`uploads`,
    where,
    sql`id, filename, original_name, content_type, size::float8 as size, olympiad_id, created_at`,
    { createdAt: sql`created_at`, name: sql`lower(original_name)`, size: sql`size`, type: sql`content_type` },
    'createdAt',
    p,
  );
}

export async function findUpload(q: Queryable, id: number) {
  const [row] = await rows<UploadDb>(
    q,
    sql`select id, filename, original_name, content_type, size::float8 as size, olympiad_id, created_at from uploads where id = ${id}`,
  );
  return row ?? null;
}

export interface AttachmentDb {
  id: number;
  upload_id: number;
  filename: string;
  content_type: string;
  size: number;
  olympiad_id: number | null;
  created_at: Date;
  key: string;
}

const attachmentColumns = sql`a.id, a.upload_id, a.filename, u.content_type, u.size::float8 as size, a.olympiad_id, a.created_at,
  u.filename as key`;

export function listAttachments(q: Queryable, scope: Scope, p: Paging, includeSiteWide: boolean) {
  const where: SQL[] =
    scope.kind === 'all'
      ? []
      : [
          includeSiteWide
            ? sql`(a.olympiad_id = ${scope.olympiadId} or a.olympiad_id is null)`
            : sql`a.olympiad_id = ${scope.olympiadId}`,
        ];
  if (p.search) where.push(sql`a.filename ilike ${like(p.search)}`);
  return page<AttachmentDb>(
    q,
    sql`attachments a join uploads u on u.id = a.upload_id`,
    where,
    attachmentColumns,
    { createdAt: sql`a.created_at`, name: sql`lower(a.filename)`, size: sql`u.size` },
    'createdAt',
    p,
  );
}

export async function findAttachment(q: Queryable, id: number) {
  const [row] = await rows<AttachmentDb>(
    q,
    sql`select ${attachmentColumns} from attachments a join uploads u on u.id = a.upload_id where a.id = ${id}`,
  );
  return row ?? null;
}

export async function attachmentsByIds(q: Queryable, ids: number[]) {
  if (!ids.length) return [];
  return rows<AttachmentDb>(
    q,
    sql`select ${attachmentColumns} from attachments a join uploads u on u.id = a.upload_id
      where a.id in (${sql.join(
        ids.map((i) => sql`${i}`),
        sql`, `,
      )})`,
  );
}

export async function massMailExists(q: Queryable, id: number) {
  const [row] = await rows<{ id: number; olympiad_id: number | null }>(
    q,
    sql`select id, olympiad_id from mass_mails where id = ${id}`,
  );
  return row ?? null;
}
