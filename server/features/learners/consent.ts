import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { type Queryable, rows } from '../../db/client.js';
import { type ConsentMethod, learnerConsents } from '../../db/schema/index.js';
import type { AuditActor } from '../../platform/audit.js';
import { type Reach, reachSql } from '../../http/reach.js';

/**
 * Records that the person loading these learners confirmed the school holds a parent's or guardian's consent for
 * each (decision 109): one row per learner, written in the loading's own transaction, in one statement per batch.
 */
export async function recordConsents(
  q: Queryable,
  actor: AuditActor,
  olympiadId: number,
  learnerIds: readonly number[],
  method: ConsentMethod,
): Promise<void> {
  for (let i = 0; i < learnerIds.length; i += 5000) {
    await q
      .insert(learnerConsents)
      .values(
        learnerIds.slice(i, i + 5000).map((userId) => ({ userId, olympiadId, method, confirmedBy: actor.userId })),
      )
      .onConflictDoNothing();
  }
}

/** One learner's consent record as the personal-data view shows it; null when none was recorded. */
export const ConsentRecord = z.object({
  olympiadId: z.number().int(),
  confirmedAt: z.date(),
  method: z.enum(['form', 'import']),
  confirmedById: z.number().int().nullable(),
  confirmedByName: z.string().nullable(),
  confirmedByEmail: z.string().nullable(),
});
export type ConsentRecord = z.infer<typeof ConsentRecord>;

/**
 * The consent record of one learner (who confirmed it, when, how), for the learner's personal-data view; the
 * caller has already checked that the actor may see the learner.
 */
export async function consentRecordOf(q: Queryable, learnerId: number): Promise<ConsentRecord | null> {
  const [row] = await rows(
    q,
    ConsentRecord,
    sql`select c.olympiad_id as "olympiadId", c.confirmed_at as "confirmedAt", c.method,
          c.confirmed_by as "confirmedById",
          nullif(trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')), '') as "confirmedByName",
          u.email as "confirmedByEmail"
        from learner_consents c left join users u on u.id = c.confirmed_by
        where c.user_id = ${learnerId}`,
  );
  return row ?? null;
}

/** How many learners within a reach have consent recorded, of how many. */
export async function consentCount(q: Queryable, reach: Reach) {
  const [row] = await rows(
    q,
    z.object({ learners: z.number().int(), recorded: z.number().int() }),
    sql`select count(*)::int as learners, count(c.user_id)::int as recorded
        from users u left join learner_consents c on c.user_id = u.id
        where u.role = 'learner' and ${reachSql(reach, sql`u.olympiad_id`, sql`u.school_id`)}`,
  );
  const learners = row?.learners ?? 0;
  const recorded = row?.recorded ?? 0;
  return { learners, recorded, missing: learners - recorded };
}
