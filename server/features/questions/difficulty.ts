import { sql } from 'drizzle-orm';
import { createSelectSchema } from 'drizzle-zod';
import { z } from 'zod';
import type { DifficultyChoice, DifficultyItem, DifficultyReport } from '#contract/authoring';
import { distinctPairs, inArea, keyAreaName, optionName, pairName } from '#contract/interactions';
import { type AnswerValue, type Area, type Pair, pairResponse } from '#contract/questions';
import { type Queryable, rows } from '../../db/client.js';
import { answers as answersTable } from '../../db/schema/index.js';
import { htmlText } from '#contract/content';
import { itemStatistics } from './item-statistics.js';
import * as queries from './queries.js';

/** One row of a question's choices in the report: what it is, whether the key has it, which answers chose it. */
interface ChoiceRow {
  id: string;
  label: string;
  correct: boolean;
  chose: (v: AnswerValue) => boolean;
}

type ReportedQuestion = Pick<queries.QuestionRow, 'type' | 'options' | 'targets' | 'answerKey'>;

/**
 * The rows a question's choices are counted in, by type: each option of a choice, a hotspot or an inline choice
 * (as chosen); true and false; for the pairing types each pair, the key's and those learners made ("Label → Place");
 * for a select point each of the key's areas and the rest of the picture; for an order the right order and any
 * other. A number or a short text has none.
 */
export function choiceRows(question: ReportedQuestion, given: ReadonlyArray<{ value: AnswerValue }>): ChoiceRow[] {
  const key = question.answerKey;
  switch (question.type) {
    case 'single':
    case 'multiple':
    case 'hotspot':
    case 'inline_choice':
      return question.options.map((o) => ({
        id: o.id,
        label: optionName(question.options, o.id),
        correct:
          key?.type === 'single' || key?.type === 'inline_choice'
            ? key.correct === o.id
            : key?.type === 'multiple' || key?.type === 'hotspot'
              ? key.correct.includes(o.id)
              : false,
        chose: (v) =>
          v.type === 'single' || v.type === 'inline_choice'
            ? v.optionId === o.id
            : (v.type === 'multiple' || v.type === 'hotspot') && v.optionIds.includes(o.id),
      }));
    case 'true_false':
      return [true, false].map((value) => ({
        id: String(value),
        label: value ? 'True' : 'False',
        correct: key?.type === 'true_false' && key.correct === value,
        chose: (v) => v.type === 'true_false' && v.value === value,
      }));
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match': {
      const correct = key && 'correct' in key && Array.isArray(key.correct) ? (key.correct as Pair[]) : [];
      const made = given.flatMap((a) =>
        a.value.type === question.type && 'pairs' in a.value ? distinctPairs(a.value.pairs) : [],
      );
      const pairs = distinctPairs([...correct, ...made]);
      const keyed = new Set(correct.map(pairResponse));
      return pairs.map((p) => ({
        id: pairResponse(p),
        label: pairName(p, question.options, question.targets, question.type),
        correct: keyed.has(pairResponse(p)),
        chose: (v) => 'pairs' in v && v.pairs.some((x) => x.source === p.source && x.target === p.target),
      }));
    }
    case 'select_point': {
      if (key?.type !== 'select_point') return [];
      const inside = (v: AnswerValue, area: Area) =>
        v.type === 'select_point' && v.point != null && inArea(area, v.point);
      return [
        ...key.areas.map((a) => ({
          id: a.id,
          label: keyAreaName(a.id),
          correct: true,
          chose: (v: AnswerValue) => inside(v, a.area),
        })),
        {
          id: 'outside',
          label: 'Elsewhere on the picture',
          correct: false,
          chose: (v: AnswerValue) =>
            v.type === 'select_point' && v.point != null && !key.areas.some((a) => inside(v, a.area)),
        },
      ];
    }
    case 'order': {
      if (key?.type !== 'order') return [];
      const right = (v: AnswerValue) =>
        v.type === 'order' &&
        v.optionIds.length === key.correct.length &&
        key.correct.every((id, i) => v.optionIds[i] === id);
      return [
        { id: 'right', label: 'In the right order', correct: true, chose: right },
        {
          id: 'other',
          label: 'In another order',
          correct: false,
          chose: (v) => v.type === 'order' && v.optionIds.length > 0 && !right(v),
        },
      ];
    }
    default:
      return [];
  }
}

/** A finished attempt. */
const AttemptRow = z.object({ id: z.number() });
const GivenAnswerRow = createSelectSchema(answersTable).pick({
  attemptId: true,
  questionId: true,
  value: true,
  marksAwarded: true,
});

const round = (x: number | null) => (x == null ? null : Math.round(x * 1000) / 1000);

/**
 * Item analysis of an olympiad's questions over its finished attempts (decision 083), of every grade or of one:
 *
 * - per question, from the marks awarded on it (so partial marks count): the facility index, the standard
 *   deviation and the discrimination index as Moodle's quiz statistics define them (item-statistics.ts); the share
 *   with full marks; the 27 % index (share with full marks in the top 27 % by total minus the bottom 27 %);
 * - per option (or true/false; per pair, key area or the right order for the newer types, `choiceRows`): how many chose it, the share of all, of the top and of the bottom group, and flags
 *   for an option nobody chose and a wrong one the top group chose more often than the key;
 * - for the paper: Cronbach's alpha (KR-20 on 0/1 questions), the standard error of measurement, mean and SD.
 *
 * A total is the sum of the marks awarded on the questions analysed (those not retired), the same sum the
 * correlations use, so the top and bottom groups and the "rest of the paper" are one and the same measure.
 */
export async function difficultyReport(
  q: Queryable,
  olympiadId: number,
  grade: number | null = null,
): Promise<DifficultyReport> {
  const modules = await queries.listModules(q, olympiadId);
  const allQuestions = (
    await queries.questionsOfModules(
      q,
      modules.map((m) => m.id),
    )
  ).filter((x) => !x.retiredAt);
  const ofGrade = grade == null ? sql`` : sql`join users u on u.id = t.user_id and u.grade = ${grade}`;
  const attemptIds = await rows(
    q,
    AttemptRow,
    sql`select t.id from attempts t ${ofGrade}
        where t.olympiad_id = ${olympiadId} and t.finished_at is not null order by t.id`,
  );
  const answers = await rows(
    q,
    GivenAnswerRow,
    sql`select a.attempt_id, a.question_id, a.value, a.marks_awarded from answers a
        join attempts t on t.id = a.attempt_id ${ofGrade}
        where t.olympiad_id = ${olympiadId} and t.finished_at is not null`,
  );

  // The marks matrix: one row per attempt, one column per question; a question not answered scores 0.
  const column = new Map(allQuestions.map((x, i) => [x.id, i]));
  const row = new Map(attemptIds.map((a, s) => [a.id, s]));
  const marks = attemptIds.map(() => allQuestions.map(() => 0));
  for (const a of answers) {
    const s = row.get(a.attemptId);
    const i = column.get(a.questionId);
    if (s != null && i != null) marks[s]![i] = Number(a.marksAwarded ?? 0);
  }
  const stats = itemStatistics(
    marks,
    allQuestions.map((x) => x.marks),
  );

  const n = attemptIds.length;
  const totals = attemptIds.map((a, s) => ({ id: a.id, total: marks[s]!.reduce((t, x) => t + x, 0) }));
  totals.sort((a, b) => b.total - a.total || a.id - b.id);
  const groupSize = Math.floor(n * 0.27);
  const upper = new Set(totals.slice(0, groupSize).map((a) => a.id));
  const lower = new Set(totals.slice(n - groupSize).map((a) => a.id));
  const byQuestion = new Map<number, typeof answers>();
  for (const a of answers) {
    const list = byQuestion.get(a.questionId) ?? [];
    list.push(a);
    byQuestion.set(a.questionId, list);
  }
  const moduleIndex = new Map(modules.map((m, i) => [m.id, i]));
  const counters = new Map<number, number>();

  const items = allQuestions.map((question, i): DifficultyItem => {
    const mi = moduleIndex.get(question.moduleId)!;
    const qi = counters.get(question.moduleId) ?? 0;
    counters.set(question.moduleId, qi + 1);
    const given = byQuestion.get(question.id) ?? [];
    const full = (a: (typeof given)[number]) =>
      question.marks > 0 && Number(a.marksAwarded ?? 0) >= question.marks - 1e-9;
    const correctIds = new Set(given.filter(full).map((a) => a.attemptId));
    const share = (group: Set<number>) =>
      group.size ? [...group].filter((id) => correctIds.has(id)).length / group.size : 0;
    const options = choiceRows(question, given);
    const choices = options.map(({ id, label, correct, chose }) => {
      const who = new Set(given.filter((a) => chose(a.value)).map((a) => a.attemptId));
      const shareOf = (group: Set<number>) =>
        group.size ? [...group].filter((x) => who.has(x)).length / group.size : null;
      return {
        id,
        label,
        count: who.size,
        share: n ? who.size / n : 0,
        topShare: shareOf(upper),
        bottomShare: shareOf(lower),
        correct,
      };
    });
    const keyTop = choices.filter((c) => c.correct && c.topShare != null).map((c) => c.topShare!);
    const withFlags = choices.map((c): DifficultyChoice => {
      const flags: DifficultyChoice['flags'] = [];
      if (n > 0 && c.count === 0) flags.push('nobody_chose');
      if (!c.correct && c.topShare != null && keyTop.length && c.topShare > Math.min(...keyTop))
        flags.push('top_group_prefers');
      return {
        ...c,
        share: round(c.share)!,
        topShare: round(c.topShare),
        bottomShare: round(c.bottomShare),
        flags,
      };
    });
    const figures = stats.items[i]!;
    const discrimination = groupSize > 0 ? round(share(upper) - share(lower)) : null;
    const discriminationIndex = round(figures.discriminationIndex);
    const flags: DifficultyItem['flags'] = [];
    // Moodle's index when the attempts support it; the top-against-bottom one before that.
    const separates = discriminationIndex ?? discrimination;
    if (separates != null && separates < 0) flags.push('negative_discrimination');
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
      shareCorrect: round(n ? correctIds.size / n : 0)!,
      facility: round(figures.facility),
      sd: round(figures.sd),
      discriminationIndex,
      discrimination,
      choices: withFlags,
      flags,
    };
  });
  const p = stats.paper;
  return {
    success: true,
    olympiadId,
    grade,
    attempts: n,
    groupSize,
    paper: { ...p, mean: round(p.mean), sd: round(p.sd), alpha: round(p.alpha), sem: round(p.sem) },
    items,
  };
}
