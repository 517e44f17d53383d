import { type Placeholder, sql } from 'drizzle-orm';
import { type Queryable, rows } from '../db/client.js';

/**
 * Fixed-window counters kept in PostgreSQL, so every server process sees the same counts
 * (decision 004). `key` names what is counted, e.g. `signin-fail:account:42`.
 */
export async function hitCount(q: Queryable, key: string, windowMinutes: number): Promise<number> {
  const [row] = await rows<{ hits: number }>(
    q,
    sql`
    insert into throttles (key, window_start, hits) values (${key}, now(), 1)
    on conflict (key) do update set
      hits = case when throttles.window_start < now() - make_interval(mins => ${windowMinutes})
                  then 1 else throttles.hits + 1 end,
      window_start = case when throttles.window_start < now() - make_interval(mins => ${windowMinutes})
                  then now() else throttles.window_start end
    returning hits`,
  );
  return Number(row?.hits ?? 0);
}

/** The counts of several keys in their current windows (0 for an expired or absent key), in one statement. */
export async function currentCounts(q: Queryable, keys: string[], windowMinutes: number): Promise<number[]> {
  const [row] = await rows<{ counts: number[] }>(
    q,
    sql`select array[${sql.join(
      keys.map((k) => currentCountSql(k, windowMinutes)),
      sql`, `,
    )}]::int[] as counts`,
  );
  return (row?.counts ?? []).map(Number);
}

/**
 * One key's count in its current window (0 when expired or absent), as an expression to select beside other
 * columns: sign-in reads its two counts in the same statement as the user.
 */
export const currentCountSql = (key: string | Placeholder, windowMinutes: number | Placeholder) =>
  sql<number>`coalesce((select hits from throttles where key = ${key}
    and window_start >= now() - make_interval(mins => ${windowMinutes})), 0)::int`;

export async function clearCount(q: Queryable, key: string): Promise<void> {
  await q.execute(sql`delete from throttles where key = ${key}`);
}
