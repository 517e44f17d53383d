import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { StartTimesQuery, SubmittedData } from '../../../contract/sitting.js';
import type { Db } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { conflict, notFound } from '../../http/errors.js';
import { audit } from '../../platform/audit.js';
import { sittingPolicy } from './policy.js';
import { iso } from './present.js';
import * as queries from './queries.js';
import { markAttempts, sweepOverdue } from './service.js';

/** The admin's and teacher's operations of the day. Other olympiads' records answer 404, unchanged. */

async function administeredOlympiad(db: Db, actor: Actor, olympiadId: number) {
  const olympiad = await queries.olympiadById(db, olympiadId);
  if (!olympiad || !sittingPolicy.canAdminister(actor, olympiad.id)) throw notFound('This olympiad');
  return olympiad;
}

/** A learner of an olympiad the actor administers (any other answers 404). */
async function administeredLearner(db: Db, actor: Actor, learnerId: number, olympiadId?: number) {
  const learner = await queries.learnerById(db, learnerId);
  if (
    !learner ||
    learner.role !== 'learner' ||
    learner.olympiad_id == null ||
    (olympiadId != null && learner.olympiad_id !== olympiadId) ||
    !sittingPolicy.canAdminister(actor, learner.olympiad_id)
  ) {
    throw notFound('This learner');
  }
  const olympiad = (await queries.olympiadById(db, learner.olympiad_id))!;
  return { learner, olympiad };
}

export async function startTimes(db: Db, actor: Actor, query: z.infer<typeof StartTimesQuery>) {
  const olympiad = await administeredOlympiad(db, actor, query.olympiadId);
  await sweepOverdue(db, { olympiadId: olympiad.id });
  const found = await queries.startTimes(db, { ...query, olympiadId: olympiad.id });
  return {
    success: true as const,
    items: found.map((r) => ({
      learnerId: r.learner_id,
      username: r.username,
      name: `${r.first_name} ${r.last_name}`.trim() || r.username,
      grade: r.grade,
      schoolId: r.school_id,
      schoolName: r.school_name,
      status: r.status,
      startedAt: iso(r.started_at),
      deadlineAt: iso(r.deadline_at),
      finishedAt: iso(r.finished_at),
      finishReason: r.finish_reason,
      extraMinutes: r.extra_minutes ?? 0,
      lastSeenAt: iso(r.last_seen_at),
      ipChanges: r.ip_changes ?? 0,
      score: r.score,
      maxScore: r.max_score,
    })),
    total: found[0]?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
  };
}

export async function counts(db: Db, actor: Actor, olympiadId: number) {
  const olympiad = await queries.olympiadById(db, olympiadId);
  const entered =
    olympiad != null && actor.role === 'teacher' && actor.schoolId != null
      ? await queries.isSchoolInOlympiad(db, actor.schoolId, olympiad.id)
      : false;
  const scope = olympiad ? sittingPolicy.countsScope(actor, olympiad.id, entered) : null;
  if (!olympiad || !scope) throw notFound('This olympiad');
  await sweepOverdue(db, { olympiadId: olympiad.id });
  return { success: true as const, ...(await queries.sittingCounts(db, olympiad.id, scope.schoolId)) };
}

export async function reset(db: Db, actor: Actor, req: FastifyRequest, olympiadId: number, learnerId: number) {
  await administeredOlympiad(db, actor, olympiadId);
  const { learner } = await administeredLearner(db, actor, learnerId, olympiadId);
  await db.transaction(async (tx) => {
    const [deleted] = await queries.deleteAttempt(tx, olympiadId, learner.id);
    await audit(tx, actor, {
      action: 'attempt.reset',
      entity: 'user',
      entityId: learner.id,
      olympiadId,
      ip: req.ip,
      data: deleted
        ? {
            attemptId: deleted.id,
            startedAt: iso(deleted.started_at),
            finishedAt: iso(deleted.finished_at),
            score: deleted.score,
          }
        : { attemptId: null },
    });
  });
  return { success: true as const, message: `The attempt of ${learner.username} was reset; they can write again.` };
}

export async function submittedData(db: Db, actor: Actor, learnerId: number): Promise<z.infer<typeof SubmittedData>> {
  const { learner, olympiad } = await administeredLearner(db, actor, learnerId);
  await sweepOverdue(db, { olympiadId: olympiad.id });
  const attempt = await queries.attemptOf(db, olympiad.id, learner.id);
  const answers = await queries.submittedAnswers(db, olympiad.id, attempt?.id ?? null);
  return {
    success: true,
    learner: {
      id: learner.id,
      username: learner.username,
      name: `${learner.first_name} ${learner.last_name}`.trim() || learner.username,
      schoolName: learner.school_name,
    },
    attempt: attempt
      ? {
          status: attempt.finished_at ? 'finished' : attempt.started_at ? 'writing' : 'not_started',
          startedAt: iso(attempt.started_at),
          deadlineAt: iso(attempt.deadline_at),
          finishedAt: iso(attempt.finished_at),
          finishReason: attempt.finish_reason,
          score: attempt.score,
          maxScore: attempt.max_score,
          moduleScores: attempt.module_scores ?? [],
          ipChanges: attempt.ip_changes,
          feedback: attempt.feedback_at ? { rating: attempt.feedback_rating, comment: attempt.feedback_comment } : null,
        }
      : null,
    answers: answers.map((a) => ({
      questionId: a.question_id,
      moduleId: a.module_id,
      type: a.type,
      prompt: a.prompt,
      marks: a.marks,
      value: a.value,
      flagged: a.flagged ?? false,
      savedAt: iso(a.saved_at),
      marksAwarded: a.marks_awarded,
      answerKey: a.answer_key,
    })),
  };
}

export async function setExtraTime(db: Db, actor: Actor, req: FastifyRequest, learnerId: number, minutes: number) {
  const { learner, olympiad } = await administeredLearner(db, actor, learnerId);
  return db.transaction(async (tx) => {
    const attempt = await queries.attemptOf(tx, olympiad.id, learner.id);
    if (attempt?.finished_at) {
      throw conflict('This learner has already finished; reset their attempt instead if they should write again.');
    }
    const row = await queries.setExtraMinutes(tx, olympiad, learner.id, minutes);
    await audit(tx, actor, {
      action: 'attempt.extra-time',
      entity: 'user',
      entityId: learner.id,
      olympiadId: olympiad.id,
      ip: req.ip,
      data: { from: attempt?.extra_minutes ?? 0, to: minutes, deadlineAt: iso(row.deadline_at) },
    });
    return { success: true as const, extraMinutes: row.extra_minutes, deadlineAt: iso(row.deadline_at) };
  });
}

/** Re-marks every finished attempt of an olympiad in one transaction, e.g. after an answer key is corrected. */
export async function remark(db: Db, actor: Actor, req: FastifyRequest, olympiadId: number) {
  const olympiad = await administeredOlympiad(db, actor, olympiadId);
  await sweepOverdue(db, { olympiadId: olympiad.id });
  const remarked = await db.transaction(async (tx) => {
    const ids = await queries.finishedAttemptIds(tx, olympiad.id);
    await markAttempts(tx, olympiad.id, ids);
    await audit(tx, actor, {
      action: 'olympiad.remark',
      entity: 'olympiad',
      entityId: olympiad.id,
      olympiadId: olympiad.id,
      ip: req.ip,
      data: { attempts: ids.length },
    });
    return ids.length;
  });
  return { success: true as const, remarked };
}
