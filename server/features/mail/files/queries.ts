import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../../db/client.js';
import { attachments, uploads } from '../../../db/schema/index.js';
import { type Reach, reachSql } from '../../../http/reach.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../../platform/paging.js';

const uploadColumns = {
  id: uploads.id,
  filename: uploads.filename,
  originalName: uploads.originalName,
  contentType: uploads.contentType,
  size: uploads.size,
  olympiadId: uploads.olympiadId,
  createdAt: uploads.createdAt,
};

/**
 * Not the stored PDF of one school's document: that file is the school's own (its invoice or credit note), kept for
 * the message that carried it, and neither listed, downloaded nor deleted among the files meant for everyone.
 */
const notSchoolDocument = sql`not exists (select 1 from ${attachments} d
  where d.upload_id = ${uploads.id} and d.school_id is not null)`;

/** The uploaded files within a reach: one page, searched by name, sorted. */
export async function listUploads(q: Queryable, reach: Reach, p: Paging) {
  const where = [reachSql(reach, sql`${uploads.olympiadId}`), notSchoolDocument];
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(sql`(${uploads.originalName} ilike ${like} or ${uploads.filename} ilike ${like})`);
  }
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    p,
    {
      createdAt: sql`${uploads.createdAt}`,
      name: sql`lower(${uploads.originalName})`,
      size: sql`${uploads.size}`,
      type: sql`${uploads.contentType}`,
    },
    'createdAt',
    sql`${uploads.id}`,
  );
  const [items, total] = await Promise.all([
    q.select(uploadColumns).from(uploads).where(cond).orderBy(order).limit(p.pageSize).offset(offsetOf(p)),
    q.$count(uploads, cond),
  ]);
  return { items, total };
}

export async function findUpload(q: Queryable, id: number) {
  const [row] = await q
    .select(uploadColumns)
    .from(uploads)
    .where(and(eq(uploads.id, id), notSchoolDocument));
  return row ?? null;
}

/** An uploaded file as its lists and downloads read it. */
export type Upload = NonNullable<Awaited<ReturnType<typeof findUpload>>>;

const attachmentColumns = {
  id: attachments.id,
  uploadId: attachments.uploadId,
  filename: attachments.filename,
  contentType: uploads.contentType,
  size: uploads.size,
  olympiadId: attachments.olympiadId,
  createdAt: attachments.createdAt,
  /** The upload's storage key. */
  key: uploads.filename,
};

/** The mass-mail library: files meant for everyone, never one school's own document. */
const inLibrary = isNull(attachments.schoolId);

/** The attachments within a reach, with the site-wide ones: one page, searched by name, sorted. */
export async function listAttachments(q: Queryable, reach: Reach, p: Paging) {
  const where = [
    sql`(${reachSql(reach, sql`${attachments.olympiadId}`)} or ${attachments.olympiadId} is null)`,
    inLibrary,
  ];
  if (p.search?.trim()) where.push(sql`${attachments.filename} ilike ${containsPattern(p.search)}`);
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    p,
    {
      createdAt: sql`${attachments.createdAt}`,
      name: sql`lower(${attachments.filename})`,
      size: sql`${uploads.size}`,
    },
    'createdAt',
    sql`${attachments.id}`,
  );
  const [items, [counted]] = await Promise.all([
    q
      .select(attachmentColumns)
      .from(attachments)
      .innerJoin(uploads, eq(uploads.id, attachments.uploadId))
      .where(cond)
      .orderBy(order)
      .limit(p.pageSize)
      .offset(offsetOf(p)),
    q.select({ n: count() }).from(attachments).innerJoin(uploads, eq(uploads.id, attachments.uploadId)).where(cond),
  ]);
  return { items, total: counted?.n ?? 0 };
}

export async function findAttachment(q: Queryable, id: number) {
  const [row] = await q
    .select(attachmentColumns)
    .from(attachments)
    .innerJoin(uploads, eq(uploads.id, attachments.uploadId))
    .where(and(eq(attachments.id, id), inLibrary));
  return row ?? null;
}

/** A mail attachment with its upload's type, size and storage key. */
export type Attachment = NonNullable<Awaited<ReturnType<typeof findAttachment>>>;

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
