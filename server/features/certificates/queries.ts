import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import type { z } from 'zod';
import type { CertificateConfig } from '#contract/certificates';
import { CountRow, type Queryable, rows } from '../../db/client.js';
import {
  certificateConfigs,
  jobs,
  olympiadResults,
  olympiads,
  schoolParticipants,
  schools,
  uploads,
} from '../../db/schema/index.js';

/* SQL of what certificates stand on: the olympiad and its schools, the designer's config and files, the jobs. */

const results = createSelectSchema(olympiadResults).shape;

/**
 * An olympiad with what certificates need: its names, the languages it is offered in (the preview's), whether its
 * results are published, its award rule.
 */
const OlympiadRow = createSelectSchema(olympiads)
  .pick({ id: true, title: true, varName: true, kind: true, languages: true, defaultLanguage: true })
  .extend({ publishedAt: results.publishedAt, awardRule: results.awardRule });
export type OlympiadRow = z.infer<typeof OlympiadRow>;

export async function findOlympiad(q: Queryable, id: number): Promise<OlympiadRow | null> {
  const [row] = await rows(
    q,
    OlympiadRow,
    sql`select o.id, o.title, o.var_name, o.kind, o.languages, o.default_language, r.published_at, r.award_rule
      from olympiads o left join olympiad_results r on r.olympiad_id = o.id where o.id = ${id}`,
  );
  return row ?? null;
}

/** A school participant with its school and its olympiad's published state. */
const ParticipantRow = createSelectSchema(schoolParticipants)
  .pick({ id: true, olympiadId: true, schoolId: true })
  .extend({ schoolName: createSelectSchema(schools).shape.name, publishedAt: results.publishedAt });
export type ParticipantRow = z.infer<typeof ParticipantRow>;

export async function findParticipant(q: Queryable, id: number): Promise<ParticipantRow | null> {
  const [row] = await rows(
    q,
    ParticipantRow,
    sql`select sp.id, sp.olympiad_id, sp.school_id, s.name as school_name, r.published_at
      from school_participants sp join schools s on s.id = sp.school_id
      left join olympiad_results r on r.olympiad_id = sp.olympiad_id
      where sp.id = ${id}`,
  );
  return row ?? null;
}

/** The participant of a school in an olympiad (the teacher's own). */
export async function participantOf(q: Queryable, olympiadId: number, schoolId: number): Promise<number | null> {
  const [row] = await q
    .select({ id: schoolParticipants.id })
    .from(schoolParticipants)
    .where(and(eq(schoolParticipants.olympiadId, olympiadId), eq(schoolParticipants.schoolId, schoolId)));
  return row?.id ?? null;
}

// ---- the config and its files ----

export async function findConfig(q: Queryable, olympiadId: number) {
  const [row] = await q
    .select({ config: certificateConfigs.config, updatedAt: certificateConfigs.updatedAt })
    .from(certificateConfigs)
    .where(eq(certificateConfigs.olympiadId, olympiadId));
  return row ?? null;
}

export async function saveConfig(q: Queryable, olympiadId: number, config: CertificateConfig, by: number) {
  const [row] = await rows(
    q,
    createSelectSchema(certificateConfigs).pick({ updatedAt: true }),
    sql`insert into certificate_configs (olympiad_id, config, updated_by, updated_at)
      values (${olympiadId}, ${JSON.stringify(config)}::jsonb, ${by}, now())
      on conflict (olympiad_id) do update set config = excluded.config, updated_by = excluded.updated_by,
        updated_at = now()
      returning updated_at`,
  );
  return row!;
}

/** A stored file of an olympiad (table `uploads`: every stored file, decision 029's one storage). */
export async function findFile(q: Queryable, olympiadId: number, id: number) {
  const [row] = await q
    .select({
      id: uploads.id,
      filename: uploads.filename,
      originalName: uploads.originalName,
      contentType: uploads.contentType,
    })
    .from(uploads)
    .where(and(eq(uploads.id, id), eq(uploads.olympiadId, olympiadId)));
  return row ?? null;
}

/** The content types of those of `ids` that are this olympiad's files. */
export async function fileTypes(q: Queryable, olympiadId: number, ids: number[]): Promise<Map<number, string>> {
  if (!ids.length) return new Map();
  const found = await q
    .select({ id: uploads.id, contentType: uploads.contentType })
    .from(uploads)
    .where(and(eq(uploads.olympiadId, olympiadId), inArray(uploads.id, ids)));
  return new Map(found.map((f) => [f.id, f.contentType]));
}

export async function insertFile(
  q: Queryable,
  f: { key: string; name: string; contentType: string; size: number; sha256: string; olympiadId: number; by: number },
) {
  const [row] = await q
    .insert(uploads)
    .values({
      filename: f.key,
      originalName: f.name,
      contentType: f.contentType,
      size: f.size,
      sha256: f.sha256,
      olympiadId: f.olympiadId,
      uploadedBy: f.by,
    })
    .returning({ id: uploads.id });
  return row!.id;
}

// ---- the jobs ----

/** The latest job of a kind for an olympiad; whether one is queued or running now. */
export async function latestJobId(q: Queryable, olympiadId: number, kind: string): Promise<number | null> {
  const [row] = await q
    .select({ id: jobs.id })
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.olympiadId, olympiadId)))
    .orderBy(desc(jobs.id))
    .limit(1);
  return row?.id ?? null;
}

export async function jobActive(q: Queryable, olympiadId: number, kinds: string[]): Promise<boolean> {
  const [row] = await rows(
    q,
    CountRow,
    sql`select count(*)::int as n from jobs where olympiad_id = ${olympiadId} and status in ('queued', 'running', 'held')
      and kind in (${sql.join(
        kinds.map((k) => sql`${k}`),
        sql`, `,
      )})`,
  );
  return (row?.n ?? 0) > 0;
}
