import { describe, expect, it } from 'vitest';

import { anAnswer, attemptRow, call, newLearner, server, toPaper, useSittingServer } from './testing.js';

useSittingServer();

type Question = { id: number; type: string; options?: Array<{ id: string }>; translations: Record<string, unknown> };
type Module = { questions: Question[] };

/**
 * Marks and ranks do not depend on the language (decision 094): two learners of geo-demo, which is offered in English
 * and Afrikaans, give the same answers, one reading the paper in English and one in Afrikaans, and the Afrikaans
 * learner spells the river as Afrikaans does. Their attempts are marked alike, answer by answer and in total.
 */
describe('a learner’s score', () => {
  it('is the same whichever language they wrote in, a short answer in Afrikaans spelling included', async () => {
    const writers = [
      { language: 'en', river: 'Orange River' },
      { language: 'af', river: 'Oranjerivier' },
    ] as const;
    const results: Array<{
      score: number;
      marks: Array<{ question_id: number; score: number | null }>;
      river: number;
    }> = [];
    for (const writer of writers) {
      const { token, user } = await newLearner();
      const chosen = await call(token, 'PUT', '/api/sitting/geo-demo/language', { language: writer.language });
      expect(chosen.status, chosen.text).toBe(200);
      const { paper } = await toPaper(token);
      const questions = (paper.modules as Module[]).slice(0, 2).flatMap((m) => m.questions);
      const river = (paper.modules as Module[])[1]!.questions[4]!; // short text: the Orange
      // The paper each learner reads carries the Afrikaans of every question, whichever language they chose.
      expect(questions.every((q) => q.translations.af)).toBe(true);
      for (const q of questions) {
        const value = q.id === river.id ? { type: 'short_text', text: writer.river } : anAnswer(q);
        const saved = await call(token, 'PUT', `/api/sitting/geo-demo/answers/${q.id}`, { value });
        expect(saved.status, saved.text).toBe(200);
      }
      expect((await call(token, 'POST', '/api/sitting/geo-demo/finish')).status).toBe(200);
      const attempt = await attemptRow(user.id);
      expect(attempt).toMatchObject({ language: writer.language, finish_reason: 'submitted' });
      const marks = await server.query<{ question_id: number; score: number | null }>`
        select an.question_id, an.marks_awarded as score from answers an join attempts a on a.id = an.attempt_id
        where a.user_id = ${user.id} order by an.question_id`;
      results.push({ score: Number(attempt!.score), marks, river: river.id });
    }
    const [english, afrikaans] = results;
    // The river was right in both spellings: the test would pass trivially if neither scored.
    const riverMarks = (r: (typeof results)[number]) => r.marks.find((m) => m.question_id === r.river)?.score;
    expect(Number(riverMarks(english!)), 'Orange River scores').toBeGreaterThan(0);
    expect(Number(riverMarks(afrikaans!)), 'Oranjerivier scores').toBeGreaterThan(0);
    expect(afrikaans!.marks).toEqual(english!.marks);
    expect(afrikaans!.score).toBe(english!.score);
    expect(english!.score).toBeGreaterThan(0);
  });
});
