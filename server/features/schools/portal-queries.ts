import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import { AwardRule, NO_AWARD, PARTICIPATION, awardLabel, defaultAwardRule } from '#contract/results';
import type { PortalResults } from '#contract/schools';
import { type Queryable, rows } from '../../db/client.js';
import { learnerResults, olympiadResults, users } from '../../db/schema/index.js';
import { iso } from '../../platform/dates.js';

/* The teacher portal's summary of a school's published results: read from the published snapshot only. */

const TOP = 5;

const RuleRow = createSelectSchema(olympiadResults).pick({ awardRule: true, publishedAt: true });
const TallyRow = z.object({ award: createSelectSchema(learnerResults).shape.award, n: z.number() });
const TopRow = createSelectSchema(learnerResults)
  .pick({ grade: true, percent: true, rank: true, award: true, bestInSchool: true })
  .extend({ firstName: createSelectSchema(users).shape.firstName, lastName: createSelectSchema(users).shape.lastName });

/**
 * The school's part of an olympiad's published results: how many of its learners were ranked, the awards they got
 * (in the rule's order: its bands, participation, then none) and its best learners. Null while nothing is published.
 */
export async function portalResults(
  q: Queryable,
  olympiadId: number,
  participantId: number,
): Promise<PortalResults | null> {
  const [settings] = await rows(
    q,
    RuleRow,
    sql`select award_rule, published_at from olympiad_results where olympiad_id = ${olympiadId}`,
  );
  if (!settings?.publishedAt) return null;
  const [tallies, top] = await Promise.all([
    rows(
      q,
      TallyRow,
      sql`select award, count(*)::int as n from learner_results
          where olympiad_id = ${olympiadId} and school_participant_id = ${participantId} group by award`,
    ),
    rows(
      q,
      TopRow,
      sql`select lr.grade, lr.percent, lr.rank, lr.award, lr.best_in_school, u.first_name, u.last_name
          from learner_results lr join users u on u.id = lr.user_id
          where lr.olympiad_id = ${olympiadId} and lr.school_participant_id = ${participantId}
          order by lr.rank, u.last_name, u.first_name, lr.attempt_id limit ${TOP}`,
    ),
  ]);
  const parsed = AwardRule.safeParse(settings.awardRule);
  const rule = parsed.success ? parsed.data : defaultAwardRule;
  const order = [...rule.bands.map((b) => b.key), PARTICIPATION, NO_AWARD];
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return {
    publishedAt: iso(settings.publishedAt),
    ranked: tallies.reduce((sum, t) => sum + t.n, 0),
    awards: tallies
      .filter((t) => t.n > 0)
      .sort((a, b) => rank(a.award) - rank(b.award) || a.award.localeCompare(b.award))
      .map((t) => ({ key: t.award, label: awardLabel(rule, t.award), count: t.n })),
    top: top.map((t) => ({
      name: `${t.firstName} ${t.lastName}`.trim(),
      grade: t.grade,
      percent: t.percent,
      rank: t.rank,
      awardLabel: awardLabel(rule, t.award),
      bestInSchool: t.bestInSchool,
    })),
  };
}
