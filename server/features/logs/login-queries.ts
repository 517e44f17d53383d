import { type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { type Queryable, rows } from '../../db/client.js';
import { olympiads, schools } from '../../db/schema/index.js';

export interface LoginFilter {
  from: Date;
  to: Date;
  bucket: 'hour' | 'day';
  olympiadId?: number | undefined;
  schoolId?: number | undefined;
}

/**
 * A learner's sign-ins are their sessions (one row each, written by the sign-in itself; sessions opened by
 * someone acting as them or by a reset link are not sign-ins); failures are `signin_failures` (decision 037).
 * Both are read through their time index, then narrowed to the olympiad and school.
 */
function signins(f: LoginFilter): SQL {
  const c: SQL[] = [
    sql`se.created_at >= ${f.from.toISOString()}::timestamptz`,
    sql`se.created_at < ${f.to.toISOString()}::timestamptz`,
    sql`se.impersonator_id is null`,
    sql`se.scope = 'full'`,
    sql`u.role = 'learner'`,
  ];
  if (f.olympiadId != null) c.push(sql`u.olympiad_id = ${f.olympiadId}`);
  if (f.schoolId != null) c.push(sql`u.school_id = ${f.schoolId}`);
  return sql`select se.created_at as at, u.olympiad_id, u.school_id
    from sessions se join users u on u.id = se.user_id where ${sql.join(c, sql` and `)}`;
}

function failures(f: LoginFilter): SQL {
  const c: SQL[] = [
    sql`sf.at >= ${f.from.toISOString()}::timestamptz`,
    sql`sf.at < ${f.to.toISOString()}::timestamptz`,
  ];
  if (f.olympiadId != null) c.push(sql`sf.olympiad_id = ${f.olympiadId}`);
  if (f.schoolId != null) c.push(sql`sf.school_id = ${f.schoolId}`);
  return sql`select sf.at, sf.olympiad_id, sf.school_id from signin_failures sf where ${sql.join(c, sql` and `)}`;
}

const ZONE = 'Africa/Johannesburg';

/** One bucket: its start, and the sign-ins and failures in it. */
const PointRow = z.object({ at: z.date(), signins: z.number(), failures: z.number() });

/** Sign-ins and failures per hour or day (South African time), every bucket of the window, empty ones too. */
export function loginSeries(q: Queryable, f: LoginFilter) {
  const unit = sql.raw(`'${f.bucket}'`);
  const step = sql.raw(`'1 ${f.bucket}'::interval`);
  const local = (column: SQL) => sql`date_trunc(${unit}, (${column}) at time zone ${ZONE}::text)`;
  return rows(
    q,
    PointRow,
    sql`with s as (select ${local(sql`at`)} as b, count(*)::int as n from (${signins(f)}) x group by 1),
             fl as (select ${local(sql`at`)} as b, count(*)::int as n from (${failures(f)}) y group by 1)
        select g at time zone ${ZONE}::text as at, coalesce(s.n, 0) as signins, coalesce(fl.n, 0) as failures
        from generate_series(${local(sql`${f.from.toISOString()}::timestamptz`)},
                             ${local(sql`${f.to.toISOString()}::timestamptz - interval '1 microsecond'`)}, ${step}) g
        left join s on s.b = g left join fl on fl.b = g
        order by g`,
  );
}

/** One olympiad and school (none: a failure with no known school), with the count of every such row. */
const LoginRow = z.object({
  olympiadId: createSelectSchema(olympiads).shape.id,
  olympiadName: createSelectSchema(olympiads).shape.varName,
  olympiadTitle: createSelectSchema(olympiads).shape.title,
  schoolId: createSelectSchema(schools).shape.id.nullable(),
  schoolName: createSelectSchema(schools).shape.name.nullable(),
  signins: z.number(),
  failures: z.number(),
  lastAt: z.date().nullable(),
  total: z.number(),
});
export type LoginRow = z.infer<typeof LoginRow>;

/** Sign-ins and failures per olympiad and school, the busiest first; `limit` null for the whole table. */
export function loginTable(q: Queryable, f: LoginFilter, page: { limit: number | null; offset: number }) {
  return rows(
    q,
    LoginRow,
    sql`with s as (select olympiad_id, school_id, count(*)::int as n, max(at) as last
                   from (${signins(f)}) x group by 1, 2),
             fl as (select olympiad_id, school_id, count(*)::int as n, max(at) as last
                    from (${failures(f)}) y group by 1, 2),
             t as (select coalesce(s.olympiad_id, fl.olympiad_id) as olympiad_id,
                          coalesce(s.school_id, fl.school_id) as school_id,
                          coalesce(s.n, 0) as signins, coalesce(fl.n, 0) as failures,
                          greatest(s.last, fl.last) as last
                   from s full join fl on fl.olympiad_id = s.olympiad_id and fl.school_id = s.school_id)
        select t.olympiad_id as "olympiadId", o.var_name as "olympiadName", o.title as "olympiadTitle",
               t.school_id as "schoolId", sc.name as "schoolName", t.signins, t.failures, t.last as "lastAt",
               count(*) over ()::int as total
        from t join olympiads o on o.id = t.olympiad_id left join schools sc on sc.id = t.school_id
        order by t.signins + t.failures desc, o.var_name, sc.name nulls last
        ${page.limit == null ? sql`` : sql`limit ${page.limit}`} offset ${page.offset}`,
  );
}
