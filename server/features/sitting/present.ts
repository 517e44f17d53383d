import type { ResolvedGeneralCopy } from '#contract/copy';
import type { LearnerModule, LearnerQuestion, QuestionOption } from '#contract/questions';
import type { SavedAnswer, SittingState, SittingStep, StartTimeRow, SubmittedData } from '#contract/sitting';
import type { z } from 'zod';
import { iso, isoOrNull } from '../../platform/dates.js';
import type { Olympiad } from '../../platform/olympiad-lookup.js';
import type { AnswerRow } from './answer-queries.js';
import type { AttemptRow, LearnerRow } from './attempt-queries.js';
import type { StartTimeDbRow, submittedAnswers } from './day-queries.js';
import type { QuestionRow } from './paper-queries.js';

/** What leaves the server on exam day: explicit allow-lists; answer keys never reach a learner. */

/** FNV-1a of a string: the seed of a learner's option order. */
function hash32(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** mulberry32: a small deterministic generator, so an attempt's order is the same on every call. */
function generator(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The options in this attempt's own order (Fisher–Yates seeded by attempt and question): stable per learner. */
export function shuffledFor<T>(items: readonly T[], attemptId: number, questionId: number): T[] {
  const out = [...items];
  const next = generator(hash32(`${attemptId}:${questionId}`));
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

const presentOption = (o: QuestionOption): QuestionOption => ({
  id: o.id,
  text: o.text ?? '',
  imageUrl: o.imageUrl ?? null,
});

/** A question as the learner sees it. There is no key field here, by construction. */
export function presentQuestionForLearner(
  q: QuestionRow,
  index: number,
  shuffle: { attemptId: number } | null,
): LearnerQuestion {
  const options = (q.options ?? []).map(presentOption);
  const ordered =
    shuffle && (q.type === 'single' || q.type === 'multiple') ? shuffledFor(options, shuffle.attemptId, q.id) : options;
  return {
    id: q.id,
    index,
    type: q.type,
    prompt: q.prompt,
    imageUrl: q.image_url,
    imageAlt: q.image_alt,
    marks: q.marks,
    options: ordered,
  };
}

/** The paper's modules, in order, with their questions for this learner. */
export function presentModules(questions: QuestionRow[], shuffle: { attemptId: number } | null): LearnerModule[] {
  const modules: LearnerModule[] = [];
  let current: LearnerModule | null = null;
  for (const q of questions) {
    if (!current || current.id !== q.module_id) {
      current = { id: q.module_id, index: modules.length, title: q.module_title, intro: q.module_intro, questions: [] };
      modules.push(current);
    }
    current.questions.push(presentQuestionForLearner(q, current.questions.length, shuffle));
  }
  return modules;
}

export const presentSavedAnswer = (a: AnswerRow): SavedAnswer => ({
  questionId: a.question_id,
  value: a.value,
  flagged: a.flagged,
  savedAt: iso(a.saved_at),
});

/** Where the learner really is (the page redirects any deep link to this step). */
export function stepOf(attempt: AttemptRow | null): SittingStep {
  if (!attempt) return 'instructions';
  if (attempt.finished_at) return 'finished';
  if (attempt.details_confirmed_at) return 'questions';
  if (attempt.pin_issued_at) return 'learner-details';
  if (attempt.declaration_accepted_at) return 'recovery-pin';
  return 'instructions';
}

export function presentState(input: {
  olympiad: Olympiad;
  counts: { modules: number; questions: number };
  learner: LearnerRow;
  attempt: AttemptRow | null;
  window: { open: boolean; message: string | null };
  copy: ResolvedGeneralCopy;
  waiting: SittingState['waiting'];
}): SittingState {
  const { olympiad, attempt, learner } = input;
  const showScore = attempt?.finished_at != null && olympiad.showScore;
  return {
    success: true,
    step: stepOf(attempt),
    window: {
      open: input.window.open,
      startsAt: isoOrNull(olympiad.startsAt),
      endsAt: isoOrNull(olympiad.endsAt),
      message: input.window.message,
    },
    olympiad: {
      id: olympiad.id,
      varName: olympiad.varName,
      title: olympiad.title,
      kind: olympiad.kind,
      durationMinutes: olympiad.durationMinutes ?? 0,
      instructions: olympiad.instructions,
      declaration: olympiad.declaration,
      moduleCount: input.counts.modules,
      questionCount: input.counts.questions,
    },
    copy: input.copy,
    learner: {
      firstName: learner.first_name,
      lastName: learner.last_name,
      grade: learner.grade,
      schoolName: learner.school_name,
      timeZone: learner.time_zone,
    },
    attempt: {
      declarationAcceptedAt: isoOrNull(attempt?.declaration_accepted_at),
      pinIssued: attempt?.pin_issued_at != null,
      pinPending: attempt?.pin_issued_at == null && attempt?.recovery_pin_hash != null,
      detailsConfirmedAt: isoOrNull(attempt?.details_confirmed_at),
      startedAt: isoOrNull(attempt?.started_at),
      deadlineAt: isoOrNull(attempt?.deadline_at),
      finishedAt: isoOrNull(attempt?.finished_at),
      finishReason: attempt?.finish_reason ?? null,
      position: attempt?.position ?? null,
      score: showScore ? (attempt?.score ?? null) : null,
      maxScore: showScore ? (attempt?.max_score ?? null) : null,
      feedbackGiven: attempt?.feedback_at != null,
    },
    waiting: input.waiting,
    serverNow: new Date().toISOString(),
  };
}

/* ---- the admin's view of the day ---- */

const nameOf = (r: { first_name: string; last_name: string; username: string }) =>
  `${r.first_name} ${r.last_name}`.trim() || r.username;

/** One learner's row on the start-times page. */
export const presentStartTime = (r: StartTimeDbRow): z.infer<typeof StartTimeRow> => ({
  learnerId: r.learner_id,
  username: r.username,
  name: nameOf(r),
  grade: r.grade,
  schoolId: r.school_id,
  schoolName: r.school_name,
  status: r.status,
  startedAt: isoOrNull(r.started_at),
  deadlineAt: isoOrNull(r.deadline_at),
  finishedAt: isoOrNull(r.finished_at),
  finishReason: r.finish_reason,
  extraMinutes: r.extra_minutes ?? 0,
  lastSeenAt: isoOrNull(r.last_seen_at),
  ipChanges: r.ip_changes ?? 0,
  score: r.score,
  maxScore: r.max_score,
});

/** What a learner submitted, with marks and the key: for the admins of their olympiad only. */
export function presentSubmittedData(
  learner: LearnerRow,
  attempt: AttemptRow | null,
  answers: Awaited<ReturnType<typeof submittedAnswers>>,
): z.infer<typeof SubmittedData> {
  return {
    success: true,
    learner: { id: learner.id, username: learner.username, name: nameOf(learner), schoolName: learner.school_name },
    attempt: attempt
      ? {
          status: attempt.finished_at ? 'finished' : attempt.started_at ? 'writing' : 'not_started',
          startedAt: isoOrNull(attempt.started_at),
          deadlineAt: isoOrNull(attempt.deadline_at),
          finishedAt: isoOrNull(attempt.finished_at),
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
      savedAt: isoOrNull(a.saved_at),
      marksAwarded: a.marks_awarded,
      answerKey: a.answer_key,
      options: (a.options ?? []).map((o) => ({ id: o.id, text: o.text })),
    })),
  };
}
