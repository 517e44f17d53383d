import { sql } from 'drizzle-orm';
import type { PublicOlympiad, WatchOlympiad } from '#contract/public';
import { type Queryable, rows } from '../../db/client.js';
import { refreshingCache } from '../../platform/refreshing.js';

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

/**
 * The Watch page's figures in one statement: for every olympiad open now (its flag on and inside its window),
 * how many learners started, finished, and are writing (started, not finished, time left); and the olympiads
 * still to come. Counted on the attempts' olympiad index, once per refresh for every viewer (see `watchCache`).
 */
export async function readWatch(q: Queryable): Promise<WatchSnapshot> {
  const [row] = await rows<{ now: Date | string; open: WatchRow[] | null; coming: ComingRow[] | null }>(
    q,
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
          o.max_grade as "maxGrade", p.project_name as "projectName"
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
    coming: (row?.coming ?? []).map((c) => ({ ...c, startsAt: iso(c.startsAt), endsAt: iso(c.endsAt) })),
  };
}

type WatchRow = Omit<WatchOlympiad, 'startsAt' | 'endsAt'> & {
  startsAt: string | null;
  endsAt: string | null;
  pinned: boolean;
};
type ComingRow = PublicOlympiad;

export interface WatchCache {
  /** The figures, at most `refreshMs` old (older only while a refresh is under way). */
  get(): Promise<WatchSnapshot>;
  /** How many times the figures were read from the database (the benchmark and tests watch it). */
  readonly reads: number;
}

/** The Watch page's cache, one per server process (platform/refreshing.ts). */
export function watchCache(
  read: () => Promise<WatchSnapshot>,
  refreshMs: number,
  onError: (err: unknown) => void,
): WatchCache {
  const cache = refreshingCache(read, refreshMs, onError);
  return {
    get reads() {
      return cache.reads;
    },
    get: async () => (await cache.get()).value,
  };
}
