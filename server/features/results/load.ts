import { AwardRule, defaultAwardRule } from '#contract/results';
import type { Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { forbidden, notFound, olympiadNotFound } from '../../http/errors.js';
import { defineLoader } from '../../http/load.js';
import { type ResultsRecord, resultsPolicy } from './policy.js';
import { findResults, participantOf, participantOlympiad, type ResultsRow } from './queries.js';

export type ResultsOf = ResultsRow & ResultsRecord & { awardRule: AwardRule; defaultRule: boolean; bestN: number };

/** The saved rule (or the default one), read through the contract so that an old row cannot break a page. */
function withSettings(row: ResultsRow): Omit<ResultsOf, keyof ResultsRecord> {
  const saved = row.savedAwardRule ? AwardRule.safeParse(row.savedAwardRule) : null;
  return {
    ...row,
    awardRule: saved?.success ? saved.data : defaultAwardRule,
    defaultRule: !saved?.success,
    bestN: row.topSchoolsBestN ?? 5,
  };
}

async function resultsOf(q: Queryable, olympiadId: number): Promise<ResultsOf | null> {
  const row = await findResults(q, olympiadId);
  return row && { ...withSettings(row), olympiadId, publishedAt: row.publishedAt };
}

/** An olympiad's results, for its admins (and the overlord): any other olympiad answers 404. */
export const resultsLoader = defineLoader({
  what: 'This olympiad',
  policy: resultsPolicy,
  find: (q, olympiadId: number) => resultsOf(q, olympiadId),
});

/** The results of the olympiad a learner wrote, for their own result: any other olympiad answers 404. */
export async function ownResults(q: Queryable, actor: Actor, olympiadId: number): Promise<ResultsOf> {
  const found = await resultsOf(q, olympiadId);
  if (!found || !resultsPolicy.can(actor, 'readOwn', { ...found, userId: actor.userId })) throw olympiadNotFound();
  return found;
}

/**
 * The results a caller of the downloads reads: an admin the whole olympiad (or one school participant of it,
 * `schoolParticipantId`), a teacher their own school's, only once published (403 before, saying so). A school or
 * olympiad out of reach answers 404.
 */
export async function readableResults(
  q: Queryable,
  actor: Actor,
  olympiadId: number,
  schoolParticipantId: number | undefined,
): Promise<{ results: ResultsOf; schoolParticipantId: number | null }> {
  const base = await resultsOf(q, olympiadId);
  if (!base) throw olympiadNotFound();
  if (resultsPolicy.can(actor, 'readAll', base)) {
    if (schoolParticipantId != null && (await participantOlympiad(q, schoolParticipantId)) !== olympiadId)
      throw notFound('This school participant');
    return { results: base, schoolParticipantId: schoolParticipantId ?? null };
  }
  const participant =
    actor.role === 'teacher' && actor.schoolId != null ? await participantOf(q, olympiadId, actor.schoolId) : null;
  if (participant == null || (schoolParticipantId != null && schoolParticipantId !== participant))
    throw olympiadNotFound();
  const record = { ...base, schoolId: actor.schoolId };
  if (!resultsPolicy.can(actor, 'read', record)) {
    if (resultsPolicy.can(actor, 'read', { ...record, publishedAt: new Date() }))
      throw forbidden('The results of this olympiad are not published yet');
    throw olympiadNotFound();
  }
  return { results: record, schoolParticipantId: participant };
}
