import { z } from 'zod';
import { htmlText } from './content.js';
import { Grade } from './grades.js';
import { Id, IdText } from './ids.js';
import { ReportFormat } from './reports.js';
import { AnswerKey, QuestionOption, QuestionTarget, QuestionType, type ResponseMapping } from './questions.js';
import { bestScoreOf, normaliseText } from './scoring.js';
import { count, score } from './numbers.js';

/**
 * Authoring question modules and questions. The question model itself is the
 * exam day's (`contract/questions.ts`); these are the admin's shapes, which do carry the key.
 */
export const difficulties = ['easy', 'medium', 'hard'] as const;
export const Difficulty = z.enum(difficulties);

export const QuestionModuleRecord = z.object({
  id: z.number().int(),
  olympiadId: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  intro: z.string(),
  position: z.number().int(),
  questionCount: z.number().int(),
  updatedAt: z.string(),
  /** What the caller may do with it (from the server's policy). */
  can: z.object({ edit: z.boolean() }),
});
export type QuestionModuleRecord = z.infer<typeof QuestionModuleRecord>;

export const ModuleListQuery = z.strictObject({ olympiadId: IdText });
export const ModuleInput = z.strictObject({
  olympiadId: Id,
  title: z.string().trim().min(1, 'Enter a title').max(200, 'Use at most 200 characters'),
  intro: z.string().max(20_000, 'At most 20,000 characters').default(''),
});
export const ModuleUpdate = z.strictObject({ title: ModuleInput.shape.title, intro: z.string().max(20_000) }).partial();
export const ReorderBody = z.strictObject({ ids: z.array(Id).min(1).max(2000) });

export const QuestionRecord = z.object({
  id: z.number().int(),
  moduleId: z.number().int(),
  position: z.number().int(),
  type: QuestionType,
  prompt: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string(),
  options: z.array(QuestionOption),
  /** The picture's own size in pixels, which areas are measured in. */
  imageWidth: z.number().int().nullable(),
  imageHeight: z.number().int().nullable(),
  /** Places, gaps or the right-hand column of a pairing question (`contract/questions.ts`). */
  targets: z.array(QuestionTarget),
  /** Gap match and inline choice: the text with its gaps written `{{id}}`. */
  gapText: z.string(),
  /** Hotspot: how many areas a learner may choose (0 any). */
  maxChoices: z.number().int(),
  /** A choice question's options may be put in each learner's own order when the olympiad shuffles. */
  shuffle: z.boolean(),
  answerKey: AnswerKey.nullable(),
  marks: z.number().int(),
  difficulty: Difficulty.nullable(),
  retired: z.boolean(),
  verified: z.boolean(),
  verifiedBy: z.string().nullable(),
  lastEditedBy: z.string().nullable(),
  lastEditedById: z.number().int().nullable(),
  /** Answers learners gave to it: once there are any, it can only be retired, and key changes re-mark. */
  answerCount: z.number().int(),
  updatedAt: z.string(),
  /** What the caller may do with it (from the server's policy): edit it; verify it (not its last editor). */
  can: z.object({ edit: z.boolean(), verify: z.boolean() }),
});
export type QuestionRecord = z.infer<typeof QuestionRecord>;

const optionIdsUnique = (options: Array<{ id: string }>) => new Set(options.map((o) => o.id)).size === options.length;

/** A question as the editor sends it; the key may be missing while drafting (the olympiad check lists it). */
export const questionFields = {
  type: QuestionType,
  prompt: z.string().max(20_000, 'At most 20,000 characters'),
  imageUrl: z.string().max(500).nullable().default(null),
  imageAlt: z.string().trim().max(300).default(''),
  options: z.array(QuestionOption).max(20, 'At most 20 options').default([]),
  imageWidth: z.number().int().min(1).max(20_000).nullable().default(null),
  imageHeight: z.number().int().min(1).max(20_000).nullable().default(null),
  targets: z.array(QuestionTarget).max(20, 'At most 20 places, gaps or items').default([]),
  gapText: z.string().max(5_000, 'At most 5,000 characters').default(''),
  maxChoices: z.number().int().min(0).max(20).default(1),
  shuffle: z.boolean().default(true),
  answerKey: AnswerKey.nullable().default(null),
  marks: z.number().int('Whole marks').min(0).max(100).default(1),
  difficulty: Difficulty.nullable().default(null),
};

const choiceType = (type: z.infer<typeof QuestionType>) => type === 'single' || type === 'multiple';

/** The rules between fields: the key matches the type and names existing options. */
export function checkQuestion(
  q: {
    type: z.infer<typeof QuestionType>;
    prompt: string;
    options: Array<{ id: string; text: string; imageUrl: string | null }>;
    answerKey: AnswerKey | null;
    imageUrl: string | null;
    imageAlt: string;
    marks: number;
  },
  ctx: z.RefinementCtx,
) {
  // A choice question's options may carry the question alone ("Which statement is true?" said by the module, or
  // options that are complete statements), as valid QTI items often do; every other type asks in its prompt.
  if (!htmlText(q.prompt) && !q.imageUrl && !choiceType(q.type))
    ctx.addIssue({ code: 'custom', path: ['prompt'], message: 'Write the question' });
  if (q.imageUrl && !q.imageAlt)
    ctx.addIssue({ code: 'custom', path: ['imageAlt'], message: 'Describe the image for learners who cannot see it' });
  const choice = choiceType(q.type);
  if (choice) {
    if (q.options.length < 2) ctx.addIssue({ code: 'custom', path: ['options'], message: 'Give at least two options' });
    if (!optionIdsUnique(q.options))
      ctx.addIssue({ code: 'custom', path: ['options'], message: 'Option ids must differ' });
    q.options.forEach((o, i) => {
      if (!o.text.trim() && !o.imageUrl)
        ctx.addIssue({ code: 'custom', path: ['options', i, 'text'], message: 'Write the option or give it an image' });
    });
  } else if (q.options.length > 0) {
    ctx.addIssue({ code: 'custom', path: ['options'], message: 'Only choice questions have options' });
  }
  const key = q.answerKey;
  if (!key) return;
  if (key.type !== q.type) {
    ctx.addIssue({ code: 'custom', path: ['answerKey'], message: 'The answer does not match the question type' });
    return;
  }
  const ids = new Set(q.options.map((o) => o.id));
  if (key.type === 'single' && !ids.has(key.correct))
    ctx.addIssue({ code: 'custom', path: ['answerKey'], message: 'Choose the correct option' });
  if (key.type === 'multiple' && !key.correct.every((id) => ids.has(id))) {
    ctx.addIssue({ code: 'custom', path: ['answerKey'], message: 'The correct options must be among the options' });
  }
  if (key.type === 'multiple' && key.mapping) {
    if (key.mapping.entries.some((e) => !ids.has(e.response)))
      issue(['answerKey', 'mapping', 'entries'], 'Give points only to this question’s options');
    checkMapping(key.mapping, (id) => id, ctx);
  }
  if (key.type === 'short_text' && key.mapping) {
    const accepted = new Set(key.accepted.map(normaliseText));
    const named = new Set(key.mapping.entries.map((e) => normaliseText(e.response)));
    if ([...named].some((r) => !accepted.has(r)))
      issue(['answerKey', 'mapping', 'entries'], 'Give points only to accepted answers');
    else if ([...accepted].some((a) => !named.has(a)))
      issue(['answerKey', 'mapping', 'entries'], 'Give points to every accepted answer');
    checkMapping(key.mapping, normaliseText, ctx);
  }
  if (key.type === 'numeric' && key.partial) {
    if (key.partial.tolerance <= key.tolerance)
      issue(['answerKey', 'partial', 'tolerance'], 'Make the wider tolerance wider than the tolerance');
    if (key.partial.points <= 0 || key.partial.points >= q.marks)
      issue(['answerKey', 'partial', 'points'], `Give the wider tolerance more than 0 and fewer than ${q.marks} marks`);
  }
  const best = bestScoreOf(key, q.options);
  if (best != null) {
    if (best <= 0) issue(['answerKey', 'mapping'], 'The best answer must score more than 0');
    else if (best !== q.marks)
      issue(
        ['marks'],
        Number.isInteger(best)
          ? `The best answer scores ${score(best)} by its points; give the question ${count(best, 'mark')} or change the points`
          : `The best answer scores ${score(best)} by its points; change the points so that it scores ${count(q.marks, 'mark')}`,
      );
  }

  function issue(path: Array<string | number>, message: string) {
    ctx.addIssue({ code: 'custom', path, message });
  }
}

/** A mapping's own rules: each response once, the bounds in order. */
function checkMapping(m: ResponseMapping, same: (s: string) => string, ctx: z.RefinementCtx) {
  const responses = m.entries.map((e) => same(e.response));
  if (new Set(responses).size !== responses.length)
    ctx.addIssue({
      code: 'custom',
      path: ['answerKey', 'mapping', 'entries'],
      message: 'Give each answer points once',
    });
  if (m.upperBound != null && m.upperBound < m.lowerBound)
    ctx.addIssue({
      code: 'custom',
      path: ['answerKey', 'mapping', 'upperBound'],
      message: 'Make the highest score at least the lowest',
    });
}

export const QuestionInput = z.strictObject({ questionModuleId: Id, ...questionFields }).superRefine(checkQuestion);
export type QuestionInput = z.infer<typeof QuestionInput>;

/** An update sends the whole question (the editor always has it); `confirmKeyChange` when attempts exist. */
export const QuestionUpdate = z
  .strictObject({ ...questionFields, confirmKeyChange: z.boolean().default(false) })
  .superRefine(checkQuestion);
export type QuestionUpdate = z.infer<typeof QuestionUpdate>;

export const questionSorts = ['position', 'type', 'marks', 'difficulty', 'updatedAt'] as const;
export const QuestionListQuery = z.strictObject({
  questionModuleId: IdText,
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(500).default(100),
  search: z.string().trim().max(200).optional(),
  sort: z.enum(questionSorts).default('position'),
  order: z.enum(['asc', 'desc']).default('asc'),
  includeRetired: z.enum(['true', 'false']).default('true'),
});
export const QuestionSingleQuery = z.strictObject({ questionId: IdText });
export const RetireQuery = z.strictObject({ retired: z.enum(['true', 'false']).default('true') });

/** POST /olympiad/modules/{id}: the olympiad's whole paper, for the editor, the preview and the verify screen. */
export const PaperResult = z.object({
  success: z.literal(true),
  olympiadId: z.number().int(),
  modules: z.array(QuestionModuleRecord.extend({ questions: z.array(QuestionRecord) })),
});

export const ImageUploaded = z.object({ success: z.literal(true), url: z.string() });

/**
 * POST /olympiad/reports/questions-by-difficulty/{id}: item analysis over finished attempts (decision 083). Every
 * share is 0–1, every score in marks; a figure that the attempts cannot support is null.
 */
export const ChoiceFlag = z.enum(['nobody_chose', 'top_group_prefers']);
export const DifficultyChoice = z.object({
  id: z.string(),
  label: z.string(),
  /** Attempts that chose it (a multiple-answer question's attempt counts for each option it ticked). */
  count: z.number().int(),
  /** `count` over the attempts analysed, the top group's and the bottom group's share that chose it. */
  share: z.number(),
  topShare: z.number().nullable(),
  bottomShare: z.number().nullable(),
  correct: z.boolean(),
  /** Nobody chose it; a wrong option the top group chose more often than the key. */
  flags: z.array(ChoiceFlag),
});
export type DifficultyChoice = z.infer<typeof DifficultyChoice>;
export const DifficultyItem = z.object({
  questionId: z.number().int(),
  moduleId: z.number().int(),
  moduleIndex: z.number().int(),
  moduleTitle: z.string(),
  questionIndex: z.number().int(),
  type: QuestionType,
  prompt: z.string(),
  marks: z.number().int(),
  difficulty: Difficulty.nullable(),
  answered: z.number().int(),
  /** Share of finished attempts with full marks on this question (0–1; unanswered counts as wrong). */
  shareCorrect: z.number(),
  /** Facility index: mean marks awarded over the question's marks (partial marks count); null with no attempts. */
  facility: z.number().nullable(),
  /** Standard deviation of the marks awarded (in marks, sample); null with fewer than two attempts. */
  sd: z.number().nullable(),
  /**
   * Discrimination index: the correlation of the question's marks with the rest of the paper's (−1…1); null with
   * too few attempts or when everybody scored the same on it.
   */
  discriminationIndex: z.number().nullable(),
  /** Share correct in the top 27 % by total score minus the bottom 27 % (−1…1); null with too few attempts. */
  discrimination: z.number().nullable(),
  /** How often each option (or true/false) was chosen; `correct` marks the key. */
  choices: z.array(DifficultyChoice),
  flags: z.array(z.enum(['negative_discrimination', 'distractor_beats_key', 'nobody_correct', 'everybody_correct'])),
});
export type DifficultyItem = z.infer<typeof DifficultyItem>;
/** What each flag says, on the page and in the downloads alike. */
export const difficultyFlagText: Record<DifficultyItem['flags'][number], string> = {
  negative_discrimination: 'Weaker learners did better than stronger ones',
  distractor_beats_key: 'A wrong option was chosen more often than the key',
  nobody_correct: 'Nobody got it right',
  everybody_correct: 'Everybody got it right',
};
export const choiceFlagText: Record<z.infer<typeof ChoiceFlag>, string> = {
  nobody_chose: 'Nobody chose it',
  top_group_prefers: 'The top group chose it more often than the key',
};
/** The paper as a whole over the same attempts. */
export const PaperStatistics = z.object({
  attempts: z.number().int(),
  questions: z.number().int(),
  maxMarks: z.number(),
  /** Mean and standard deviation of the totals (the analysed questions' marks); null with no (or one) attempt. */
  mean: z.number().nullable(),
  sd: z.number().nullable(),
  /** Cronbach's alpha (KR-20 when `dichotomous`); null below `minAttempts`, with one question, or equal totals. */
  alpha: z.number().nullable(),
  /** Standard error of measurement, in marks: sd × √(1 − alpha). */
  sem: z.number().nullable(),
  /** Every question scores 0 or its one mark, so alpha is KR-20. */
  dichotomous: z.boolean(),
  /** Attempts needed before alpha, the standard error and the discrimination index are given. */
  minAttempts: z.number().int(),
});
export type PaperStatistics = z.infer<typeof PaperStatistics>;
export const DifficultyQuery = z.strictObject({
  /** One grade's learners only (the olympiad's grades); every grade without it. */
  grade: Grade.optional(),
  format: ReportFormat.default('json'),
  /** Which table a csv holds (an xlsx holds both, and the paper's figures). */
  table: z.enum(['questions', 'options']).default('questions'),
});
export type DifficultyQuery = z.infer<typeof DifficultyQuery>;
export const DifficultyReport = z.object({
  success: z.literal(true),
  olympiadId: z.number().int(),
  grade: z.number().int().nullable(),
  attempts: z.number().int(),
  groupSize: z.number().int(),
  paper: PaperStatistics,
  items: z.array(DifficultyItem),
});
export type DifficultyReport = z.infer<typeof DifficultyReport>;
