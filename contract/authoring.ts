import { z } from 'zod';
import { htmlText } from './content.js';
import { Grade } from './grades.js';
import { Id, IdText } from './ids.js';
import { ReportFormat } from './reports.js';
import { areaWithin, gapsIn, looseBraces } from './interactions.js';
import {
  type Area,
  AnswerKey,
  isGapTextType,
  isPairType,
  isPictureType,
  pairResponse,
  QuestionOption,
  QuestionTarget,
  QuestionType,
  PaperLanguage,
  type ResponseMapping,
} from './questions.js';
import { bestScoreOf, normaliseText } from './scoring.js';
import { count, figure, score } from './numbers.js';

/**
 * Authoring question modules and questions. The question model itself is the
 * exam day's (`contract/questions.ts`); these are the admin's shapes, which do carry the key.
 */
export const difficulties = ['easy', 'medium', 'hard'] as const;
export const Difficulty = z.enum(difficulties);

/** Whether a language's version is verified, by whom (their name) and when (decision 094). */
const translationVerified = {
  verified: z.boolean(),
  verifiedBy: z.string().nullable(),
  verifiedAt: z.string().nullable(),
};

/**
 * Words in other languages as an editor sends them (decision 094): by language, only for the languages the olympiad
 * offers besides its default (the default's words are the record's own fields). Sending a language's words clears
 * its verification when they differ from the stored ones; a language left out keeps what is stored.
 */
export const ModuleTranslationsInput = z.partialRecord(
  PaperLanguage,
  z.strictObject({
    title: z.string().trim().min(1, 'Enter a title').max(200, 'Use at most 200 characters'),
    intro: z.string().max(20_000, 'At most 20,000 characters').default(''),
  }),
);
export const QuestionTranslationsInput = z.partialRecord(
  PaperLanguage,
  z.strictObject({
    prompt: z.string().max(20_000, 'At most 20,000 characters').default(''),
    imageAlt: z.string().trim().max(300).default(''),
    /** Option id → its words; ids the question does not have are dropped. */
    options: z.record(z.string().max(20), z.string().max(2000)).default({}),
    targets: z.record(z.string().max(20), z.string().max(2000)).default({}),
    gapText: z.string().max(5_000, 'At most 5,000 characters').default(''),
  }),
);
export type QuestionTranslationsInput = z.infer<typeof QuestionTranslationsInput>;

/** POST …/:id/verify?language=af: verify one language's version (left out: the default language's). */
export const VerifyLanguageQuery = z.strictObject({
  verified: z.enum(['true', 'false']).default('true'),
  language: PaperLanguage.optional(),
});

export const QuestionModuleRecord = z.object({
  id: z.number().int(),
  olympiadId: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  intro: z.string(),
  position: z.number().int(),
  questionCount: z.number().int(),
  /** Its title and intro in each other language the olympiad offers, and whether that version is verified. */
  translations: z.partialRecord(
    PaperLanguage,
    z.object({ title: z.string(), intro: z.string(), ...translationVerified }),
  ),
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
  translations: ModuleTranslationsInput.optional(),
});
export const ModuleUpdate = z
  .strictObject({
    title: ModuleInput.shape.title,
    intro: z.string().max(20_000),
    translations: ModuleTranslationsInput,
  })
  .partial();
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
  /**
   * Its words in each other language the olympiad offers (decision 094), and whether that language's version is
   * verified. `verified` above is the default language's; the question is ready when every offered language's is.
   */
  translations: z.partialRecord(
    PaperLanguage,
    z.object({
      prompt: z.string(),
      imageAlt: z.string(),
      options: z.record(z.string(), z.string()),
      targets: z.record(z.string(), z.string()),
      gapText: z.string(),
      ...translationVerified,
    }),
  ),
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
  translations: QuestionTranslationsInput.optional(),
};

const choiceType = (type: z.infer<typeof QuestionType>) => type === 'single' || type === 'multiple';

/** The types without options: learners write, pick true or false, or click on the picture. */
const optionlessTypes: ReadonlySet<QuestionType> = new Set(['true_false', 'numeric', 'short_text', 'select_point']);

/** Letters, digits, `-` and `_`: an id a pair "source target" and a gap `{{id}}` can hold. */
const plainId = /^[A-Za-z0-9_-]{1,20}$/;

/** What the options of each of the newer types are called, to a teacher. */
const optionNoun: Partial<Record<QuestionType, { one: string; many: string }>> = {
  hotspot: { one: 'area', many: 'areas' },
  graphic_gap_match: { one: 'label', many: 'labels' },
  gap_match: { one: 'word', many: 'words' },
  order: { one: 'item', many: 'items' },
  match: { one: 'item on the left', many: 'items on the left' },
  inline_choice: { one: 'choice', many: 'choices' },
};

/** How many pairs an option or target may be in: its `matchMax`, 1 when left out; Infinity for 0 (any). */
const pairLimit = (matchMax: number | undefined) => (matchMax === 0 ? Infinity : (matchMax ?? 1));

/** The question's fields that the rules read; those a caller leaves out are as a new question has them. */
export interface CheckedQuestion {
  type: z.infer<typeof QuestionType>;
  prompt: string;
  options: Array<{
    id: string;
    text: string;
    imageUrl: string | null;
    area?: Area | undefined;
    matchMax?: number | undefined;
  }>;
  answerKey: AnswerKey | null;
  imageUrl: string | null;
  imageAlt: string;
  marks: number;
  imageWidth?: number | null;
  imageHeight?: number | null;
  targets?: Array<{
    id: string;
    text: string;
    imageUrl: string | null;
    area?: Area | undefined;
    matchMax?: number | undefined;
  }>;
  gapText?: string;
  maxChoices?: number;
}

/**
 * The rules between fields: the key matches the type and names existing options, and each type has what a learner
 * needs to answer it (decision 084):
 * - hotspot, select point, graphic gap match: a picture and its size, every area within the picture;
 * - hotspot: at least two areas, each drawn and named (the name is what a screen reader and the keyboard give);
 *   no more correct areas than a learner may choose;
 * - select point: no options, the key's areas (at least one) with ids of their own;
 * - graphic gap match: at least one label, and at least one place, each drawn and named;
 * - gap match: at least one word; each gap (target) written exactly once as `{{id}}` in the text, no other gap;
 * - inline choice: no targets; the text holds exactly one gap, written `{{id}}` with any id (`{{g1}}`), and there are
 *   at least two choices;
 * - order: at least two items, the key every item once in the right order;
 * - match: at least one item on each side;
 * - the pairing types: the right pairs name existing options and targets, each pair once, each option and target in
 *   no more pairs than its `matchMax` allows (1 when left out, 0 any); a mapping names only pairs "source target" of
 *   the question, a select point's only its areas, a hotspot's only its options;
 * - single and multiple choice keep at most 12 options (the newer types may have 20).
 * A mapped key's best answer must score exactly the marks (`bestScoreOf`).
 */
export function checkQuestion(q: CheckedQuestion, ctx: z.RefinementCtx) {
  const targets = q.targets ?? [];
  const gapText = q.gapText ?? '';
  const gapType = isGapTextType(q.type);
  // A choice question's options may carry the question alone ("Which statement is true?" said by the module, or
  // options that are complete statements), as valid QTI items often do; a text with gaps is the question too;
  // every other type asks in its prompt.
  if (!htmlText(q.prompt) && !q.imageUrl && !choiceType(q.type) && !(gapType && gapText.trim()))
    issue(['prompt'], 'Write the question');
  if (q.imageUrl && !q.imageAlt) issue(['imageAlt'], 'Describe the image for learners who cannot see it');
  const picture = isPictureType(q.type);
  const width = q.imageWidth ?? null;
  const height = q.imageHeight ?? null;
  if (picture && !q.imageUrl) issue(['imageUrl'], 'Add the picture learners answer on');
  else if (picture && (width == null || height == null))
    issue(['imageUrl'], 'The size of the picture is missing: upload the picture again');
  const onPicture = (area: Area, path: Array<string | number>) => {
    if (width != null && height != null && !areaWithin(area, width, height))
      issue(path, 'This area reaches outside the picture: draw it within the picture');
  };

  const choice = choiceType(q.type);
  const noun = optionNoun[q.type];
  if (choice) {
    if (q.options.length < 2) issue(['options'], 'Give at least two options');
    if (q.options.length > 12) issue(['options'], 'At most 12 options');
    q.options.forEach((o, i) => {
      if (!o.text.trim() && !o.imageUrl) issue(['options', i, 'text'], 'Write the option or give it an image');
    });
  } else if (q.options.length > 0 && optionlessTypes.has(q.type)) {
    issue(
      ['options'],
      q.type === 'select_point'
        ? 'A question where learners click on the picture has no options'
        : 'Only choice questions have options',
    );
  } else if (noun) {
    const least = q.type === 'hotspot' || q.type === 'order' || q.type === 'inline_choice' ? 2 : 1;
    if (q.options.length < least)
      issue(['options'], least === 2 ? `Give at least two ${noun.many}` : `Give at least one ${noun.one}`);
    q.options.forEach((o, i) => {
      if (q.type === 'hotspot') {
        if (!o.area) issue(['options', i, 'area'], 'Draw this area on the picture');
        else onPicture(o.area, ['options', i, 'area']);
        if (!o.text.trim())
          issue(['options', i, 'text'], 'Name this area for learners who use a screen reader or the keyboard');
      } else if (!o.text.trim() && (!o.imageUrl || q.type === 'gap_match' || q.type === 'inline_choice')) {
        issue(
          ['options', i, 'text'],
          `Write the ${noun.one}${q.type === 'gap_match' || q.type === 'inline_choice' ? '' : ' or give it an image'}`,
        );
      }
    });
  }
  if (!optionIdsUnique(q.options)) issue(['options'], 'Option ids must differ');
  if (!optionIdsUnique(targets)) issue(['targets'], 'The ids of the places, gaps or items must differ');
  const pairing = isPairType(q.type);
  if (pairing || q.type === 'order') {
    q.options.forEach((o, i) => {
      if (!plainId.test(o.id)) issue(['options', i, 'id'], 'Use only letters, digits, - and _ in an id');
    });
    targets.forEach((t, i) => {
      if (!plainId.test(t.id)) issue(['targets', i, 'id'], 'Use only letters, digits, - and _ in an id');
    });
  }

  // Targets: places on the picture, gaps in the text, a right-hand column; no other type has any.
  if (!pairing && targets.length > 0)
    issue(['targets'], 'Only questions that pair labels, words or items have places, gaps or a second column');
  if (q.type === 'graphic_gap_match') {
    if (targets.length === 0) issue(['targets'], 'Mark at least one place on the picture');
    targets.forEach((t, i) => {
      if (!t.area) issue(['targets', i, 'area'], 'Draw this place on the picture');
      else onPicture(t.area, ['targets', i, 'area']);
      if (!t.text.trim())
        issue(['targets', i, 'text'], 'Name this place for learners who use a screen reader or the keyboard');
    });
  }
  if (q.type === 'match') {
    if (targets.length === 0) issue(['targets'], 'Give at least one item on the right');
    targets.forEach((t, i) => {
      if (!t.text.trim() && !t.imageUrl) issue(['targets', i, 'text'], 'Write the item or give it an image');
    });
  }

  // The text with its gaps.
  if (gapType) {
    const gaps = gapsIn(gapText);
    if (!gapText.trim()) issue(['gapText'], 'Write the text with its gap');
    else if (looseBraces(gapText))
      issue(['gapText'], 'Write each gap as two braces around its name, e.g. {{g1}}, and use braces for nothing else');
    if (q.type === 'inline_choice' && gapText.trim() && gaps.length !== 1)
      issue(
        ['gapText'],
        gaps.length === 0 ? 'Put the gap in the text, where learners choose' : 'The text may have only one gap',
      );
    if (q.type === 'gap_match') {
      if (targets.length === 0) issue(['targets'], 'Put at least one gap in the text');
      const ids = new Set(targets.map((t) => t.id));
      for (const t of targets) {
        const times = gaps.filter((g) => g === t.id).length;
        if (times === 0) issue(['gapText'], `The gap {{${t.id}}} is not in the text`);
        else if (times > 1) issue(['gapText'], `The gap {{${t.id}}} is written ${times} times: write each gap once`);
      }
      for (const g of new Set(gaps))
        if (!ids.has(g)) issue(['gapText'], `The text has a gap {{${g}}} that is not among the gaps`);
    }
  }
  if (q.type === 'hotspot') {
    const max = q.maxChoices ?? 1;
    if (max > Math.max(1, q.options.length)) issue(['maxChoices'], 'Learners cannot choose more areas than there are');
  }

  const key = q.answerKey;
  if (!key) return;
  if (key.type !== q.type) {
    issue(['answerKey'], 'The answer does not match the question type');
    return;
  }
  const ids = new Set(q.options.map((o) => o.id));
  const targetIds = new Set(targets.map((t) => t.id));
  if ((key.type === 'single' || key.type === 'inline_choice') && !ids.has(key.correct))
    issue(['answerKey'], key.type === 'single' ? 'Choose the correct option' : 'Choose the correct choice');
  if ((key.type === 'multiple' || key.type === 'hotspot') && !key.correct.every((id) => ids.has(id))) {
    issue(
      ['answerKey'],
      key.type === 'multiple'
        ? 'The correct options must be among the options'
        : 'The correct areas must be among the areas',
    );
  }
  if (key.type === 'hotspot') {
    const max = q.maxChoices ?? 1;
    if (max > 0 && new Set(key.correct).size > max)
      issue(
        ['answerKey'],
        `Learners may choose ${count(max, 'area')}, but ${count(new Set(key.correct).size, 'area is', 'areas are')} correct`,
      );
  }
  if ((key.type === 'multiple' || key.type === 'hotspot') && key.mapping) {
    if (key.mapping.entries.some((e) => !ids.has(e.response)))
      issue(
        ['answerKey', 'mapping', 'entries'],
        key.type === 'multiple'
          ? 'Give points only to this question’s options'
          : 'Give points only to this question’s areas',
      );
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
  if (key.type === 'select_point') {
    const areaIds = key.areas.map((a) => a.id);
    if (new Set(areaIds).size !== areaIds.length)
      issue(['answerKey', 'areas'], 'The key’s areas need ids of their own');
    key.areas.forEach((a, i) => onPicture(a.area, ['answerKey', 'areas', i, 'area']));
    if (key.mapping) {
      if (key.mapping.entries.some((e) => !areaIds.includes(e.response)))
        issue(['answerKey', 'mapping', 'entries'], 'Give points only to the key’s areas');
      checkMapping(key.mapping, (id) => id, ctx);
    }
  }
  if (key.type === 'order') {
    const given = new Set(key.correct);
    if (
      key.correct.length !== q.options.length ||
      given.size !== key.correct.length ||
      ![...ids].every((id) => given.has(id))
    )
      issue(['answerKey', 'correct'], 'Put every item in the right order, each once');
  }
  if (key.type === 'graphic_gap_match' || key.type === 'gap_match' || key.type === 'match') {
    const what = { graphic_gap_match: 'labels and places', gap_match: 'words and gaps', match: 'items' }[key.type];
    if (key.correct.some((p) => !ids.has(p.source) || !targetIds.has(p.target)))
      issue(['answerKey', 'correct'], `Each right pair must join this question’s ${what}`);
    const responses = key.correct.map(pairResponse);
    if (new Set(responses).size !== responses.length) issue(['answerKey', 'correct'], 'Give each right pair once');
    const named = (list: CheckedQuestion['options'], id: string, fallback: string) =>
      list.find((x) => x.id === id)?.text.trim() || `${fallback} ${id}`;
    for (const o of q.options) {
      const n = new Set(key.correct.filter((p) => p.source === o.id).map((p) => p.target)).size;
      const limit = pairLimit(o.matchMax);
      if (n > limit)
        issue(
          ['answerKey', 'correct'],
          `“${named(q.options, o.id, 'Option')}” is in ${count(n, 'right pair')}, but may be in only ${figure(limit)}`,
        );
    }
    for (const t of targets) {
      const n = new Set(key.correct.filter((p) => p.target === t.id).map((p) => p.source)).size;
      const limit = pairLimit(t.matchMax);
      if (n > limit)
        issue(
          ['answerKey', 'correct'],
          `“${named(targets, t.id, key.type === 'gap_match' ? 'Gap' : 'Place')}” has ${count(n, 'right pair')}, but may hold only ${figure(limit)}`,
        );
    }
    if (key.mapping) {
      const known = (r: string) => {
        const [source, target, ...rest] = r.split(' ');
        return rest.length === 0 && source != null && target != null && ids.has(source) && targetIds.has(target);
      };
      if (key.mapping.entries.some((e) => !known(e.response)))
        issue(['answerKey', 'mapping', 'entries'], `Give points only to pairs of this question’s ${what}`);
      checkMapping(key.mapping, (r) => r, ctx);
    }
  }
  const best = bestScoreOf(key, q.options, { targets, maxChoices: q.maxChoices ?? 1 });
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

/** The rules' findings as the one error shape's details, for a caller that checks outside a schema. */
export function questionProblems(q: CheckedQuestion): Array<{ path: string; message: string }> {
  const found: Array<{ path: string; message: string }> = [];
  const ctx = {
    addIssue: (i: { path?: Array<string | number>; message?: string }) =>
      found.push({ path: (i.path ?? []).join('.'), message: i.message ?? '' }),
  } as unknown as z.RefinementCtx;
  checkQuestion(q, ctx);
  return found;
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
