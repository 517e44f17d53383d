import { randomInt } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../contract/auth.js';
import type { Paper, SittingState } from '../../../contract/sitting.js';
import type { Db, Queryable } from '../../db/client.js';
import type { Actor } from '../../http/actor.js';
import { HttpError, conflict, forbidden, invalid, notFound } from '../../http/errors.js';
import { hashPin, verifyPassword } from '../../platform/passwords.js';
import { tokenHash } from '../../platform/secrets.js';
import { startSession } from '../../platform/sessions.js';
import { credentialRules, forgive, takeCredentialAttempt } from '../../platform/throttle.js';
import { catalogue, catalogueByName } from './catalogue.js';
import { markAttempt } from './marking.js';
import { sittingPolicy } from './policy.js';
import { iso, presentModules, presentSavedAnswer, presentState } from './present.js';
import * as queries from './queries.js';
import type { AttemptRow, OlympiadRow, QuestionRow } from './queries.js';

/* ---------------- the writing window ---------------- */

const when = (d: Date | string) =>
  new Date(d).toLocaleString('en-ZA', { timeZone: 'Africa/Johannesburg', dateStyle: 'long', timeStyle: 'short' });

/** Is the olympiad open for entry now, and if not, the sentence that says why. */
export function writingWindow(o: OlympiadRow, now = new Date()): { open: boolean; message: string | null } {
  if (!o.open) return { open: false, message: 'This olympiad is not open for writing at the moment.' };
  if (o.starts_at && new Date(o.starts_at) > now)
    return { open: false, message: `The olympiad opens on ${when(o.starts_at)} (SAST).` };
  if (o.ends_at && new Date(o.ends_at) <= now)
    return { open: false, message: `The writing window closed on ${when(o.ends_at)} (SAST).` };
  if (!o.duration_minutes)
    return { open: false, message: 'This olympiad has no writing time set yet; please ask the organisers.' };
  return { open: true, message: null };
}

function requireWindow(o: OlympiadRow): void {
  const w = writingWindow(o);
  if (!w.open) throw forbidden(w.message!);
}

/* ---------------- finishing and marking ---------------- */

/** Marks the given attempts of one olympiad and stores per-question, per-module and total marks. */
export async function markAttempts(q: Queryable, olympiadId: number, attemptIds: number[]): Promise<void> {
  if (attemptIds.length === 0) return;
  const questions = (await queries.markableQuestions(q, olympiadId)).map((r) => ({
    id: r.id,
    moduleId: r.module_id,
    marks: r.marks,
    answerKey: r.answer_key,
  }));
  const CHUNK = 500;
  for (let i = 0; i < attemptIds.length; i += CHUNK) {
    const ids = attemptIds.slice(i, i + CHUNK);
    const byAttempt = new Map<number, Map<number, queries.AnswerRow['value']>>(ids.map((id) => [id, new Map()]));
    for (const a of await queries.answersOfAttempts(q, ids)) byAttempt.get(a.attempt_id)?.set(a.question_id, a.value);
    const answerMarks: Array<{ a: number; q: number; m: number | null }> = [];
    const attemptMarks: Array<{ id: number; score: number; max: number; ms: unknown }> = [];
    for (const [attemptId, answers] of byAttempt) {
      const marked = markAttempt(questions, answers);
      for (const questionId of answers.keys()) {
        answerMarks.push({ a: attemptId, q: questionId, m: marked.perQuestion.get(questionId) ?? null });
      }
      attemptMarks.push({ id: attemptId, score: marked.score, max: marked.maxScore, ms: marked.moduleScores });
    }
    await queries.storeMarks(q, answerMarks, attemptMarks);
  }
}

/**
 * Finishes attempts and marks them in one transaction. The close takes each attempt's row lock, so a
 * save in flight either committed before (and is marked) or saves nothing.
 */
export async function finishAttempts(
  db: Db,
  attemptIds: number[],
  reason: 'submitted' | 'time_up' | 'admin',
): Promise<number> {
  return db.transaction(async (tx) => {
    const closed = await queries.closeAttempts(tx, attemptIds, reason, reason === 'time_up');
    await markClosed(tx, closed);
    return closed.length;
  });
}

async function markClosed(tx: Queryable, closed: Array<{ id: number; olympiad_id: number }>) {
  const byOlympiad = new Map<number, number[]>();
  for (const c of closed) byOlympiad.set(c.olympiad_id, [...(byOlympiad.get(c.olympiad_id) ?? []), c.id]);
  for (const [olympiadId, ids] of byOlympiad) await markAttempts(tx, olympiadId, ids);
}

/**
 * The sweep: finishes and marks overdue attempts, a batch at a time. `FOR UPDATE SKIP LOCKED` lets several
 * server processes sweep side by side without finishing an attempt twice.
 */
export async function sweepOverdue(db: Db, options: { olympiadId?: number; batch?: number } = {}): Promise<number> {
  const batch = options.batch ?? 200;
  let total = 0;
  for (;;) {
    const done = await db.transaction(async (tx) => {
      const locked = await queries.lockOverdue(tx, batch, options.olympiadId ?? null);
      const closed = await queries.closeAttempts(
        tx,
        locked.map((l) => l.id),
        'time_up',
        true,
      );
      await markClosed(tx, closed);
      return { locked: locked.length, closed: closed.length };
    });
    total += done.closed;
    if (done.locked < batch) return total;
  }
}

/** Starts the periodic sweep (unref'd, so it never holds the process open); answers a stop function. */
export function startSweep(app: FastifyInstance, seconds: number): () => void {
  if (seconds <= 0) return () => undefined;
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOverdue(app.db)
      .then((n) => {
        if (n > 0) app.log.info({ finished: n }, 'sitting sweep finished overdue attempts');
      })
      .catch((err: unknown) => app.log.warn({ err }, 'sitting sweep failed; it runs again on the next tick'))
      .finally(() => {
        running = false;
      });
  }, seconds * 1000);
  timer.unref();
  return () => clearInterval(timer);
}

/** An attempt past its deadline is finished on the spot (lazily), before anyone reads it. */
async function settle(db: Db, attempt: AttemptRow | null): Promise<AttemptRow | null> {
  if (!attempt?.overdue) return attempt;
  await finishAttempts(db, [attempt.id], 'time_up');
  return queries.attemptOf(db, attempt.olympiad_id, attempt.user_id);
}

/* ---------------- the learner's steps ---------------- */

/** Loads the learner's olympiad by its name; another olympiad (or none) answers 404. */
export async function learnerOlympiad(db: Db, actor: Actor, olympiadName: string, write = true): Promise<OlympiadRow> {
  const olympiad = await queries.olympiadByName(db, olympiadName);
  const allowed =
    olympiad && (write ? sittingPolicy.canSit(actor, olympiad.id) : sittingPolicy.canView(actor, olympiad.id));
  if (!olympiad || !allowed) {
    if (olympiad && sittingPolicy.canView(actor, olympiad.id))
      throw forbidden('You cannot write on a learner’s behalf while acting as them');
    throw notFound('This olympiad');
  }
  return olympiad;
}

export async function state(db: Db, actor: Actor, olympiadName: string): Promise<SittingState> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName, false);
  const [counts, learner, found] = await Promise.all([
    queries.paperCounts(db, olympiad.id),
    queries.learnerById(db, actor.userId),
    queries.attemptOf(db, olympiad.id, actor.userId),
  ]);
  const attempt = await settle(db, found);
  return presentState({ olympiad, counts, learner: learner!, attempt, window: writingWindow(olympiad) });
}

/** A learner writes once: nothing before the step they are at may be redone after they started. */
async function attemptForStep(db: Db, actor: Actor, olympiad: OlympiadRow): Promise<AttemptRow> {
  const attempt = await settle(db, await queries.ensureAttempt(db, olympiad.id, actor.userId));
  if (attempt!.finished_at) throw conflict('You have already written this olympiad; a learner writes once.');
  return attempt!;
}

export async function acceptDeclaration(db: Db, actor: Actor, olympiadName: string): Promise<void> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  const attempt = await attemptForStep(db, actor, olympiad);
  if (!attempt.started_at) requireWindow(olympiad);
  await queries.acceptDeclaration(db, attempt.id);
}

/** Six digits, shown once; only an argon2 hash is kept. */
export async function issueRecoveryPin(db: Db, actor: Actor, olympiadName: string): Promise<string> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  const attempt = await attemptForStep(db, actor, olympiad);
  if (!attempt.declaration_accepted_at) throw conflict('Accept the declaration first.');
  if (attempt.pin_issued_at) {
    throw conflict(
      'Your recovery PIN was already shown once and cannot be shown again. Ask your teacher or the organisers if you lost it.',
    );
  }
  requireWindow(olympiad);
  const pin = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const issued = await queries.issuePin(db, attempt.id, await hashPin(pin));
  if (!issued) throw conflict('Your recovery PIN was already shown once and cannot be shown again.');
  return pin;
}

export async function confirmDetails(
  db: Db,
  actor: Actor,
  olympiadName: string,
  details: { firstName: string; lastName: string; grade: number },
): Promise<void> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  const attempt = await attemptForStep(db, actor, olympiad);
  if (!attempt.pin_issued_at) throw conflict('Write down your recovery PIN first.');
  if (attempt.started_at) throw conflict('Your details cannot be changed once you have started writing.');
  requireWindow(olympiad);
  const ok = await db.transaction((tx) => queries.confirmDetails(tx, attempt.id, actor.userId, details));
  if (!ok) throw conflict('Your details cannot be changed once you have started writing.');
}

/** The paper. The first call starts the timer; later calls resume with the saved answers. */
export async function paper(db: Db, actor: Actor, olympiadName: string): Promise<Paper> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  let attempt = await attemptForStep(db, actor, olympiad);
  if (!attempt.declaration_accepted_at) throw conflict('Accept the declaration before the questions.');
  if (!attempt.pin_issued_at) throw conflict('Write down your recovery PIN before the questions.');
  if (!attempt.details_confirmed_at) throw conflict('Confirm your details before the questions.');
  if (!attempt.started_at) {
    requireWindow(olympiad);
    await queries.startAttempt(db, attempt.id, olympiad);
    attempt = (await queries.attemptOf(db, olympiad.id, actor.userId))!;
  }
  const [paperOf, answers] = await Promise.all([catalogue(db, olympiad.id), queries.answersOf(db, attempt.id)]);
  const questions = paperOf?.questions ?? [];
  return {
    success: true,
    modules: presentModules(questions, olympiad.shuffle_options ? { attemptId: attempt.id } : null),
    answers: answers.map(presentSavedAnswer),
    startedAt: iso(attempt.started_at)!,
    deadlineAt: iso(attempt.deadline_at)!,
    serverNow: new Date().toISOString(),
  };
}

export const timeUpMessage =
  'Time is up: answers can no longer be saved. Every answer saved before the deadline counts.';
export const finishedMessage = 'You have finished this olympiad; answers can no longer be changed.';

/** Why an answer does not fit its question (wrong type, an option it does not have), or null. */
function answerProblem(
  question: QuestionRow,
  value: queries.AnswerRow['value'],
): { path: string; message: string } | null {
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
    value: queries.AnswerRow['value'];
    flagged: boolean;
    position?: { moduleIndex: number; questionIndex: number } | undefined;
  };
}

/**
 * Exam day's hottest call in one round trip (decision 019): the session check and the save in one statement.
 * Answers undefined, having written nothing, unless everything holds; `saveAnswer` then explains.
 */
export async function saveAnswerFast(
  db: Db,
  secret: string,
  req: FastifyRequest,
  token: string,
  input: SaveAnswerInput,
) {
  const paperOf = await catalogueByName(db, input.olympiadName);
  const question = paperOf?.byId.get(input.questionId);
  if (!paperOf || !question || answerProblem(question, input.body.value)) return undefined;
  const saved = await queries.saveAnswerForSession(db, {
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
    savedAt: iso(saved.saved_at)!,
    deadlineAt: iso(saved.deadline_at)!,
  };
}

/**
 * Saves one answer: the question is checked against the cached paper, then one statement saves it; when
 * nothing was saved, says why. The route tries `saveAnswerFast` first.
 */
export async function saveAnswer(db: Db, actor: Actor, req: FastifyRequest, input: SaveAnswerInput) {
  const paperOf = actor.olympiadId ? await catalogue(db, actor.olympiadId) : null;
  if (!paperOf || paperOf.olympiad.var_name !== input.olympiadName.toLowerCase()) throw notFound('This olympiad');
  if (!sittingPolicy.canSit(actor, paperOf.olympiad.id)) {
    throw forbidden('You cannot write on a learner’s behalf while acting as them');
  }
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
      savedAt: iso(saved.saved_at)!,
      deadlineAt: iso(saved.deadline_at)!,
    };
  }
  // Nothing saved: say why.
  const attempt = await queries.attemptOf(db, paperOf.olympiad.id, actor.userId);
  if (!attempt?.started_at) throw conflict('Open the questions first: your writing time has not started.');
  if (attempt.finished_at) throw conflict(attempt.finish_reason === 'time_up' ? timeUpMessage : finishedMessage);
  if (attempt.overdue) {
    await settle(db, attempt);
    throw conflict(timeUpMessage);
  }
  throw conflict('Your answer could not be saved just now; please try again.');
}

export async function finish(db: Db, actor: Actor, olympiadName: string): Promise<{ finishedAt: string }> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  const attempt = await queries.attemptOf(db, olympiad.id, actor.userId);
  if (!attempt?.started_at) throw conflict('You have not started writing yet.');
  if (!attempt.finished_at) await finishAttempts(db, [attempt.id], attempt.overdue ? 'time_up' : 'submitted');
  const after = (await queries.attemptOf(db, olympiad.id, actor.userId))!;
  return { finishedAt: iso(after.finished_at)! };
}

export async function feedback(
  db: Db,
  actor: Actor,
  olympiadName: string,
  body: { rating: number | null; comment: string },
): Promise<void> {
  const olympiad = await learnerOlympiad(db, actor, olympiadName);
  const attempt = await settle(db, await queries.attemptOf(db, olympiad.id, actor.userId));
  if (!attempt?.finished_at) throw conflict('Feedback can be given once you have finished.');
  if (!(await queries.storeFeedback(db, attempt.id, body)))
    throw conflict('You have already given feedback. Thank you!');
}

export async function trackerBeat(
  db: Db,
  actor: Actor,
  req: FastifyRequest,
  olympiadId: number,
  position: { moduleIndex: number; questionIndex: number } | null,
) {
  if (!sittingPolicy.canView(actor, olympiadId)) throw notFound('This olympiad');
  let attempt = await queries.attemptOf(db, olympiadId, actor.userId);
  if (attempt && !attempt.finished_at && sittingPolicy.canSit(actor, olympiadId)) {
    attempt = await settle(db, attempt);
    if (!attempt!.finished_at) await queries.heartbeat(db, { attemptId: attempt!.id, ip: req.ip, position });
  }
  return {
    success: true as const,
    deadlineAt: iso(attempt?.deadline_at),
    finished: attempt?.finished_at != null,
    serverNow: new Date().toISOString(),
  };
}

/**
 * Sign in again with the recovery PIN (a learner who lost their session or password). Throttled exactly
 * like sign-in, by the same mechanism (decision 024): the attempt is counted before the PIN is checked, and a
 * disabled account is answered without checking the PIN.
 */
export async function recover(
  app: FastifyInstance,
  req: FastifyRequest,
  body: { olympiadName: string; username: string; pin: string },
): Promise<SessionUser> {
  const { db, config } = app;
  const olympiad = await queries.olympiadByName(db, body.olympiadName);
  if (!olympiad) {
    throw invalid([{ path: 'body.olympiadName', message: `There is no olympiad called "${body.olympiadName}"` }]);
  }
  const rules = credentialRules(config.limits, 'recover', `${olympiad.id}:${body.username.toLowerCase()}`, req.ip);
  const [keys, user] = await Promise.all([
    takeCredentialAttempt(
      db,
      rules,
      (wait) => `Too many failed attempts. Please wait ${wait} and try again, or ask your teacher.`,
    ),
    queries.learnerForRecovery(db, olympiad.id, body.username),
  ]);
  if (user?.disabledAt) {
    throw new HttpError(403, 'account_disabled', 'This account has been disabled; please contact the organisers');
  }
  const pinHash = user ? (await queries.attemptOf(db, olympiad.id, user.id))?.recovery_pin_hash : null;
  if (!user || !pinHash || !(await verifyPassword(pinHash, body.pin))) {
    const message = 'That username and recovery PIN do not match';
    throw new HttpError(401, 'wrong_password', message, [{ path: 'body.pin', message }]);
  }
  const [session] = await Promise.all([startSession(app, db, req, user), forgive(db, keys)]);
  return session;
}
