import { type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { CertificateKindInfo } from '#contract/certificates';
import { BEST_IN_SCHOOL, PARTICIPATION } from '#contract/results';
import { CountRow, type Queryable, rows } from '../../db/client.js';
import {
  certificates,
  learnerResults,
  olympiadResults,
  olympiads,
  schoolParticipants,
  schools,
  users,
} from '../../db/schema/index.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';
import { newCertificateCode } from './codes.js';

/* SQL of the certificates: read, listed, counted, written from the published results, the preview's learner. */

const results = createSelectSchema(learnerResults).shape;

/** A certificate with everything it prints and who may see it. */
const CertificateRow = createSelectSchema(certificates)
  .pick({
    id: true,
    olympiadId: true,
    attemptId: true,
    userId: true,
    schoolParticipantId: true,
    kind: true,
    code: true,
    learnerName: true,
    schoolName: true,
    grade: true,
    awardLabel: true,
    score: true,
    percent: true,
    rank: true,
    issuedAt: true,
    generatedAt: true,
    revokedAt: true,
  })
  .extend({
    schoolId: createSelectSchema(schoolParticipants).shape.schoolId.nullable(),
    maxScore: results.maxScore.nullable(),
    percentile: results.percentile.nullable(),
    olympiadTitle: createSelectSchema(olympiads).shape.title,
    publishedAt: createSelectSchema(olympiadResults).shape.publishedAt,
  });
export type CertificateRow = z.infer<typeof CertificateRow>;

const certificateColumns = sql`c.id, c.olympiad_id, c.attempt_id, c.user_id, c.school_participant_id, sp.school_id,
  c.kind, c.code, c.learner_name, c.school_name, c.grade, c.award_label, c.score, lr.max_score, c.percent,
  lr.percentile, c.rank, c.issued_at, c.generated_at, c.revoked_at, o.title as olympiad_title, r.published_at`;
const certificateFrom = sql`certificates c join olympiads o on o.id = c.olympiad_id
  left join school_participants sp on sp.id = c.school_participant_id
  left join learner_results lr on lr.attempt_id = c.attempt_id
  left join olympiad_results r on r.olympiad_id = c.olympiad_id`;

export async function findCertificate(q: Queryable, id: number): Promise<CertificateRow | null> {
  const [row] = await rows(
    q,
    CertificateRow,
    sql`select ${certificateColumns} from ${certificateFrom} where c.id = ${id}`,
  );
  return row ?? null;
}

export async function findByCode(q: Queryable, code: string): Promise<CertificateRow | null> {
  const [row] = await rows(
    q,
    CertificateRow,
    sql`select ${certificateColumns} from ${certificateFrom} where c.code = ${code}`,
  );
  return row ?? null;
}

/** A school's certificates that stand, in the order they are printed (grade, then surname, then name). */
export async function certificatesOfSchool(q: Queryable, schoolParticipantId: number): Promise<CertificateRow[]> {
  return rows(
    q,
    CertificateRow,
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
    rows(
      q,
      CertificateRow,
      sql`select ${certificateColumns} from ${certificateFrom} where ${cond} order by ${order}
        limit ${f.pageSize} offset ${offsetOf(f)}`,
    ),
    rows(q, CountRow, sql`select count(*)::int as n from certificates c where ${cond}`),
  ]);
  return { items, total: count?.n ?? 0 };
}

const KindCount = createSelectSchema(certificates).pick({ kind: true }).extend({ n: z.number() });

/** How many certificates of each kind stand (of one school, when given). */
export async function kindCounts(q: Queryable, olympiadId: number, schoolParticipantId?: number) {
  const found = await rows(
    q,
    KindCount,
    sql`select kind, count(*)::int as n from certificates where olympiad_id = ${olympiadId} and revoked_at is null
      ${schoolParticipantId == null ? sql`` : sql`and school_participant_id = ${schoolParticipantId}`}
      group by kind`,
  );
  return new Map(found.map((r) => [r.kind, r.n]));
}

/** A published result with what its certificate prints (the learner's name and school as they are now). */
const ResultSource = createSelectSchema(learnerResults)
  .pick({
    attemptId: true,
    userId: true,
    schoolParticipantId: true,
    grade: true,
    score: true,
    percent: true,
    rank: true,
    award: true,
    bestInSchool: true,
  })
  .extend({
    learnerName: z.string(),
    schoolName: z.string(),
    certificateId: createSelectSchema(certificates).shape.id.nullable(),
  });
type ResultSource = z.infer<typeof ResultSource>;

/** The certificate a published result gives: its kind (template) and the award it names; null for none. */
export function certificateOf(
  r: Pick<ResultSource, 'award' | 'bestInSchool'>,
  kinds: readonly CertificateKindInfo[],
): { kind: string; awardLabel: string } | null {
  const band = kinds.find((k) => k.key === r.award);
  if (!band || r.award === BEST_IN_SCHOOL) return null;
  const best = r.bestInSchool ? kinds.find((k) => k.key === BEST_IN_SCHOOL) : undefined;
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
  const results = await rows(
    q,
    ResultSource,
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
    kept.push(r.attemptId);
    values.push(
      sql`(${olympiadId}, ${r.attemptId}, ${r.userId}, ${r.schoolParticipantId}, ${printed.kind},
        ${newCertificateCode()}, ${r.learnerName}, ${r.schoolName}, ${r.grade}, ${printed.awardLabel},
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
    const printable = results.filter((r) => !certificateOf(r, kinds)).map((r) => r.attemptId);
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

const SchoolCount = z.object({
  schoolParticipantId: createSelectSchema(schoolParticipants).shape.id,
  schoolName: createSelectSchema(schools).shape.name,
  n: z.number(),
});

/** The schools of an olympiad with standing certificates, and how many each has. */
export async function schoolsWithCertificates(q: Queryable, olympiadId: number) {
  return rows(
    q,
    SchoolCount,
    sql`select c.school_participant_id, max(s.name) as school_name, count(*)::int as n
      from certificates c join school_participants sp on sp.id = c.school_participant_id
      join schools s on s.id = sp.school_id
      where c.olympiad_id = ${olympiadId} and c.revoked_at is null
      group by c.school_participant_id order by c.school_participant_id`,
  );
}

/**
 * The designer's preview learner: the attempt with the learner's name and school, the published result when there
 * is one (else the marked score), and the certificate's code when one was written.
 */
const PreviewSource = z.object({
  attemptId: z.number(),
  learnerName: z.string(),
  schoolName: z.string(),
  grade: createSelectSchema(users).shape.grade,
  score: z.number().nullable(),
  maxScore: z.number().nullable(),
  percent: z.number().nullable(),
  percentile: results.percentile.nullable(),
  rank: results.rank.nullable(),
  award: results.award.nullable(),
  bestInSchool: results.bestInSchool.nullable(),
  code: createSelectSchema(certificates).shape.code.nullable(),
});

/** The best-scoring finished attempt of an olympiad (the designer's preview learner), or the one given. */
export async function previewSource(q: Queryable, olympiadId: number, attemptId?: number) {
  const [row] = await rows(
    q,
    PreviewSource,
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
