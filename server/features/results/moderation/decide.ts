import type { z } from 'zod';
import type { DecisionBody } from '#contract/moderation';
import type { Queryable } from '../../../db/client.js';
import type { Actor } from '../../../http/actor.js';
import { conflict, invalid, notFound } from '../../../http/errors.js';
import type { AuditAction, AuditDetails } from '../../../platform/audit.js';
import { isoOrNull } from '../../../platform/dates.js';
import * as queries from './attempt-queries.js';

type Decision = z.output<typeof DecisionBody>;

const state = (a: queries.AttemptRecord) => ({
  startedAt: isoOrNull(a.startedAt),
  finishedAt: isoOrNull(a.finishedAt),
  score: a.score,
  maxScore: a.maxScore,
});

/** A decision as the audit rows have always recorded it (its table's column names). */
const recorded = (d: { decision: string; adjustedScore: number | null; reason: string } | null) =>
  d && { decision: d.decision, adjusted_score: d.adjustedScore, reason: d.reason };

/**
 * The admin's decision on an attempt, in the route's transaction with its audit row (before and after). A reset
 * empties the attempt so the learner writes again. Answers the sentence the admin sees.
 */
export async function decide(
  tx: Queryable,
  actor: Actor,
  attemptId: number,
  body: Decision,
  audit: (action: AuditAction, details?: AuditDetails) => Promise<void>,
): Promise<string> {
  const attempt = await queries.lockAttempt(tx, attemptId);
  if (!attempt) throw notFound('This attempt');
  const [learner] = await queries.pairAttempts(tx, [attempt.id]);
  const name = `${learner?.firstName ?? ''} ${learner?.lastName ?? ''}`.trim() || (learner?.username ?? 'The learner');
  const before = { decision: recorded(await queries.decisionOf(tx, attempt.id)), attempt: state(attempt) };

  let adjustedScore: number | null = null;
  let answersDeleted = 0;
  if (body.decision === 'adjusted') {
    if (attempt.finishedAt == null || attempt.maxScore == null)
      throw conflict('This attempt has no marked score to adjust (it is not finished, or was reset)');
    adjustedScore = body.adjustedScore!;
    if (adjustedScore > attempt.maxScore)
      throw invalid([{ path: 'body.adjustedScore', message: `The score can be at most ${attempt.maxScore}` }]);
  }
  if (body.decision === 'reset') {
    if (attempt.startedAt == null && attempt.finishedAt == null)
      throw conflict('This attempt is empty already: the learner can write');
    answersDeleted = await queries.emptyAttempt(tx, attempt.id);
  }
  const reason = body.decision === 'cleared' ? body.reason : body.reason.trim();
  await queries.saveDecision(
    tx,
    { attemptId: attempt.id, olympiadId: attempt.olympiadId, decision: body.decision, adjustedScore, reason },
    actor.userId,
  );
  const after = await queries.findAttempt(tx, attempt.id);
  await audit('attempt.moderate', {
    entityId: attempt.id,
    olympiadId: attempt.olympiadId,
    data: {
      learnerId: attempt.userId,
      before,
      after: { decision: recorded({ decision: body.decision, adjustedScore, reason }), attempt: state(after!) },
      ...(body.decision === 'reset' ? { answersDeleted } : {}),
    },
  });
  switch (body.decision) {
    case 'cleared':
      return `${name}’s attempt is cleared`;
    case 'adjusted':
      return `${name}’s score is adjusted to ${adjustedScore} of ${attempt.maxScore}`;
    case 'disqualified':
      return `${name} is disqualified`;
    case 'reset':
      return `${name}’s attempt was reset: they can write again`;
  }
}
