import type { AnswerKey, AnswerValue } from '#contract/questions';

/**
 * Marking: pure functions from a question's key and a learner's answer to marks.
 * A wrong, empty or mistyped answer scores 0; there is no negative marking.
 */
export interface MarkableQuestion {
  id: number;
  moduleId: number;
  marks: number;
  answerKey: AnswerKey | null;
}

export interface Marked {
  /** Marks per answered question (unanswered questions are simply absent). */
  perQuestion: Map<number, number>;
  score: number;
  maxScore: number;
  moduleScores: Array<{ moduleId: number; score: number; maxScore: number }>;
}

/** "  Cape   Town " → "capetown": case- and space-insensitive comparison for short text. */
export const normaliseText = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, '');

/** Is this answer right for this key? */
export function isCorrect(key: AnswerKey | null, value: AnswerValue | null | undefined): boolean {
  if (!key || !value || key.type !== value.type) return false;
  switch (key.type) {
    case 'single':
      return value.type === 'single' && value.optionId != null && value.optionId === key.correct;
    case 'multiple': {
      if (value.type !== 'multiple') return false;
      const given = new Set(value.optionIds);
      const correct = new Set(key.correct);
      // all-or-nothing: exactly the correct set
      return given.size === correct.size && [...correct].every((id) => given.has(id));
    }
    case 'true_false':
      return value.type === 'true_false' && value.value != null && value.value === key.correct;
    case 'numeric': {
      if (value.type !== 'numeric' || value.value == null || !Number.isFinite(value.value)) return false;
      // a tiny epsilon so that 0.1 + 0.2 style float noise never costs a learner a mark
      return Math.abs(value.value - key.value) <= (key.tolerance ?? 0) + 1e-9;
    }
    case 'short_text': {
      if (value.type !== 'short_text') return false;
      const given = normaliseText(value.text);
      return given.length > 0 && key.accepted.some((a) => normaliseText(a) === given);
    }
  }
}

export const markAnswer = (q: MarkableQuestion, value: AnswerValue | null | undefined): number =>
  isCorrect(q.answerKey, value) ? q.marks : 0;

/** Marks a whole attempt: per question, per module (in the questions' module order) and total. */
export function markAttempt(questions: readonly MarkableQuestion[], answers: ReadonlyMap<number, AnswerValue>): Marked {
  const perQuestion = new Map<number, number>();
  const modules = new Map<number, { moduleId: number; score: number; maxScore: number }>();
  let score = 0;
  let maxScore = 0;
  for (const q of questions) {
    const m = modules.get(q.moduleId) ?? { moduleId: q.moduleId, score: 0, maxScore: 0 };
    modules.set(q.moduleId, m);
    m.maxScore += q.marks;
    maxScore += q.marks;
    const value = answers.get(q.id);
    if (value === undefined) continue;
    const got = markAnswer(q, value);
    perQuestion.set(q.id, got);
    m.score += got;
    score += got;
  }
  return { perQuestion, score, maxScore, moduleScores: [...modules.values()] };
}
