import { type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { CountRow, IdRow, type Queryable, rows } from '../../db/client.js';
import { certificateBatches, certificateSendStates, schools, users } from '../../db/schema/index.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';

/* SQL of the schools' batches: each school's PDF, its send state, its teacher, and the send job's work list. */

const BatchFile = createSelectSchema(certificateBatches).pick({ fileKey: true });

/** Records a school's new PDF; answers the key of the file it replaces (to remove once this is committed). */
export async function saveBatch(
  q: Queryable,
  b: { schoolParticipantId: number; olympiadId: number; fileKey: string | null; certificates: number; bytes: number },
): Promise<string | null> {
  const [old] = await rows(
    q,
    BatchFile,
    sql`select file_key from certificate_batches where school_participant_id = ${b.schoolParticipantId} for update`,
  );
  await q.execute(
    sql`insert into certificate_batches (school_participant_id, olympiad_id, file_key, certificates, bytes,
        generated_at, send_state)
      values (${b.schoolParticipantId}, ${b.olympiadId}, ${b.fileKey}, ${b.certificates}, ${b.bytes}, now(),
        ${b.fileKey ? 'pending' : null})
      on conflict (school_participant_id) do update set file_key = excluded.file_key,
        certificates = excluded.certificates, bytes = excluded.bytes, generated_at = excluded.generated_at,
        send_state = coalesce(certificate_batches.send_state, excluded.send_state)`,
  );
  return old?.fileKey ?? null;
}

/** Batches of schools that have no standing certificate any more: emptied; answers their old files' keys. */
export async function emptyStaleBatches(q: Queryable, olympiadId: number, keep: number[]): Promise<string[]> {
  const stale = await rows(
    q,
    BatchFile,
    sql`update certificate_batches b set file_key = null, certificates = 0, bytes = 0
      from (select school_participant_id, file_key from certificate_batches where olympiad_id = ${olympiadId}
            and file_key is not null for update) old
      where b.school_participant_id = old.school_participant_id
        ${
          keep.length
            ? sql`and b.school_participant_id not in (${sql.join(
                keep.map((id) => sql`${id}`),
                sql`, `,
              )})`
            : sql``
        }
      returning old.file_key`,
  );
  return stale.map((s) => s.fileKey).filter((k): k is string => !!k);
}

/** A school's batch as its send state is now, with the school's name and the address its link goes to. */
const BatchRow = createSelectSchema(certificateBatches)
  .pick({ schoolParticipantId: true, olympiadId: true, fileKey: true, certificates: true, generatedAt: true })
  .extend({
    sendState: z.enum(certificateSendStates),
    sentAt: z.date().nullable(),
    error: z.string().nullable(),
    schoolName: createSelectSchema(schools).shape.name,
    teacherEmail: createSelectSchema(users).shape.email,
  });
export type BatchRow = z.infer<typeof BatchRow>;

/**
 * A batch's send state as it is now: `queued` becomes `sent` once its mail went out (or was kept in the outbox),
 * `failed` when the mail could not be delivered; a batch not yet queued is `pending`.
 */
const sendState = sql`case when b.send_state = 'queued' and e.status in ('sent', 'outbox') then 'sent'
  when b.send_state = 'queued' and e.status in ('failed', 'suppressed') then 'failed'
  else coalesce(b.send_state, 'pending') end`;

const batchColumns = sql`b.school_participant_id, b.olympiad_id, b.file_key, b.certificates, b.generated_at,
  ${sendState} as send_state, case when e.status in ('sent', 'outbox') then e.sent_at else b.sent_at end as sent_at,
  case when e.status in ('failed', 'suppressed') then e.last_error else b.error end as error, s.name as school_name,
  (select u.email from users u where u.school_id = sp.school_id and u.role = 'teacher' and u.disabled_at is null
    and coalesce(u.email, '') <> '' order by (u.id = sp.entered_by) desc, u.id limit 1) as teacher_email`;
const batchFrom = sql`certificate_batches b join school_participants sp on sp.id = b.school_participant_id
  join schools s on s.id = sp.school_id left join emails e on e.id = b.mail_id`;

export async function findBatch(q: Queryable, schoolParticipantId: number): Promise<BatchRow | null> {
  const [row] = await rows(
    q,
    BatchRow,
    sql`select ${batchColumns} from ${batchFrom} where b.school_participant_id = ${schoolParticipantId}`,
  );
  return row ?? null;
}

const StateCount = z.object({ state: z.string(), n: z.number() });

/** One page of an olympiad's batches with their send state (only those with a PDF). */
export async function listBatches(q: Queryable, olympiadId: number, p: Paging & { sendState?: string | undefined }) {
  const where: SQL[] = [sql`b.olympiad_id = ${olympiadId}`, sql`b.file_key is not null`];
  if (p.search?.trim()) where.push(sql`lower(s.name) like ${containsPattern(p.search)}`);
  if (p.sendState) where.push(sql`${sendState} = ${p.sendState}`);
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    p,
    {
      schoolName: sql`lower(s.name)`,
      sendState: sendState,
      generatedAt: sql`b.generated_at`,
      sentAt: sql`coalesce(e.sent_at, b.sent_at)`,
    },
    'schoolName',
    sql`b.school_participant_id`,
  );
  const [items, [count], counts] = await Promise.all([
    rows(
      q,
      BatchRow,
      sql`select ${batchColumns} from ${batchFrom} where ${cond} order by ${order}
        limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    rows(q, CountRow, sql`select count(*)::int as n from ${batchFrom} where ${cond}`),
    rows(
      q,
      StateCount,
      sql`select ${sendState} as state, count(*)::int as n from ${batchFrom}
        where b.olympiad_id = ${olympiadId} and b.file_key is not null group by 1`,
    ),
  ]);
  return { items, total: count?.n ?? 0, counts: new Map(counts.map((c) => [c.state, c.n])) };
}

const GenerationCounts = z.object({ schools: z.number(), generated: z.number(), certificates: z.number() });

/** Schools with results, schools with a PDF, and standing certificates, of an olympiad. */
export async function generationCounts(q: Queryable, olympiadId: number) {
  const [row] = await rows(
    q,
    GenerationCounts,
    sql`select
      (select count(distinct school_participant_id)::int from learner_results
        where olympiad_id = ${olympiadId} and school_participant_id is not null) as schools,
      (select count(*)::int from certificate_batches where olympiad_id = ${olympiadId} and file_key is not null
        and generated_at is not null) as generated,
      (select count(*)::int from certificates where olympiad_id = ${olympiadId} and revoked_at is null) as certificates`,
  );
  return {
    schools: row?.schools ?? 0,
    generated: row?.generated ?? 0,
    certificates: row?.certificates ?? 0,
  };
}

/** The teacher a school's link goes to (with an address: the statement takes only those). */
const TeacherRow = createSelectSchema(users)
  .pick({ id: true, firstName: true, lastName: true })
  .extend({ email: z.string() });

/** The school's teacher who gets the link: the one who entered the school first, with an address. */
export async function teacherOf(q: Queryable, schoolParticipantId: number) {
  const [row] = await rows(
    q,
    TeacherRow,
    sql`select u.id, u.email, u.first_name, u.last_name from school_participants sp
      join users u on u.school_id = sp.school_id and u.role = 'teacher' and u.disabled_at is null
      where sp.id = ${schoolParticipantId} and coalesce(u.email, '') <> ''
      order by (u.id = sp.entered_by) desc, u.id limit 1`,
  );
  return row ?? null;
}

/** The batches of an olympiad whose link was never queued (with a PDF): the send job's work list. */
export async function batchesToSend(q: Queryable, olympiadId: number): Promise<number[]> {
  const found = await rows(
    q,
    IdRow,
    sql`select school_participant_id as id from certificate_batches where olympiad_id = ${olympiadId}
      and file_key is not null and coalesce(send_state, 'pending') = 'pending' order by school_participant_id`,
  );
  return found.map((f) => f.id);
}

/** Takes a batch for sending: answers true only for the one caller that moved it from pending (never twice). */
export async function claimBatch(q: Queryable, schoolParticipantId: number, force = false): Promise<boolean> {
  const taken = await rows(
    q,
    IdRow,
    sql`update certificate_batches set send_state = 'queued', error = null, sent_at = null
      where school_participant_id = ${schoolParticipantId} and file_key is not null
        ${force ? sql`` : sql`and coalesce(send_state, 'pending') = 'pending'`}
      returning school_participant_id as id`,
  );
  return taken.length === 1;
}

export async function setBatchMail(
  q: Queryable,
  schoolParticipantId: number,
  mailId: number | null,
  error: string | null,
) {
  await q.execute(
    sql`update certificate_batches set mail_id = ${mailId}, error = ${error},
        send_state = ${error ? 'failed' : 'queued'}
      where school_participant_id = ${schoolParticipantId}`,
  );
}
