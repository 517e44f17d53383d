import { eq, sql } from 'drizzle-orm';
import { type Queryable, untypedRows } from '../../../db/client.js';
import { attachments, uploads } from '../../../db/schema/index.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../../platform/paging.js';

export interface UploadDb {
  id: number;
  filename: string;
  original_name: string;
  content_type: string;
  size: number;
  olympiad_id: number | null;
  created_at: Date;
}

const uploadColumns = sql`id, filename, original_name, content_type, size::float8 as size, olympiad_id, created_at`;

/** The uploaded files within a reach: one page, searched by name, sorted. */
export async function listUploads(q: Queryable, reach: Reach, p: Paging) {
  const where = [reachSql(reach, sql`olympiad_id`)];
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(original_name ilike ${like} or filename ilike ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    p,
    { createdAt: sql`created_at`, name: sql`lower(original_name)`, size: sql`size`, type: sql`content_type` },
    'createdAt',
    sql`id`,
  );
  const [items, [count]] = await Promise.all([
    untypedRows<UploadDb>(
      q,
      sql`select ${uploadColumns} from uploads where ${cond} order by ${order} limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    untypedRows<{ n: number }>(q, sql`select count(*)::int as n from uploads where ${cond}`),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function findUpload(q: Queryable, id: number) {
  const [row] = await untypedRows<UploadDb>(q, sql`select ${uploadColumns} from uploads where id = ${id}`);
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

/** The attachments within a reach, with the site-wide ones: one page, searched by name, sorted. */
export async function listAttachments(q: Queryable, reach: Reach, p: Paging) {
  const where = [sql`(${reachSql(reach, sql`a.olympiad_id`)} or a.olympiad_id is null)`];
  if (p.search?.trim()) where.push(sql`a.filename ilike ${containsPattern(p.search)}`);
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    p,
    { createdAt: sql`a.created_at`, name: sql`lower(a.filename)`, size: sql`u.size` },
    'createdAt',
    sql`a.id`,
  );
  const from = sql`attachments a join uploads u on u.id = a.upload_id`;
  const [items, [count]] = await Promise.all([
    untypedRows<AttachmentDb>(
      q,
      sql`select ${attachmentColumns} from ${from} where ${cond} order by ${order}
        limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    untypedRows<{ n: number }>(q, sql`select count(*)::int as n from ${from} where ${cond}`),
  ]);
  return { items, total: count?.n ?? 0 };
}

export async function findAttachment(q: Queryable, id: number) {
  const [row] = await untypedRows<AttachmentDb>(
    q,
    sql`select ${attachmentColumns} from attachments a join uploads u on u.id = a.upload_id where a.id = ${id}`,
  );
  return row ?? null;
}

/** Does another attachment still use this upload? */
export async function uploadInUse(q: Queryable, uploadId: number) {
  const left = await q
    .select({ id: attachments.id })
    .from(attachments)
    .where(eq(attachments.uploadId, uploadId))
    .limit(1);
  return left.length > 0;
}

export async function insertUpload(q: Queryable, values: typeof uploads.$inferInsert) {
  const [row] = await q.insert(uploads).values(values).returning({ id: uploads.id });
  return row!.id;
}

export async function deleteUpload(q: Queryable, id: number) {
  await q.delete(uploads).where(eq(uploads.id, id));
}

export async function insertAttachment(q: Queryable, values: typeof attachments.$inferInsert) {
  const [row] = await q.insert(attachments).values(values).returning({ id: attachments.id });
  return row!.id;
}

export async function renameAttachment(q: Queryable, id: number, filename: string) {
  await q.update(attachments).set({ filename }).where(eq(attachments.id, id));
}

export async function deleteAttachment(q: Queryable, id: number) {
  await q.delete(attachments).where(eq(attachments.id, id));
}
