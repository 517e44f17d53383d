import { type SQL, sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { ModerationState } from '#contract/moderation';
import { type Queryable, intArray, rows } from '../../../db/client.js';
import {
  attemptModerations,
  attempts,
  moderationFlags,
  olympiadResults,
  schools,
  users,
} from '../../../db/schema/index.js';
import { containsPattern, offsetOf, orderBy, type Paging } from '../../../platform/paging.js';

/* SQL of what moderators read: the summary's counts, the moderated list, and the flags of its attempts. */

const SummaryCounts = z.object({
  finished: z.number(),
  computedAt: createSelectSchema(olympiadResults).shape.flagsComputedAt,
  flagged: z.number(),
  similarity: z.number(),
  fastFinish: z.number(),
  ipChanges: z.number(),
  concurrentSessions: z.number(),
  undecided: z.number(),
  cleared: z.number(),
  adjusted: z.number(),
  disqualified: z.number(),
  reset: z.number(),
});
export type SummaryCounts = z.infer<typeof SummaryCounts>;

/** Counts for the summary: attempts per flag kind (a pair counts both learners) and per decision. */
export async function summaryCounts(q: Queryable, olympiadId: number): Promise<SummaryCounts> {
  const [row] = await rows(
    q,
    SummaryCounts,
    sql`with flagged as (
          select attempt_id, kind from moderation_flags where olympiad_id = ${olympiadId}
          union select other_attempt_id, kind from moderation_flags
            where olympiad_id = ${olympiadId} and other_attempt_id is not null
        ), decided as (select attempt_id, decision from attempt_moderations where olympiad_id = ${olympiadId})
        select
          (select count(*)::int from attempts where olympiad_id = ${olympiadId} and finished_at is not null) as finished,
          (select flags_computed_at from olympiad_results where olympiad_id = ${olympiadId}) as computed_at,
          (select count(distinct attempt_id)::int from flagged) as flagged,
          (select count(distinct attempt_id)::int from flagged where kind = 'similarity') as similarity,
          (select count(distinct attempt_id)::int from flagged where kind = 'fast_finish') as fast_finish,
          (select count(distinct attempt_id)::int from flagged where kind = 'ip_changes') as ip_changes,
          (select count(distinct attempt_id)::int from flagged where kind = 'concurrent_sessions')
            as concurrent_sessions,
          (select count(distinct f.attempt_id)::int from flagged f
             where not exists (select 1 from decided d where d.attempt_id = f.attempt_id)) as undecided,
          (select count(*)::int from decided where decision = 'cleared') as cleared,
          (select count(*)::int from decided where decision = 'adjusted') as adjusted,
          (select count(*)::int from decided where decision = 'disqualified') as disqualified,
          (select count(*)::int from decided where decision = 'reset') as reset`,
  );
  return row!;
}

const decisions = createSelectSchema(attemptModerations).shape;

/**
 * An attempt as the moderated list shows it: the learner, their school, the marks, the decision (who and when),
 * the strongest flag's strength, and how many attempts the filter found (`total`).
 */
const ModeratedRow = createSelectSchema(attempts)
  .pick({ score: true, maxScore: true, startedAt: true, finishedAt: true })
  .extend({
    ...createSelectSchema(users).pick({ firstName: true, lastName: true, username: true, grade: true }).shape,
    attemptId: createSelectSchema(attempts).shape.id,
    userId: createSelectSchema(users).shape.id,
    schoolId: createSelectSchema(schools).shape.id.nullable(),
    schoolName: createSelectSchema(schools).shape.name.nullable(),
    decision: decisions.decision.nullable(),
    adjustedScore: decisions.adjustedScore,
    reason: decisions.reason.nullable(),
    decidedBy: z.string().nullable(),
    decidedAt: decisions.decidedAt.nullable(),
    strength: z.number().nullable(),
    total: z.number(),
  });
export type ModeratedRow = z.infer<typeof ModeratedRow>;

const moderatedColumns = sql`a.id as attempt_id, u.id as user_id, u.first_name, u.last_name, u.username,
  s.id as school_id, s.name as school_name, u.grade, a.score, a.max_score, a.started_at, a.finished_at,
  m.decision, m.adjusted_score, m.reason, m.decided_at,
  nullif(btrim(coalesce(d.first_name, '') || ' ' || coalesce(d.last_name, '')), '') as decided_by`;

const moderatedJoins = sql`join users u on u.id = a.user_id
  left join schools s on s.id = u.school_id
  left join attempt_moderations m on m.attempt_id = a.id
  left join users d on d.id = m.decided_by`;

/** The attempts flagged (either side of a pair) of an olympiad, with the strongest flag's strength. */
const flaggedCte = (olympiadId: number) => sql`flagged as (
  select attempt_id, kind, strength from moderation_flags where olympiad_id = ${olympiadId}
  union all
  select other_attempt_id, kind, strength from moderation_flags where olympiad_id = ${olympiadId} and other_attempt_id is not null
)`;

const stateFilter = (state: ModerationState | undefined): SQL => {
  switch (state) {
    case undefined:
      return sql`(f.attempt_id is not null or m.attempt_id is not null)`;
    case 'flagged':
      return sql`f.attempt_id is not null`;
    case 'undecided':
      return sql`f.attempt_id is not null and m.attempt_id is null`;
    default:
      return sql`m.decision = ${state}`;
  }
};

/** `participant/api/moderated`: attempts with a decision, or flagged; paged, filtered, searched, sorted. */
export async function moderated(
  q: Queryable,
  olympiadId: number,
  p: Paging & { state?: ModerationState | undefined; kind?: string | undefined },
): Promise<ModeratedRow[]> {
  const where: SQL[] = [sql`a.olympiad_id = ${olympiadId}`, stateFilter(p.state)];
  if (p.kind) where.push(sql`a.id in (select attempt_id from flagged where kind = ${p.kind})`);
  if (p.search?.trim()) {
    const like = containsPattern(p.search);
    where.push(
      sql`(lower(u.first_name || ' ' || u.last_name) like ${like} or lower(u.username) like ${like}
           or lower(coalesce(s.name, '')) like ${like})`,
    );
  }
  const sorts = {
    strength: sql`f.strength`,
    learner: sql`lower(u.last_name || ' ' || u.first_name)`,
    school: sql`lower(s.name)`,
    score: sql`a.score`,
    decidedAt: sql`m.decided_at`,
  };
  // The strongest flags first unless another order is asked for.
  const paging = { ...p, order: p.sort ? p.order : ('desc' as const) };
  return rows(
    q,
    ModeratedRow,
    sql`with ${flaggedCte(olympiadId)},
        strongest as (select attempt_id, max(strength) as strength from flagged group by attempt_id)
        select ${moderatedColumns}, f.strength, count(*) over ()::int as total
        from attempts a ${moderatedJoins}
        left join strongest f on f.attempt_id = a.id
        where ${sql.join(where, sql` and `)}
        order by ${orderBy(paging, sorts, 'strength', sql`a.id`)}
        limit ${p.pageSize} offset ${offsetOf(p)}`,
  );
}

/** One attempt as the moderated list shows it (after a decision). */
export async function moderatedAttempt(q: Queryable, attemptId: number): Promise<ModeratedRow | null> {
  const [row] = await rows(
    q,
    ModeratedRow,
    sql`select ${moderatedColumns}, null::real as strength, 1 as total
        from attempts a ${moderatedJoins} where a.id = ${attemptId}`,
  );
  return row ?? null;
}

/** A flag seen from one of its attempts (`forAttempt`), with the partner of a similarity flag named. */
const FlagRow = createSelectSchema(moderationFlags)
  .pick({ attemptId: true, kind: true, otherAttemptId: true, strength: true, evidence: true, computedAt: true })
  .extend({
    forAttempt: createSelectSchema(attempts).shape.id,
    partnerId: createSelectSchema(attempts).shape.id.nullable(),
    partnerName: z.string().nullable(),
    partnerUsername: createSelectSchema(users).shape.username.nullable(),
  });
export type FlagRow = z.infer<typeof FlagRow>;

/** The flags of these attempts (both sides of a pair), strongest first, with each pair's partner named. */
export const flagsOf = async (q: Queryable, attemptIds: number[]): Promise<FlagRow[]> =>
  attemptIds.length === 0
    ? []
    : rows(
        q,
        FlagRow,
        sql`with mine as (
              select f.*, f.attempt_id as for_attempt, f.other_attempt_id as partner_id from moderation_flags f
                where f.attempt_id = any(${intArray(attemptIds)})
              union all
              select f.*, f.other_attempt_id as for_attempt, f.attempt_id as partner_id from moderation_flags f
                where f.other_attempt_id = any(${intArray(attemptIds)})
            )
            select m.attempt_id, m.kind, m.other_attempt_id, m.strength, m.evidence, m.computed_at, m.for_attempt,
                   m.partner_id, btrim(pu.first_name || ' ' || pu.last_name) as partner_name,
                   pu.username as partner_username
            from mine m left join attempts pa on pa.id = m.partner_id left join users pu on pu.id = pa.user_id
            order by m.for_attempt, m.strength desc`,
      );
