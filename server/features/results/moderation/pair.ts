import { creditOf } from '#contract/scoring';
import type { PairAnswer, SimilarityEvidence } from '#contract/moderation';
import type { AnswerValue } from '#contract/questions';
import type { Queryable } from '../../../db/client.js';
import { badRequest } from '../../../http/errors.js';
import { answerText, canonicalAnswer, keyText, plainPrompt } from './answers.js';
import { answerCounts, pairAttempts, pairFlag } from './attempt-queries.js';
import { answersOf, type PaperQuestion, paperQuestions } from './compute-queries.js';

type AttemptRecord = { id: number; olympiadId: number };

/** Two attempts of one olympiad side by side: every question, each answer, the key, how popular each answer was. */
export async function pairView(q: Queryable, a: AttemptRecord, b: AttemptRecord): Promise<PairAnswer> {
  if (a.id === b.id) throw badRequest('Choose two different attempts');
  if (a.olympiadId !== b.olympiadId) throw badRequest('The two attempts are of different olympiads');
  const olympiadId = a.olympiadId;
  const questions = await paperQuestions(q, olympiadId);
  const people = await pairAttempts(q, [a.id, b.id]);
  const answers = await answersOf(q, [a.id, b.id]);
  const counts = await answerCounts(
    q,
    olympiadId,
    questions.map((x) => x.id),
  );

  // How many gave each answer (compared as text), and how many answered each question.
  const given = new Map<number, Map<string, number>>();
  const answered = new Map<number, number>();
  const questionOf = new Map(questions.map((x) => [x.id, x]));
  for (const c of counts) {
    const text = canonicalAnswer(c.value, questionOf.get(c.questionId));
    if (!text) continue;
    const m = given.get(c.questionId) ?? new Map<string, number>();
    m.set(text, (m.get(text) ?? 0) + c.n);
    given.set(c.questionId, m);
    answered.set(c.questionId, (answered.get(c.questionId) ?? 0) + c.n);
  }
  const answerOf = new Map<string, { value: AnswerValue; marks: number | null; syncedLate: boolean }>();
  for (const an of answers)
    answerOf.set(`${an.attemptId}:${an.questionId}`, {
      value: an.value,
      marks: an.marksAwarded,
      syncedLate: an.syncedLate,
    });

  const cell = (attemptId: number, question: PaperQuestion) => {
    const an = answerOf.get(`${attemptId}:${question.id}`);
    const canonical = canonicalAnswer(an?.value, question);
    if (!an || !canonical)
      return { canonical, cell: { text: '', right: null, partial: false, share: 0, syncedLate: false } };
    const total = answered.get(question.id) ?? 0;
    const n = given.get(question.id)?.get(canonical) ?? 0;
    return {
      canonical,
      cell: {
        text: answerText(an.value, question),
        // Any marks make an answer right here, as in the similarity count; part marks are said as such (decision 082).
        right: an.marks != null && an.marks > 0,
        partial: creditOf(an.marks, question.marks) === 'partial',
        share: total ? Math.round((n / total) * 1000) / 1000 : 0,
        syncedLate: an.syncedLate,
      },
    };
  };

  const learner = (id: number) => {
    const p = people.find((x) => x.id === id)!;
    return {
      attemptId: p.id,
      learnerName: `${p.firstName} ${p.lastName}`.trim() || p.username,
      username: p.username,
      school: p.school,
      score: p.score,
      maxScore: p.maxScore,
    };
  };
  const [low, high] = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
  const flag = await pairFlag(q, low, high);
  return {
    success: true as const,
    a: learner(a.id),
    b: learner(b.id),
    similarity: flag && { strength: flag.strength, evidence: flag.evidence as SimilarityEvidence },
    questions: questions.map((question, i) => {
      const x = cell(a.id, question);
      const y = cell(b.id, question);
      return {
        questionId: question.id,
        number: i + 1,
        module: question.module,
        prompt: plainPrompt(question.prompt),
        correct: keyText(question.answerKey, question),
        a: x.cell,
        b: y.cell,
        same: x.canonical !== '' && x.canonical === y.canonical,
      };
    }),
  };
}
