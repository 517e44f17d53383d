import type { FastifyRequest } from 'fastify';
import { distinctPairs } from '#contract/interactions';
import { count } from '#contract/numbers';
import type { AnswerValue, QuestionType } from '#contract/questions';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict, invalid, notFound, notWhileActingAsLearner, olympiadNotFound } from '../../http/errors.js';
import { iso } from '../../platform/dates.js';
import { tokenHash } from '../../platform/secrets.js';
import type { AnswerSaves } from './answer-batches.js';
import type { SavedAnswer } from './answer-queries.js';
import * as queries from './answer-queries.js';
import { attemptOf } from './attempt-queries.js';
import { catalogue, catalogueByName } from './catalogue.js';
import { settle } from './finishing.js';
import { saveLateAnswer } from './offline.js';
import type { QuestionRow } from './paper-queries.js';
import { sittingPolicy } from './policy.js';

export const timeUpMessage =
  'Time is up: answers can no longer be saved. Every answer saved before the deadline counts.';
export const finishedMessage = 'You have finished this olympiad; answers can no longer be changed.';

/** What each type of question takes, as a learner's message says it. */
const takes: Record<QuestionType, string> = {
  single: 'a single answer',
  multiple: 'a multiple-choice answer',
  true_false: 'true or false',
  numeric: 'a number',
  short_text: 'a short text',
  hotspot: 'areas chosen on the picture',
  select_point: 'a point on the picture',
  graphic_gap_match: 'labels put on the picture',
  gap_match: 'words put in the gaps',
  order: 'the items in order',
  match: 'pairs of items',
  inline_choice: 'a choice for the gap',
};

/**
 * Why an answer does not fit its question, or null: a value of another type, an option, place, gap or item the
 * question does not have, more areas than may be chosen, an item in more pairs than it may be in, an item twice in
 * an order, a point off the picture. Such an answer is refused (400), never stored: what is stored is an answer the
 * learner's page could have given. A partial answer (some gaps still empty) fits.
 */
export function answerProblem(question: QuestionRow, value: AnswerValue): { path: string; message: string } | null {
  if (question.type !== value.type) {
    return { path: 'body.value.type', message: `This question takes ${takes[question.type]}` };
  }
  const options = question.options ?? [];
  const targets = question.targets ?? [];
  const hasOption = (id: string) => options.some((o) => o.id === id);
  const chosen =
    value.type === 'single' || value.type === 'inline_choice'
      ? value.optionId == null
        ? []
        : [value.optionId]
      : value.type === 'multiple' || value.type === 'hotspot' || value.type === 'order'
        ? value.optionIds
        : [];
  if (chosen.some((id) => !hasOption(id))) {
    const among = { hotspot: 'areas', order: 'items', inline_choice: 'choices' } as Partial<Record<string, string>>;
    return { path: 'body.value', message: `Choose among this question’s ${among[value.type] ?? 'options'}` };
  }
  switch (value.type) {
    case 'hotspot': {
      const n = new Set(value.optionIds).size;
      if (question.maxChoices > 0 && n > question.maxChoices)
        return { path: 'body.value.optionIds', message: `Choose at most ${count(question.maxChoices, 'area')}` };
      return null;
    }
    case 'order':
      return new Set(value.optionIds).size === value.optionIds.length
        ? null
        : { path: 'body.value.optionIds', message: 'Put each item in the order once' };
    case 'select_point': {
      const p = value.point;
      if (!p) return null;
      const { imageWidth: w, imageHeight: h } = question;
      return w != null && h != null && (p.x > w || p.y > h)
        ? { path: 'body.value.point', message: 'Choose a point on the picture' }
        : null;
    }
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match': {
      const pairs = distinctPairs(value.pairs);
      if (pairs.some((p) => !hasOption(p.source) || !targets.some((t) => t.id === p.target)))
        return { path: 'body.value.pairs', message: 'Pair only this question’s own labels, words or items' };
      const over = (limit: number | undefined, n: number) => limit !== 0 && n > (limit ?? 1);
      if (options.some((o) => over(o.matchMax, pairs.filter((p) => p.source === o.id).length)))
        return {
          path: 'body.value.pairs',
          message: 'One of the labels, words or items is used more often than it may be',
        };
      if (targets.some((t) => over(t.matchMax, pairs.filter((p) => p.target === t.id).length)))
        return { path: 'body.value.pairs', message: 'One of the places, gaps or items holds more than it may' };
      return null;
    }
    default:
      return null;
  }
}

interface SaveAnswerInput {
  olympiadName: string;
  questionId: number;
  body: {
    value: AnswerValue;
    flagged: boolean;
    position?: { moduleIndex: number; questionIndex: number } | undefined;
    givenAt?: string | undefined;
  };
}

/** When the device says the answer was given, as one form of ISO time (the contract checked its shape). */
const givenAtOf = (input: SaveAnswerInput) =>
  input.body.givenAt === undefined ? null : new Date(input.body.givenAt).toISOString();

/**
 * What a save answers: the answer stored, or, when the attempt holds one given later (another device's), that one
 * as kept; and whether it arrived after the deadline (decision 087).
 */
function presentSaved(questionId: number, saved: SavedAnswer, syncedLate: boolean) {
  return {
    success: true as const,
    questionId,
    savedAt: iso(saved.savedAt),
    deadlineAt: iso(saved.deadlineAt),
    syncedLate,
    ...(saved.kept ? { kept: { value: saved.value, flagged: saved.flagged, givenAt: iso(saved.givenAt) } } : {}),
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
    givenAt: givenAtOf(input),
  });
  return saved ? presentSaved(question.id, saved, false) : undefined;
}

/**
 * Saves one answer: the question is checked against the cached paper, then one statement saves it; when
 * nothing was saved, says why. The route tries `saveAnswerFast` first. After the deadline, an answer given before it
 * may still count (`graceMinutes`: OFFLINE_GRACE_MINUTES; offline.ts).
 */
export async function saveAnswer(
  db: Db,
  actor: Actor,
  req: FastifyRequest,
  input: SaveAnswerInput,
  graceMinutes: number,
) {
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
    givenAt: givenAtOf(input),
  });
  if (saved) return presentSaved(question.id, saved, false);
  // Nothing saved: say why.
  const attempt = await attemptOf(db, paperOf.olympiad.id, actor.userId);
  if (!attempt?.startedAt) throw conflict('Open the questions first: your writing time has not started.');
  const givenAt = givenAtOf(input);
  if (givenAt && (attempt.overdue || attempt.finishReason === 'time_up')) {
    const late = await saveLateAnswer(db, {
      olympiadId: paperOf.olympiad.id,
      userId: actor.userId,
      questionId: question.id,
      value,
      flagged: input.body.flagged,
      givenAt,
      graceMinutes,
    });
    if (late) return presentSaved(question.id, late, true);
  }
  if (attempt.finishedAt) throw conflict(attempt.finishReason === 'time_up' ? timeUpMessage : finishedMessage);
  if (attempt.overdue) {
    await settle(db, attempt);
    throw conflict(timeUpMessage);
  }
  throw conflict('Your answer could not be saved just now; please try again.');
}
