import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { JobKind, JobStatus } from '#contract/jobs';
import { type Queryable, rows } from '../../db/client.js';
import { jobs } from '../../db/schema/index.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../platform/paging.js';

/** A job as the list shows it: never its payload (the rows of an import), with who started it and for which school. */
const JobListRow = createSelectSchema(jobs)
  .pick({
    id: true,
    kind: true,
    label: true,
    status: true,
    phase: true,
    done: true,
    total: true,
    result: true,
    error: true,
    createdAt: true,
    startedAt: true,
    finishedAt: true,
  })
  .extend({ startedBy: z.string().nullable(), schoolName: z.string().nullable(), totalRows: z.number() });
export type JobListRow = z.infer<typeof JobListRow>;

const sorts = {
  createdAt: sql`j.created_at`,
  kind: sql`j.kind`,
  status: sql`j.status`,
  finishedAt: sql`j.finished_at`,
};

/** A page of an olympiad's jobs, newest first unless another order is asked for. */
export function listJobs(
  q: Queryable,
  olympiadId: number,
  filter: { status?: JobStatus | undefined; kind?: JobKind | undefined },
  p: Paging,
): Promise<JobListRow[]> {
  const where = [sql`j.olympiad_id = ${olympiadId}`];
  if (filter.status) where.push(sql`j.status = ${filter.status}`);
  if (filter.kind) where.push(sql`j.kind = ${filter.kind}`);
  if (p.search?.trim())
    where.push(
      sql`(lower(j.label) like ${containsPattern(p.search)} or lower(s.name) like ${containsPattern(p.search)})`,
    );
  return rows(
    q,
    JobListRow,
    sql`select j.id, j.kind, j.label, j.status, j.phase, j.done, j.total, j.result, j.error, j.created_at,
               j.started_at, j.finished_at,
               nullif(btrim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as started_by,
               s.name as school_name, count(*) over ()::int as total_rows
        from jobs j
        left join users u on u.id = j.created_by
        left join schools s on s.id = j.school_id
        where ${sql.join(where, sql` and `)}
        order by ${orderBy(p, sorts, 'createdAt', sql`j.id`)}
        limit ${p.pageSize} offset ${offsetOf(p)}`,
  );
}
