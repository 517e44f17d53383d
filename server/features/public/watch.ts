import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { PublicOlympiad, WatchOlympiad } from '#contract/public';
import { type Queryable, rows } from '../../db/client.js';
import { olympiads, projects } from '../../db/schema/index.js';
import { type Precompressed, precompress } from '../../platform/precompressed.js';
import { offeredLanguages } from './present.js';

/** What the Watch page shows, as read at `refreshedAt`. */
export interface WatchSnapshot {
  refreshedAt: Date;
  totals: { writing: number; started: number; finished: number };
  open: WatchOlympiad[];
  coming: PublicOlympiad[];
}

/** How many coming olympiads the Watch page lists. */
const COMING = 6;

const iso = (v: string | null) => (v == null ? null : new Date(v).toISOString());

const olympiad = createSelectSchema(olympiads);
/** Inside `json_agg` a timestamp is JSON text, not a column the driver reads: it stays a string. */
const jsonInstant = z.string().nullable();

/** An olympiad open now, with its learners' figures (one element of the `open` array). */
const OpenRow = olympiad.pick({ id: true, varName: true, title: true, pinned: true }).extend({
  projectName: createSelectSchema(projects).shape.projectName,
  startsAt: jsonInstant,
  endsAt: jsonInstant,
  started: z.number(),
  finished: z.number(),
  writing: z.number(),
});

/** An olympiad still to come (one element of the `coming` array), as the public sites show it. */
const ComingRow = olympiad
  .pick({
    id: true,
    varName: true,
    title: true,
    year: true,
    kind: true,
    open: true,
    pinned: true,
    durationMinutes: true,
    minGrade: true,
    maxGrade: true,
    languages: true,
    defaultLanguage: true,
  })
  .extend({ projectName: createSelectSchema(projects).shape.projectName, startsAt: jsonInstant, endsAt: jsonInstant });

const WatchRow = z.object({
  now: z.date(),
  open: z.array(OpenRow).nullable(),
  coming: z.array(ComingRow).nullable(),
});

/**
 * The Watch page's figures in one statement: for every olympiad open now (its flag on and inside its window),
 * how many learners started, finished, and are writing (started, not finished, time left); and the olympiads
 * still to come. Counted on the attempts' olympiad index, once per refresh for every viewer (see watch-routes.ts).
 */
export async function readWatch(q: Queryable): Promise<WatchSnapshot> {
  const [row] = await rows(
    q,
    WatchRow,
    sql`with open_now as (
        select o.id, o.var_name as "varName", o.title, p.project_name as "projectName", o.starts_at as "startsAt",
          o.ends_at as "endsAt", o.pinned,
          count(a.started_at)::int as started, count(a.finished_at)::int as finished,
          (count(*) filter (where a.started_at is not null and a.finished_at is null
            and (a.deadline_at is null or a.deadline_at > now())))::int as writing
        from olympiads o join projects p on p.id = o.project_id
        left join attempts a on a.olympiad_id = o.id
        where o.open and (o.starts_at is null or o.starts_at <= now()) and (o.ends_at is null or o.ends_at > now())
        group by o.id, p.project_name
      ), coming as (
        select o.id, o.var_name as "varName", o.title, o.year, o.kind, o.open, o.pinned, o.starts_at as "startsAt",
          o.ends_at as "endsAt", o.duration_minutes as "durationMinutes", o.min_grade as "minGrade",
          o.max_grade as "maxGrade", o.languages, o.default_language as "defaultLanguage", p.project_name as "projectName"
        from olympiads o join projects p on p.id = o.project_id
        where o.starts_at > now() order by o.starts_at, o.id limit ${COMING}
      )
      select now() as now,
        (select json_agg(w order by w.pinned desc, w.writing desc, w.title) from open_now w) as open,
        (select json_agg(c order by c."startsAt", c.id) from coming c) as coming`,
  );
  const open = (row?.open ?? []).map((w): WatchOlympiad => ({
    id: w.id,
    varName: w.varName,
    title: w.title,
    projectName: w.projectName,
    startsAt: iso(w.startsAt),
    endsAt: iso(w.endsAt),
    writing: w.writing,
    started: w.started,
    finished: w.finished,
  }));
  const sum = (k: 'writing' | 'started' | 'finished') => open.reduce((n, w) => n + w[k], 0);
  return {
    refreshedAt: new Date(row?.now ?? Date.now()),
    totals: { writing: sum('writing'), started: sum('started'), finished: sum('finished') },
    open,
    coming: (row?.coming ?? []).map((c): PublicOlympiad => ({
      ...c,
      ...offeredLanguages(c),
      startsAt: iso(c.startsAt),
      endsAt: iso(c.endsAt),
    })),
  };
}

/** The Watch call's answer as it leaves the server: made once per refresh for every viewer (decision 048). */
export interface WatchAnswer extends Required<Precompressed> {
  /** A validator of the figures' text (weak: the same figures whatever the compression). */
  etag: string;
  refreshedAt: Date;
}

/** The answer of the Watch call (contract WatchResult), as text, compressed, with its ETag. */
export function watchAnswer(snapshot: WatchSnapshot, refreshSeconds: number, check?: (answer: unknown) => void) {
  const answer = {
    success: true as const,
    refreshedAt: snapshot.refreshedAt.toISOString(),
    refreshSeconds,
    totals: snapshot.totals,
    open: snapshot.open,
    coming: snapshot.coming,
  };
  check?.(answer);
  const text = JSON.stringify(answer);
  const hash = createHash('sha256').update(text).digest('base64url').slice(0, 22);
  return { ...precompress(text), etag: `W/"${hash}"`, refreshedAt: snapshot.refreshedAt } satisfies WatchAnswer;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as RFC 9110 asks for GET; `*` names any). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || opaque(tag) === wanted);
}
