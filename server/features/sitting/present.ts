import type { LearnerModule, LearnerQuestion, QuestionOption } from '../../../contract/questions.js';
import type { SavedAnswer, SittingState, SittingStep } from '../../../contract/sitting.js';
import type { AnswerRow, AttemptRow, LearnerRow, OlympiadRow, QuestionRow } from './queries.js';

/** What leaves the server on exam day: explicit allow-lists; answer keys never reach a learner. */

const iso = (d: Date | string | null | undefined): string | null => (d == null ? null : new Date(d).toISOString());

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
  savedAt: iso(a.saved_at)!,
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
  olympiad: OlympiadRow;
  counts: { modules: number; questions: number };
  learner: LearnerRow;
  attempt: AttemptRow | null;
  window: { open: boolean; message: string | null };
}): SittingState {
  const { olympiad, attempt, learner } = input;
  const showScore = attempt?.finished_at != null && olympiad.show_score;
  return {
    success: true,
    step: stepOf(attempt),
    window: {
      open: input.window.open,
      startsAt: iso(olympiad.starts_at),
      endsAt: iso(olympiad.ends_at),
      message: input.window.message,
    },
    olympiad: {
      id: olympiad.id,
      varName: olympiad.var_name,
      title: olympiad.title,
      durationMinutes: olympiad.duration_minutes ?? 0,
      instructions: olympiad.instructions,
      declaration: olympiad.declaration,
      moduleCount: input.counts.modules,
      questionCount: input.counts.questions,
    },
    learner: {
      firstName: learner.first_name,
      lastName: learner.last_name,
      grade: learner.grade,
      schoolName: learner.school_name,
    },
    attempt: {
      declarationAcceptedAt: iso(attempt?.declaration_accepted_at),
      pinIssued: attempt?.pin_issued_at != null,
      detailsConfirmedAt: iso(attempt?.details_confirmed_at),
      startedAt: iso(attempt?.started_at),
      deadlineAt: iso(attempt?.deadline_at),
      finishedAt: iso(attempt?.finished_at),
      finishReason: attempt?.finish_reason ?? null,
      position: attempt?.position ?? null,
      score: showScore ? (attempt?.score ?? null) : null,
      maxScore: showScore ? (attempt?.max_score ?? null) : null,
      feedbackGiven: attempt?.feedback_at != null,
    },
    serverNow: new Date().toISOString(),
  };
}

export { iso };
