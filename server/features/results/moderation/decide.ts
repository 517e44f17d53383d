import type { z } from 'zod';
import type { DecisionBody } from '#contract/moderation';
import type { Queryable } from '../../../db/client.js';
import type { Actor } from '../../../http/actor.js';
import { conflict, invalid, notFound } from '../../../http/errors.js';
import type { AuditAction, AuditDetails } from '../../../platform/audit.js';
import { isoOrNull } from '../../../platform/dates.js';
import * as queries from './queries.js';

type Decision = z.output<typeof DecisionBody>;

const state = (a: queries.AttemptRecordRow) => ({
  startedAt: isoOrNull(a.started_at),
  finishedAt: isoOrNull(a.finished_at),
  score: a.score,
  maxScore: a.max_score,
});

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
  const name =
    `${learner?.first_name ?? ''} ${learner?.last_name ?? ''}`.trim() || (learner?.username ?? 'The learner');
  const before = { decision: await queries.decisionOf(tx, attempt.id), attempt: state(attempt) };

  let adjustedScore: number | null = null;
  let answersDeleted = 0;
  if (body.decision === 'adjusted') {
    if (attempt.finished_at == null || attempt.max_score == null)
      throw conflict('This attempt has no marked score to adjust (it is not finished, or was reset)');
    adjustedScore = body.adjustedScore!;
    if (adjustedScore > attempt.max_score)
      throw invalid([{ path: 'body.adjustedScore', message: `The score can be at most ${attempt.max_score}` }]);
  }
  if (body.decision === 'reset') {
    if (attempt.started_at == null && attempt.finished_at == null)
      throw conflict('This attempt is empty already: the learner can write');
    answersDeleted = await queries.emptyAttempt(tx, attempt.id);
  }
  const reason = body.decision === 'cleared' ? body.reason : body.reason.trim();
  await queries.saveDecision(
    tx,
    { attemptId: attempt.id, olympiadId: attempt.olympiad_id, decision: body.decision, adjustedScore, reason },
    actor.userId,
  );
  const after = await queries.findAttempt(tx, attempt.id);
  await audit('attempt.moderate', {
    entityId: attempt.id,
    olympiadId: attempt.olympiad_id,
    data: {
      learnerId: attempt.user_id,
      before,
      after: { decision: { decision: body.decision, adjusted_score: adjustedScore, reason }, attempt: state(after!) },
      ...(body.decision === 'reset' ? { answersDeleted } : {}),
    },
  });
  switch (body.decision) {
    case 'cleared':
      return `${name}’s attempt is cleared`;
    case 'adjusted':
      return `${name}’s score is adjusted to ${adjustedScore} of ${attempt.max_score}`;
    case 'disqualified':
      return `${name} is disqualified`;
    case 'reset':
      return `${name}’s attempt was reset: they can write again`;
  }
}
