import { type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { type Queryable, rows } from '../../db/client.js';
import { appLog } from '../../db/schema/index.js';
import { containsPattern } from '../../platform/paging.js';

const AppLogKeyRow = createSelectSchema(appLog)
  .pick({ key: true })
  .extend({ count: z.number(), errors: z.number(), lastAt: createSelectSchema(appLog).shape.at });

/** Every key with its entry count, its errors and its latest entry, the most recent first. */
export function appLogKeys(q: Queryable) {
  return rows(
    q,
    AppLogKeyRow,
    sql`select key, count(*)::int as count, count(*) filter (where level <> 'warn')::int as errors,
          max(at) as "lastAt"
        from app_log group by key order by max(at) desc limit 500`,
  );
}

export interface AppLogFilter {
  key?: string | undefined;
  level?: 'warn' | 'error' | 'fatal' | undefined;
  search?: string | undefined;
  reqId?: string | undefined;
}

/** An entry with the count of every entry the filter matches. */
const AppLogRow = createSelectSchema(appLog)
  .pick({ id: true, at: true, level: true, key: true, message: true, reqId: true, data: true })
  .extend({ total: z.number() });
export type AppLogRow = z.infer<typeof AppLogRow>;

function where(f: AppLogFilter): SQL {
  const c: SQL[] = [];
  if (f.key) c.push(sql`key = ${f.key}`);
  if (f.level) c.push(sql`level = ${f.level}`);
  if (f.reqId) c.push(sql`req_id = ${f.reqId}`);
  // The trigram index on the message answers any part of it, in any case.
  if (f.search) c.push(sql`message ilike ${containsPattern(f.search)} escape '\\'`);
  return c.length ? sql`where ${sql.join(c, sql` and `)}` : sql``;
}

/** One page of entries, newest first. */
export function listAppLog(q: Queryable, f: AppLogFilter, page: { limit: number; offset: number }) {
  return rows(
    q,
    AppLogRow,
    sql`select id, at, level, key, message, req_id as "reqId", data, count(*) over ()::int as total
        from app_log ${where(f)} order by at desc, id desc limit ${page.limit} offset ${page.offset}`,
  );
}
