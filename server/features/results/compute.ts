import type { AwardRule, TopSchool } from '#contract/results';
import type { Queryable } from '../../db/client.js';
import { finalScores, schoolsOf, snapshotScores } from './queries.js';
import { standings, topSchools } from './standings.js';

/** The standings a rule gives on the olympiad's final scores now (preview and publish compute the same). */
export async function liveStandings(q: Queryable, olympiadId: number, rule: AwardRule) {
  const scores = await finalScores(q, olympiadId);
  const ranked = standings(scores, rule);
  return ranked.map((s, i) => ({ ...s, moduleScores: scores[i]!.moduleScores }));
}

/** The top schools: from the published snapshot when there is one, else from the final scores now. */
export async function topSchoolsOf(
  q: Queryable,
  olympiadId: number,
  bestN: number,
  published: boolean,
): Promise<{ source: 'published' | 'live'; items: TopSchool[] }> {
  const [schools, list] = await Promise.all([
    schoolsOf(q, olympiadId),
    published ? snapshotScores(q, olympiadId) : finalScores(q, olympiadId),
  ]);
  return { source: published ? 'published' : 'live', items: topSchools(list, schools, bestN) };
}
