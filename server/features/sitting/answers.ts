import type { FastifyRequest } from 'fastify';
import type { AnswerValue } from '#contract/questions';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict, invalid, notFound, notWhileActingAsLearner, olympiadNotFound } from '../../http/errors.js';
import { iso } from '../../platform/dates.js';
import { tokenHash } from '../../platform/secrets.js';
import type { AnswerSaves } from './answer-batches.js';
import * as queries from './answer-queries.js';
import { attemptOf } from './attempt-queries.js';
import { catalogue, catalogueByName } from './catalogue.js';
import { settle } from './finishing.js';
import type { QuestionRow } from './paper-queries.js';
import { sittingPolicy } from './policy.js';

export const timeUpMessage =
  'Time is up: answers can no longer be saved. Every answer saved before the deadline counts.';
export const finishedMessage = 'You have finished this olympiad; answers can no longer be changed.';

/** Why an answer does not fit its question (wrong type, an option it does not have), or null. */
function answerProblem(question: QuestionRow, value: AnswerValue): { path: string; message: string } | null {
  if (question.type !== value.type) {
    return { path: 'body.value.type', message: `This question takes a ${question.type} answer` };
  }
  const chosen =
    value.type === 'single'
      ? value.optionId == null
        ? []
        : [value.optionId]
      : value.type === 'multiple'
        ? value.optionIds
        : [];
  if (chosen.some((id) => !question.options.some((o) => o.id === id))) {
    return { path: 'body.value', message: 'Choose among this question’s options' };
  }
  return null;
}

interface SaveAnswerInput {
  olympiadName: string;
  questionId: number;
  body: {
    value: AnswerValue;
    flagged: boolean;
    position?: { moduleIndex: number; questionIndex: number } | undefined;
  };
}

/**
 * Exam day's hottest call in one round trip (decision 019): the session check and the save in one statement, shared
 * with the saves that arrive beside it (decision 063). Answers undefined, having written nothing, unless everything
 * holds; `saveAnswer` then explains.
 */
export async function saveAnswerFast(
  db: Db,
  saves: AnswerSaves,
  secret: string,
  req: FastifyRequest,
  token: string,
  input: SaveAnswerInput,
) {
  const paperOf = await catalogueByName(db, input.olympiadName);
  const question = paperOf?.byId.get(input.questionId);
  if (!paperOf || !question || answerProblem(question, input.body.value)) return undefined;
  const saved = await saves.save({
    tokenHash: tokenHash(secret, token),
    olympiadId: paperOf.olympiad.id,
    questionId: question.id,
    value: input.body.value,
    flagged: input.body.flagged,
    position: input.body.position ?? null,
    ip: req.ip,
  });
  if (!saved) return undefined;
  return {
    success: true as const,
    questionId: question.id,
    savedAt: iso(saved.savedAt),
    deadlineAt: iso(saved.deadlineAt),
  };
}

/**
 * Saves one answer: the question is checked against the cached paper, then one statement saves it; when
 * nothing was saved, says why. The route tries `saveAnswerFast` first.
 */
export async function saveAnswer(db: Db, actor: Actor, req: FastifyRequest, input: SaveAnswerInput) {
  const paperOf = actor.olympiadId ? await catalogue(db, actor.olympiadId) : null;
  if (!paperOf || paperOf.olympiad.varName !== input.olympiadName.toLowerCase()) throw olympiadNotFound();
  if (!sittingPolicy.can(actor, 'sit', { olympiadId: paperOf.olympiad.id })) throw notWhileActingAsLearner();
  const question = paperOf.byId.get(input.questionId);
  if (!question) throw notFound('This question');
  const { value } = input.body;
  const problem = answerProblem(question, value);
  if (problem) throw invalid([problem]);
  const saved = await queries.saveAnswer(db, {
    userId: actor.userId,
    olympiadId: paperOf.olympiad.id,
    questionId: question.id,
    value,
    flagged: input.body.flagged,
    position: input.body.position ?? null,
    ip: req.ip,
  });
  if (saved) {
    return {
      success: true as const,
      questionId: question.id,
      savedAt: iso(saved.savedAt),
      deadlineAt: iso(saved.deadlineAt),
    };
  }
  // Nothing saved: say why.
  const attempt = await attemptOf(db, paperOf.olympiad.id, actor.userId);
  if (!attempt?.startedAt) throw conflict('Open the questions first: your writing time has not started.');
  if (attempt.finishedAt) throw conflict(attempt.finishReason === 'time_up' ? timeUpMessage : finishedMessage);
  if (attempt.overdue) {
    await settle(db, attempt);
    throw conflict(timeUpMessage);
  }
  throw conflict('Your answer could not be saved just now; please try again.');
}
