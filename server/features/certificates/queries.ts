import { type SQL, sql } from 'drizzle-orm';
import type { CertificateConfig, CertificateKindInfo } from '#contract/certificates';
import { BEST_IN_SCHOOL, PARTICIPATION } from '#contract/results';
import type { OlympiadKind } from '#contract/units';
import { type Queryable, untypedRows } from '../../db/client.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';
import { newCertificateCode } from './codes.js';

/** An olympiad with what certificates need: its names, whether its results are published, its award rule. */
export interface OlympiadRow {
  id: number;
  title: string;
  var_name: string;
  kind: OlympiadKind;
  published_at: Date | string | null;
  award_rule: unknown;
}

export async function findOlympiad(q: Queryable, id: number): Promise<OlympiadRow | null> {
  const [row] = await untypedRows<OlympiadRow>(
    q,
    sql`select o.id, o.title, o.var_name, o.kind, r.published_at, r.award_rule
      from olympiads o left join olympiad_results r on r.olympiad_id = o.id where o.id = ${id}`,
  );
  return row ?? null;
}

/** A school participant with its school and its olympiad's published state. */
export interface ParticipantRow {
  id: number;
  olympiad_id: number;
  school_id: number;
  school_name: string;
  published_at: Date | string | null;
}

export async function findParticipant(q: Queryable, id: number): Promise<ParticipantRow | null> {
  const [row] = await untypedRows<ParticipantRow>(
    q,
    sql`select sp.id, sp.olympiad_id, sp.school_id, s.name as school_name, r.published_at
      from school_participants sp join schools s on s.id = sp.school_id
      left join olympiad_results r on r.olympiad_id = sp.olympiad_id
      where sp.id = ${id}`,
  );
  return row ?? null;
}

/** The participant of a school in an olympiad (the teacher's own). */
export async function participantOf(q: Queryable, olympiadId: number, schoolId: number): Promise<number | null> {
  const [row] = await untypedRows<{ id: number }>(
    q,
    sql`select id from school_participants where olympiad_id = ${olympiadId} and school_id = ${schoolId}`,
  );
  return row?.id ?? null;
}

// ---- the config and its files ----

export async function findConfig(q: Queryable, olympiadId: number) {
  const [row] = await untypedRows<{ config: unknown; updated_at: Date | string }>(
    q,
    sql`select config, updated_at from certificate_configs where olympiad_id = ${olympiadId}`,
  );
  return row ?? null;
}

export async function saveConfig(q: Queryable, olympiadId: number, config: CertificateConfig, by: number) {
  const [row] = await untypedRows<{ updated_at: Date | string }>(
    q,
    sql`insert into certificate_configs (olympiad_id, config, updated_by, updated_at)
      values (${olympiadId}, ${JSON.stringify(config)}::jsonb, ${by}, now())
      on conflict (olympiad_id) do update set config = excluded.config, updated_by = excluded.updated_by,
        updated_at = now()
      returning updated_at`,
  );
  return row!;
}

/** A stored file of an olympiad (table `uploads`: every stored file, decision 029's one storage). */
export interface FileRow {
  id: number;
  filename: string;
  original_name: string;
  content_type: string;
}

export async function findFile(q: Queryable, olympiadId: number, id: number): Promise<FileRow | null> {
  const [row] = await untypedRows<FileRow>(
    q,
    sql`select id, filename, original_name, content_type from uploads where id = ${id} and olympiad_id = ${olympiadId}`,
  );
  return row ?? null;
}

/** The content types of those of `ids` that are this olympiad's files. */
export async function fileTypes(q: Queryable, olympiadId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const found = await untypedRows<{ id: number; content_type: string }>(
    q,
    sql`select id, content_type from uploads where olympiad_id = ${olympiadId}
      and id in (${sql.join(
        ids.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return new Map(found.map((f) => [f.id, f.content_type]));
}

export async function insertFile(
  q: Queryable,
  f: { key: string; name: string; contentType: string; size: number; sha256: string; olympiadId: number; by: number },
) {
  const [row] = await untypedRows<{ id: number }>(
    q,
    sql`insert into uploads (filename, original_name, content_type, size, sha256, olympiad_id, uploaded_by)
      values (${f.key}, ${f.name}, ${f.contentType}, ${f.size}, ${f.sha256}, ${f.olympiadId}, ${f.by}) returning id`,
  );
  return row!.id;
}

// ---- certificates ----

/** A certificate with everything it prints and who may see it. */
export interface CertificateRow {
  id: number;
  olympiad_id: number;
  attempt_id: number;
  user_id: number;
  school_participant_id: number | null;
  school_id: number | null;
  kind: string;
  code: string;
  learner_name: string;
  school_name: string;
  grade: number | null;
  award_label: string;
  score: number | null;
  max_score: number | null;
  percent: number | null;
  percentile: number | null;
  rank: number | null;
  issued_at: Date | string;
  generated_at: Date | string;
  revoked_at: Date | string | null;
  olympiad_title: string;
  published_at: Date | string | null;
}

const certificateColumns = sql`c.id, c.olympiad_id, c.attempt_id, c.user_id, c.school_participant_id, sp.school_id,
  c.kind, c.code, c.learner_name, c.school_name, c.grade, c.award_label, c.score, lr.max_score, c.percent,
  lr.percentile, c.rank, c.issued_at, c.generated_at, c.revoked_at, o.title as olympiad_title, r.published_at`;
const certificateFrom = sql`certificates c join olympiads o on o.id = c.olympiad_id
  left join school_participants sp on sp.id = c.school_participant_id
  left join learner_results lr on lr.attempt_id = c.attempt_id
  left join olympiad_results r on r.olympiad_id = c.olympiad_id`;

export async function findCertificate(q: Queryable, id: number): Promise<CertificateRow | null> {
  const [row] = await untypedRows<CertificateRow>(
    q,
    sql`select ${certificateColumns} from ${certificateFrom} where c.id = ${id}`,
  );
  return row ?? null;
}

export async function findByCode(q: Queryable, code: string): Promise<CertificateRow | null> {
  const [row] = await untypedRows<CertificateRow>(
    q,
    sql`select ${certificateColumns} from ${certificateFrom} where c.code = ${code}`,
  );
  return row ?? null;
}

/** A school's certificates that stand, in the order they are printed (grade, then surname, then name). */
export async function certificatesOfSchool(q: Queryable, schoolParticipantId: number): Promise<CertificateRow[]> {
  return untypedRows<CertificateRow>(
    q,
    sql`select ${certificateColumns} from ${certificateFrom} join users u on u.id = c.user_id
      where c.school_participant_id = ${schoolParticipantId} and c.revoked_at is null
      order by c.grade nulls last, lower(u.last_name), lower(u.first_name), c.id`,
  );
}

export interface ListFilter extends Paging {
  schoolParticipantId?: number | undefined;
  kind?: string | undefined;
  /** Only certificates that stand (not revoked). */
  standing?: boolean;
}

/** One page of an olympiad's certificates (or one school's), searched by learner, school or code. */
export async function listCertificates(q: Queryable, olympiadId: number, f: ListFilter) {
  const where: SQL[] = [sql`c.olympiad_id = ${olympiadId}`];
  if (f.schoolParticipantId != null) where.push(sql`c.school_participant_id = ${f.schoolParticipantId}`);
  if (f.kind) where.push(sql`c.kind = ${f.kind}`);
  if (f.standing) where.push(sql`c.revoked_at is null`);
  if (f.search?.trim()) {
    const like = containsPattern(f.search);
    const code = f.search.replace(/[\s-]+/g, '').toUpperCase();
    where.push(sql`(lower(c.learner_name) like ${like} or lower(c.school_name) like ${like} or c.code = ${code})`);
  }
  const cond = sql.join(where, sql` and `);
  const order = orderBy(
    f,
    {
      learnerName: sql`lower(c.learner_name)`,
      schoolName: sql`lower(c.school_name)`,
      kind: sql`c.kind`,
      grade: sql`c.grade`,
      generatedAt: sql`c.generated_at`,
    },
    'learnerName',
    sql`c.id`,
  );
  const [items, [count]] = await Promise.all([
    untypedRows<CertificateRow>(
      q,
      sql`select ${certificateColumns} from ${certificateFrom} where ${cond} order by ${order}
        limit ${f.pageSize} offset ${offsetOf(f)}`,
    ),
    untypedRows<{ n: number }>(q, sql`select count(*)::int as n from certificates c where ${cond}`),
  ]);
  return { items, total: count?.n ?? 0 };
}

/** How many certificates of each kind stand (of one school, when given). */
export async function kindCounts(q: Queryable, olympiadId: number, schoolParticipantId?: number) {
  const found = await untypedRows<{ kind: string; n: number }>(
    q,
    sql`select kind, count(*)::int as n from certificates where olympiad_id = ${olympiadId} and revoked_at is null
      ${schoolParticipantId == null ? sql`` : sql`and school_participant_id = ${schoolParticipantId}`}
      group by kind`,
  );
  return new Map(found.map((r) => [r.kind, Number(r.n)]));
}

interface ResultSource {
  attempt_id: number;
  user_id: number;
  school_participant_id: number | null;
  grade: number | null;
  score: number;
  percent: number;
  rank: number;
  award: string;
  best_in_school: boolean;
  learner_name: string;
  school_name: string;
  certificate_id: number | null;
}

/** The certificate a published result gives: its kind (template) and the award it names; null for none. */
export function certificateOf(
  r: Pick<ResultSource, 'award' | 'best_in_school'>,
  kinds: readonly CertificateKindInfo[],
): { kind: string; awardLabel: string } | null {
  const band = kinds.find((k) => k.key === r.award);
  if (!band || r.award === BEST_IN_SCHOOL) return null;
  const best = r.best_in_school ? kinds.find((k) => k.key === BEST_IN_SCHOOL) : undefined;
  if (!best) return { kind: band.key, awardLabel: band.label };
  // "Best in school" (a country's team: "Best in team"), as kindsOf names it.
  return {
    kind: BEST_IN_SCHOOL,
    awardLabel: band.key === PARTICIPATION ? best.label : `${band.label}, ${best.label.toLowerCase()}`,
  };
}

const CHUNK = 400;

/**
 * Writes the certificates of an olympiad's published results (of one school, when given), as the results and the
 * learners' names are now: one per result with an award, its code kept across regenerations (a new one for a new
 * certificate); a certificate whose result is gone (disqualified and republished) is revoked. Answers how many
 * certificates stand.
 */
export async function writeCertificates(
  q: Queryable,
  olympiadId: number,
  kinds: readonly CertificateKindInfo[],
  schoolParticipantId?: number,
): Promise<number> {
  const onlySchool = schoolParticipantId == null ? sql`` : sql`and lr.school_participant_id = ${schoolParticipantId}`;
  const results = await untypedRows<ResultSource>(
    q,
    sql`select lr.attempt_id, lr.user_id, lr.school_participant_id, coalesce(lr.grade, u.grade) as grade, lr.score,
        lr.percent, lr.rank, lr.award, lr.best_in_school,
        btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as learner_name,
        coalesce(s.name, '') as school_name, c.id as certificate_id
      from learner_results lr join users u on u.id = lr.user_id
      left join school_participants sp on sp.id = lr.school_participant_id
      left join schools s on s.id = sp.school_id
      left join certificates c on c.attempt_id = lr.attempt_id
      where lr.olympiad_id = ${olympiadId} ${onlySchool}`,
  );
  const kept: number[] = [];
  const values: SQL[] = [];
  for (const r of results) {
    const printed = certificateOf(r, kinds);
    if (!printed) continue;
    kept.push(r.attempt_id);
    values.push(
      sql`(${olympiadId}, ${r.attempt_id}, ${r.user_id}, ${r.school_participant_id}, ${printed.kind},
        ${newCertificateCode()}, ${r.learner_name}, ${r.school_name}, ${r.grade}, ${printed.awardLabel},
        ${r.score}, ${r.percent}, ${r.rank})`,
    );
  }
  for (let i = 0; i < values.length; i += CHUNK) {
    await q.execute(
      sql`insert into certificates (olympiad_id, attempt_id, user_id, school_participant_id, kind, code, learner_name,
          school_name, grade, award_label, score, percent, rank)
        values ${sql.join(values.slice(i, i + CHUNK), sql`, `)}
        on conflict (attempt_id) do update set user_id = excluded.user_id,
          school_participant_id = excluded.school_participant_id, kind = excluded.kind,
          learner_name = excluded.learner_name, school_name = excluded.school_name, grade = excluded.grade,
          award_label = excluded.award_label, score = excluded.score, percent = excluded.percent,
          rank = excluded.rank, generated_at = now(), revoked_at = null`,
    );
  }
  // Certificates whose result is gone (or gives no certificate any more) say so to whoever checks their code.
  const onlySchoolC = schoolParticipantId == null ? sql`` : sql`and c.school_participant_id = ${schoolParticipantId}`;
  await q.execute(
    sql`update certificates c set revoked_at = now() where c.olympiad_id = ${olympiadId} and c.revoked_at is null
      ${onlySchoolC}
      and not exists (select 1 from learner_results lr where lr.attempt_id = c.attempt_id)`,
  );
  if (kinds.length && values.length < results.length) {
    const printable = results.filter((r) => !certificateOf(r, kinds)).map((r) => r.attempt_id);
    for (let i = 0; i < printable.length; i += CHUNK) {
      await q.execute(
        sql`update certificates set revoked_at = now() where revoked_at is null and attempt_id in (${sql.join(
          printable.slice(i, i + CHUNK).map((id) => sql`${id}`),
          sql`, `,
        )})`,
      );
    }
  }
  return kept.length;
}

/** The schools of an olympiad with standing certificates, and how many each has. */
export async function schoolsWithCertificates(q: Queryable, olympiadId: number) {
  return untypedRows<{ school_participant_id: number; school_name: string; n: number }>(
    q,
    sql`select c.school_participant_id, max(s.name) as school_name, count(*)::int as n
      from certificates c join school_participants sp on sp.id = c.school_participant_id
      join schools s on s.id = sp.school_id
      where c.olympiad_id = ${olympiadId} and c.revoked_at is null
      group by c.school_participant_id order by c.school_participant_id`,
  );
}

/** Records a school's new PDF; answers the key of the file it replaces (to remove once this is committed). */
export async function saveBatch(
  q: Queryable,
  b: { schoolParticipantId: number; olympiadId: number; fileKey: string | null; certificates: number; bytes: number },
): Promise<string | null> {
  const [old] = await untypedRows<{ file_key: string | null }>(
    q,
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
  return old?.file_key ?? null;
}

/** Batches of schools that have no standing certificate any more: emptied; answers their old files' keys. */
export async function emptyStaleBatches(q: Queryable, olympiadId: number, keep: number[]): Promise<string[]> {
  const stale = await untypedRows<{ file_key: string | null }>(
    q,
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
  return stale.map((s) => s.file_key).filter((k): k is string => !!k);
}

export interface BatchRow {
  school_participant_id: number;
  olympiad_id: number;
  file_key: string | null;
  certificates: number;
  generated_at: Date | string | null;
  send_state: 'pending' | 'queued' | 'sent' | 'failed';
  sent_at: Date | string | null;
  error: string | null;
  school_name: string;
  teacher_email: string | null;
}

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
  const [row] = await untypedRows<BatchRow>(
    q,
    sql`select ${batchColumns} from ${batchFrom} where b.school_participant_id = ${schoolParticipantId}`,
  );
  return row ?? null;
}

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
    untypedRows<BatchRow>(
      q,
      sql`select ${batchColumns} from ${batchFrom} where ${cond} order by ${order}
        limit ${p.pageSize} offset ${offsetOf(p)}`,
    ),
    untypedRows<{ n: number }>(q, sql`select count(*)::int as n from ${batchFrom} where ${cond}`),
    untypedRows<{ state: string; n: number }>(
      q,
      sql`select ${sendState} as state, count(*)::int as n from ${batchFrom}
        where b.olympiad_id = ${olympiadId} and b.file_key is not null group by 1`,
    ),
  ]);
  return { items, total: count?.n ?? 0, counts: new Map(counts.map((c) => [c.state, Number(c.n)])) };
}

/** Schools with results, schools with a PDF, and standing certificates, of an olympiad. */
export async function generationCounts(q: Queryable, olympiadId: number) {
  const [row] = await untypedRows<{ schools: number; generated: number; certificates: number }>(
    q,
    sql`select
      (select count(distinct school_participant_id)::int from learner_results
        where olympiad_id = ${olympiadId} and school_participant_id is not null) as schools,
      (select count(*)::int from certificate_batches where olympiad_id = ${olympiadId} and file_key is not null
        and generated_at is not null) as generated,
      (select count(*)::int from certificates where olympiad_id = ${olympiadId} and revoked_at is null) as certificates`,
  );
  return {
    schools: Number(row?.schools ?? 0),
    generated: Number(row?.generated ?? 0),
    certificates: Number(row?.certificates ?? 0),
  };
}

/** The school's teacher who gets the link: the one who entered the school first, with an address. */
export async function teacherOf(q: Queryable, schoolParticipantId: number) {
  const [row] = await untypedRows<{ id: number; email: string; first_name: string | null; last_name: string | null }>(
    q,
    sql`select u.id, u.email, u.first_name, u.last_name from school_participants sp
      join users u on u.school_id = sp.school_id and u.role = 'teacher' and u.disabled_at is null
      where sp.id = ${schoolParticipantId} and coalesce(u.email, '') <> ''
      order by (u.id = sp.entered_by) desc, u.id limit 1`,
  );
  return row ?? null;
}

/** The batches of an olympiad whose link was never queued (with a PDF): the send job's work list. */
export async function batchesToSend(q: Queryable, olympiadId: number): Promise<number[]> {
  const found = await untypedRows<{ id: number }>(
    q,
    sql`select school_participant_id as id from certificate_batches where olympiad_id = ${olympiadId}
      and file_key is not null and coalesce(send_state, 'pending') = 'pending' order by school_participant_id`,
  );
  return found.map((f) => f.id);
}

/** Takes a batch for sending: answers true only for the one caller that moved it from pending (never twice). */
export async function claimBatch(q: Queryable, schoolParticipantId: number, force = false): Promise<boolean> {
  const taken = await untypedRows<{ id: number }>(
    q,
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

/** The latest job of a kind for an olympiad; whether one is queued or running now. */
export async function latestJobId(q: Queryable, olympiadId: number, kind: string): Promise<number | null> {
  const [row] = await untypedRows<{ id: number }>(
    q,
    sql`select id from jobs where kind = ${kind} and olympiad_id = ${olympiadId} order by id desc limit 1`,
  );
  return row?.id ?? null;
}

export async function jobActive(q: Queryable, olympiadId: number, kinds: string[]): Promise<boolean> {
  const [row] = await untypedRows<{ n: number }>(
    q,
    sql`select count(*)::int as n from jobs where olympiad_id = ${olympiadId} and status in ('queued', 'running', 'held')
      and kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
  );
  return Number(row?.n ?? 0) > 0;
}

/** The best-scoring finished attempt of an olympiad (the designer's preview learner), or the one given. */
export async function previewSource(q: Queryable, olympiadId: number, attemptId?: number) {
  const [row] = await untypedRows<{
    attempt_id: number;
    learner_name: string;
    school_name: string;
    grade: number | null;
    score: number | null;
    max_score: number | null;
    percent: number | null;
    percentile: number | null;
    rank: number | null;
    award: string | null;
    best_in_school: boolean | null;
    code: string | null;
  }>(
    q,
    sql`select a.id as attempt_id, btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as learner_name,
        coalesce(s.name, '') as school_name, u.grade, coalesce(lr.score, a.score) as score,
        coalesce(lr.max_score, a.max_score) as max_score,
        coalesce(lr.percent, case when a.max_score > 0 then 100 * a.score / a.max_score end) as percent,
        lr.percentile, lr.rank, lr.award, lr.best_in_school, c.code
      from attempts a join users u on u.id = a.user_id
      left join schools s on s.id = u.school_id
      left join learner_results lr on lr.attempt_id = a.id
      left join certificates c on c.attempt_id = a.id
      where a.olympiad_id = ${olympiadId}
        ${attemptId == null ? sql`and a.finished_at is not null` : sql`and a.id = ${attemptId}`}
      order by coalesce(lr.score, a.score) desc nulls last, a.id limit 1`,
  );
  return row ?? null;
}
