import type { AnswerKey, AnswerValue } from '#contract/questions';
import { maxScoreOf, roundScore, scoreAnswer } from '#contract/scoring';

/**
 * Marking: from a question's key and a learner's answer to marks, through the contract's scoring (decision 082). A
 * key without a mapping is all or nothing; a mapped key gives part of the marks. A wrong, empty or mistyped answer
 * scores 0, and no question scores below 0.
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

export { normaliseText } from '#contract/scoring';

/**
 * Is this answer the key's correct response (QTI's `match_correct`): exactly the correct options, areas or pairs, the
 * right choice, a number within the tolerance, an accepted text, a point in one of the key's areas, the items in the
 * right order? A mapping's partial credit is `markAnswer`'s, not this.
 */
export function isCorrect(key: AnswerKey | null, value: AnswerValue | null | undefined): boolean {
  return key != null && scoreAnswer({ marks: 1, answerKey: allOrNothing(key) }, value) === 1;
}

const allOrNothing = (key: AnswerKey): AnswerKey => {
  if (key.type === 'numeric') return { ...key, partial: undefined };
  // Every mapped key (multiple choice, short text, hotspot, select point, the pairing types) without its mapping.
  if ('mapping' in key) return { ...key, mapping: undefined };
  return key;
};

export const markAnswer = (q: MarkableQuestion, value: AnswerValue | null | undefined): number => scoreAnswer(q, value);

/** Marks a whole attempt: per question, per module (in the questions' module order) and total. */
export function markAttempt(questions: readonly MarkableQuestion[], answers: ReadonlyMap<number, AnswerValue>): Marked {
  const perQuestion = new Map<number, number>();
  const modules = new Map<number, { moduleId: number; score: number; maxScore: number }>();
  let score = 0;
  let maxScore = 0;
  for (const q of questions) {
    const m = modules.get(q.moduleId) ?? { moduleId: q.moduleId, score: 0, maxScore: 0 };
    modules.set(q.moduleId, m);
    const max = maxScoreOf(q);
    m.maxScore += max;
    maxScore += max;
    const value = answers.get(q.id);
    if (value === undefined) continue;
    const got = markAnswer(q, value);
    perQuestion.set(q.id, got);
    m.score = roundScore(m.score + got);
    score = roundScore(score + got);
  }
  return { perQuestion, score, maxScore, moduleScores: [...modules.values()] };
}
