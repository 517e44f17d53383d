import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { DifficultyItem, DifficultyReport } from '#contract/authoring';
import { type Queryable, rows } from '../../db/client.js';
import { answers as answersTable } from '../../db/schema/index.js';
import { htmlText } from '#contract/content';
import * as queries from './queries.js';

/** A finished attempt's score (none counts as 0). */
const ScoreRow = z.object({ id: z.number(), score: z.number() });
const GivenAnswerRow = createSelectSchema(answersTable).pick({
  attemptId: true,
  questionId: true,
  value: true,
  marksAwarded: true,
});

/**
 * Item analysis of an olympiad's questions over its finished attempts: share correct (full marks),
 * discrimination index (share correct in the top 27 % by total score minus the bottom 27 %), how often each
 * option was chosen, and flags for suspicious items (negative discrimination, a distractor chosen more
 * often than the key, nobody or everybody correct).
 */
export async function difficultyReport(q: Queryable, olympiadId: number): Promise<DifficultyReport> {
  const modules = await queries.listModules(q, olympiadId);
  const allQuestions = (
    await queries.questionsOfModules(
      q,
      modules.map((m) => m.id),
    )
  ).filter((x) => !x.retiredAt);
  const attempts = await rows(
    q,
    ScoreRow,
    sql`select id, coalesce(score, 0)::float8 as score from attempts where olympiad_id = ${olympiadId} and finished_at is not null order by score desc, id`,
  );
  const answers = await rows(
    q,
    GivenAnswerRow,
    sql`select a.attempt_id, a.question_id, a.value, a.marks_awarded from answers a
        join attempts t on t.id = a.attempt_id
        where t.olympiad_id = ${olympiadId} and t.finished_at is not null`,
  );
  const n = attempts.length;
  const groupSize = Math.floor(n * 0.27);
  const upper = new Set(attempts.slice(0, groupSize).map((a) => a.id));
  const lower = new Set(attempts.slice(n - groupSize).map((a) => a.id));
  const byQuestion = new Map<number, typeof answers>();
  for (const a of answers) {
    const list = byQuestion.get(a.questionId) ?? [];
    list.push(a);
    byQuestion.set(a.questionId, list);
  }
  const moduleIndex = new Map(modules.map((m, i) => [m.id, i]));
  const counters = new Map<number, number>();

  const items = allQuestions.map((question): DifficultyItem => {
    const mi = moduleIndex.get(question.moduleId)!;
    const qi = counters.get(question.moduleId) ?? 0;
    counters.set(question.moduleId, qi + 1);
    const given = byQuestion.get(question.id) ?? [];
    const full = (a: (typeof given)[number]) =>
      question.marks > 0 && Number(a.marksAwarded ?? 0) >= question.marks - 1e-9;
    const correctIds = new Set(given.filter(full).map((a) => a.attemptId));
    const share = (group: Set<number>) =>
      group.size ? [...group].filter((id) => correctIds.has(id)).length / group.size : 0;
    const key = question.answerKey;
    const choices: DifficultyItem['choices'] = [];
    if (question.type === 'single' || question.type === 'multiple') {
      for (const o of question.options) {
        const count = given.filter((a) =>
          a.value.type === 'single'
            ? a.value.optionId === o.id
            : a.value.type === 'multiple' && a.value.optionIds.includes(o.id),
        ).length;
        const correct =
          key?.type === 'single' ? key.correct === o.id : key?.type === 'multiple' ? key.correct.includes(o.id) : false;
        choices.push({ id: o.id, label: o.text || `Option ${o.id.toUpperCase()}`, count, correct });
      }
    } else if (question.type === 'true_false') {
      for (const v of [true, false]) {
        const count = given.filter((a) => a.value.type === 'true_false' && a.value.value === v).length;
        choices.push({
          id: String(v),
          label: v ? 'True' : 'False',
          count,
          correct: key?.type === 'true_false' && key.correct === v,
        });
      }
    }
    const shareCorrect = n ? correctIds.size / n : 0;
    const discrimination = groupSize > 0 ? Math.round((share(upper) - share(lower)) * 1000) / 1000 : null;
    const flags: DifficultyItem['flags'] = [];
    if (discrimination != null && discrimination < 0) flags.push('negative_discrimination');
    const keyCounts = choices.filter((c) => c.correct).map((c) => c.count);
    if (keyCounts.length && choices.some((c) => !c.correct && c.count > Math.min(...keyCounts)))
      flags.push('distractor_beats_key');
    if (n > 0 && correctIds.size === 0) flags.push('nobody_correct');
    if (n > 0 && correctIds.size === n) flags.push('everybody_correct');
    return {
      questionId: question.id,
      moduleId: question.moduleId,
      moduleIndex: mi,
      moduleTitle: modules[mi]!.title,
      questionIndex: qi,
      type: question.type,
      prompt: htmlText(question.prompt).slice(0, 300),
      marks: question.marks,
      difficulty: (question.difficulty as DifficultyItem['difficulty']) ?? null,
      answered: given.length,
      shareCorrect: Math.round(shareCorrect * 1000) / 1000,
      discrimination,
      choices,
      flags,
    };
  });
  return { success: true, olympiadId, attempts: n, groupSize, items };
}
