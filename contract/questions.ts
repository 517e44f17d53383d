import { z } from 'zod';

/**
 * The question model, shared by the exam day and authoring.
 * Answer keys live only in `AnswerKey`; what a learner receives is `LearnerQuestion`, which has none.
 */
export const questionTypes = [
  'single',
  'multiple',
  'true_false',
  'numeric',
  'short_text',
  'hotspot',
  'select_point',
  'graphic_gap_match',
  'gap_match',
  'order',
  'match',
  'inline_choice',
] as const;
export const QuestionType = z.enum(questionTypes);
export type QuestionType = z.infer<typeof QuestionType>;

/**
 * The interactions QTI names beside the five first types (decision 084):
 * - hotspot: choose one or more of the marked areas on the picture (`options`, each with an `area`);
 * - select_point: click anywhere on the picture; the key is one or more areas;
 * - graphic_gap_match: put labels (`options`) on places of the picture (`targets`, each with an `area`);
 * - gap_match: put words (`options`) into the gaps (`targets`) of `gapText`;
 * - order: put the `options` in order;
 * - match: pair each of the `options` with one of the `targets`;
 * - inline_choice: choose one of the `options` for the single gap of `gapText`.
 */
export const pictureTypes = ['hotspot', 'select_point', 'graphic_gap_match'] as const satisfies readonly QuestionType[];
export const isPictureType = (t: QuestionType) => (pictureTypes as readonly QuestionType[]).includes(t);
/** The types whose answer is a set of pairs "source target" (QTI's directedPair). */
export const pairTypes = ['graphic_gap_match', 'gap_match', 'match'] as const satisfies readonly QuestionType[];
export const isPairType = (t: QuestionType) => (pairTypes as readonly QuestionType[]).includes(t);
/** The types with a text that holds gaps, each written `{{id}}`. */
export const gapTextTypes = ['gap_match', 'inline_choice'] as const satisfies readonly QuestionType[];
export const isGapTextType = (t: QuestionType) => (gapTextTypes as readonly QuestionType[]).includes(t);

/**
 * A coordinate on the question's picture, in the picture's own pixels (its `imageWidth` × `imageHeight`), from the
 * top left corner, as QTI's `coords` are. The page scales it to the size the picture is shown at.
 */
const Coordinate = z.number().finite().min(0).max(20_000);
/** A point on the picture: a learner's answer to a select-point question. */
export const Point = z.object({ x: Coordinate, y: Coordinate });
export type Point = z.infer<typeof Point>;
/** An area of the picture, in its pixels: a circle, a rectangle or a polygon (QTI's `shape` and `coords`). */
export const Area = z.discriminatedUnion('shape', [
  z.object({ shape: z.literal('circle'), x: Coordinate, y: Coordinate, r: z.number().finite().positive().max(20_000) }),
  z.object({
    shape: z.literal('rect'),
    x: Coordinate,
    y: Coordinate,
    w: z.number().finite().positive().max(20_000),
    h: z.number().finite().positive().max(20_000),
  }),
  z.object({
    shape: z.literal('poly'),
    points: z
      .array(z.tuple([Coordinate, Coordinate]))
      .min(3)
      .max(60),
  }),
]);
export type Area = z.infer<typeof Area>;

/** How many pairs an item may be in (QTI's `matchMax`): 1 by default, 0 for any number. */
const MatchMax = z.number().int().min(0).max(50);

export const QuestionOption = z.object({
  /** Stable id within the question, e.g. "a". Answers refer to options by id, never by position. */
  id: z.string().min(1).max(20),
  text: z.string().max(2000).default(''),
  imageUrl: z.string().max(500).nullable().default(null),
  /**
   * Keeps its place when the options are shuffled (QTI's `fixed`), e.g. "All of the above" last. Stored only when
   * true; the learner is not told.
   */
  fixed: z.boolean().optional(),
  /** A hotspot's area on the picture; its `text` names it for a screen reader and the keyboard. */
  area: Area.optional(),
  /** How many targets this label, word or item may be paired with (QTI's `matchMax`); 1 when left out, 0 any. */
  matchMax: MatchMax.optional(),
});
export type QuestionOption = z.infer<typeof QuestionOption>;

/**
 * The second set of a pairing question: a place on the picture (graphic gap match, with its `area`), a gap of the
 * text (gap match: `text` empty, the gap written `{{id}}` in `gapText`), or an item of the right-hand column (match).
 * No target carries a key: which option belongs where is in `AnswerKey` only.
 */
export const QuestionTarget = z.object({
  id: z.string().min(1).max(20),
  text: z.string().max(2000).default(''),
  imageUrl: z.string().max(500).nullable().default(null),
  area: Area.optional(),
  /** How many options it may hold (QTI's `matchMax`); 1 when left out, 0 any. */
  matchMax: MatchMax.optional(),
  fixed: z.boolean().optional(),
});
export type QuestionTarget = z.infer<typeof QuestionTarget>;

/** An area of a select-point key, with an id by which a mapping gives it points. */
export const KeyArea = z.object({ id: z.string().min(1).max(20), area: Area });
export type KeyArea = z.infer<typeof KeyArea>;

/** One pair of an answer or key: an option (`source`) put with a target; in a mapping written "source target". */
export const Pair = z.object({ source: z.string().min(1).max(20), target: z.string().min(1).max(20) });
export type Pair = z.infer<typeof Pair>;
/** A pair as a mapping names it, as QTI's directedPair is written: "source target". */
export const pairResponse = (p: Pair) => `${p.source} ${p.target}`;

/** Points a response value can earn or lose: marks of the question, in hundredths at the finest (decision 082). */
export const Points = z.number().finite().min(-100).max(100);

/**
 * Partial credit as QTI's `mapping` has it (`mapResponse`): points per response value, `defaultValue` for a value the
 * mapping does not name, and the sum (or the single value's points) kept within `lowerBound` … `upperBound`. A
 * response value is an option's id (multiple choice, hotspot), an accepted answer (short text), a key area's id
 * (select point: QTI's `areaMapping`) or a pair "source target" (the pairing types). An empty answer scores 0 whatever the bounds, as
 * QTI's map_response template does (`isNull` first). Decision 082.
 */
export const ResponseMapping = z.object({
  entries: z.array(z.object({ response: z.string().min(1).max(500), points: Points })).max(50),
  defaultValue: Points.default(0),
  /** At least 0: a question never takes away marks earned on another. */
  lowerBound: z.number().finite().min(0).max(100).default(0),
  /** At most the question's marks; none means the marks alone cap the score. */
  upperBound: z.number().finite().min(0).max(100).nullable().default(null),
});
export type ResponseMapping = z.infer<typeof ResponseMapping>;

/**
 * A number's second, wider tolerance: an answer outside the key's tolerance but within this one earns `points`
 * (fewer than the marks). In QTI a second `qti-equal tolerance-mode="absolute"` branch of the response processing.
 */
export const NumericPartial = z.object({ tolerance: z.number().finite().min(0), points: Points });
export type NumericPartial = z.infer<typeof NumericPartial>;

/**
 * The key, by type. Never leaves the server towards a learner. A key without `mapping` (or `partial`) is marked all
 * or nothing: the question's marks for exactly the key, else 0.
 */
export const AnswerKey = z.discriminatedUnion('type', [
  z.object({ type: z.literal('single'), correct: z.string() }),
  z.object({ type: z.literal('multiple'), correct: z.array(z.string()).min(1), mapping: ResponseMapping.optional() }),
  z.object({ type: z.literal('true_false'), correct: z.boolean() }),
  z.object({
    type: z.literal('numeric'),
    value: z.number(),
    tolerance: z.number().min(0).default(0),
    partial: NumericPartial.optional(),
  }),
  z.object({
    type: z.literal('short_text'),
    accepted: z.array(z.string().min(1)).min(1),
    mapping: ResponseMapping.optional(),
    /**
     * The accepted answers as each other language spells them (decision 094): language → accepted answer (as written
     * in `accepted`) → its spellings there, e.g. `{ af: { 'Cape Town': ['Kaapstad'] } }`. A learner's answer that is
     * one of them is marked as the accepted answer it spells, by the mapping too, so it scores the same in any language.
     */
    acceptedByLanguage: z
      .partialRecord(z.enum(['en', 'af']), z.record(z.string().min(1), z.array(z.string().min(1).max(500)).max(20)))
      .optional(),
  }),
  z.object({ type: z.literal('hotspot'), correct: z.array(z.string()).min(1), mapping: ResponseMapping.optional() }),
  /** Any point inside one of the areas is right; with a mapping each area earns its own points. */
  z.object({
    type: z.literal('select_point'),
    areas: z.array(KeyArea).min(1).max(20),
    mapping: ResponseMapping.optional(),
  }),
  z.object({
    type: z.literal('graphic_gap_match'),
    correct: z.array(Pair).min(1).max(50),
    mapping: ResponseMapping.optional(),
  }),
  z.object({
    type: z.literal('gap_match'),
    correct: z.array(Pair).min(1).max(50),
    mapping: ResponseMapping.optional(),
  }),
  /** Every option's id, in the right order. All or nothing. */
  z.object({ type: z.literal('order'), correct: z.array(z.string()).min(2).max(50) }),
  z.object({ type: z.literal('match'), correct: z.array(Pair).min(1).max(50), mapping: ResponseMapping.optional() }),
  z.object({ type: z.literal('inline_choice'), correct: z.string() }),
]);
export type AnswerKey = z.infer<typeof AnswerKey>;

/** A learner's answer, by type. */
export const AnswerValue = z.discriminatedUnion('type', [
  z.object({ type: z.literal('single'), optionId: z.string().max(20).nullable() }),
  z.object({ type: z.literal('multiple'), optionIds: z.array(z.string().max(20)).max(50) }),
  z.object({ type: z.literal('true_false'), value: z.boolean().nullable() }),
  z.object({ type: z.literal('numeric'), value: z.number().finite().nullable() }),
  z.object({ type: z.literal('short_text'), text: z.string().max(500) }),
  z.object({ type: z.literal('hotspot'), optionIds: z.array(z.string().max(20)).max(50) }),
  z.object({ type: z.literal('select_point'), point: Point.nullable() }),
  z.object({ type: z.literal('graphic_gap_match'), pairs: z.array(Pair).max(100) }),
  z.object({ type: z.literal('gap_match'), pairs: z.array(Pair).max(100) }),
  /** The options' ids in the learner's order; empty until the learner moves one. */
  z.object({ type: z.literal('order'), optionIds: z.array(z.string().max(20)).max(50) }),
  z.object({ type: z.literal('match'), pairs: z.array(Pair).max(100) }),
  z.object({ type: z.literal('inline_choice'), optionId: z.string().max(20).nullable() }),
]);
export type AnswerValue = z.infer<typeof AnswerValue>;

/** The languages a paper is written in (decision 090); the same list as `Language` in contract/olympiads.ts. */
export const PaperLanguage = z.enum(['en', 'af']);
export type PaperLanguage = z.infer<typeof PaperLanguage>;

/**
 * A question's words in another language than its own (decision 090): what a learner reading that language sees
 * instead. Options and targets by id (their order and keys are the question's); a text left out is the question's
 * own. Marking never reads it: the key is the question's, whatever the language.
 */
export const LearnerQuestionText = z.object({
  /** Sanitised HTML. */
  prompt: z.string(),
  imageAlt: z.string(),
  options: z.record(z.string(), z.string()),
  targets: z.record(z.string(), z.string()),
  gapText: z.string(),
});
export type LearnerQuestionText = z.infer<typeof LearnerQuestionText>;

/** A question as the learner sees it: no key, options possibly in the learner's own shuffled order. */
export const LearnerQuestion = z.object({
  id: z.number().int(),
  index: z.number().int(),
  type: QuestionType,
  /** Sanitised HTML. */
  prompt: z.string(),
  imageUrl: z.string().nullable(),
  imageAlt: z.string(),
  marks: z.number().int(),
  options: z.array(QuestionOption),
  /** The picture's own size in pixels, which areas and points are measured in; null without a picture. */
  imageWidth: z.number().int().nullable(),
  imageHeight: z.number().int().nullable(),
  /** Places, gaps or the right-hand column of a pairing question; empty for the other types. */
  targets: z.array(QuestionTarget),
  /** Gap match and inline choice: plain text, paragraphs by blank lines, each gap written `{{id}}`; else empty. */
  gapText: z.string(),
  /** Hotspot: how many areas may be chosen (0 any); 1 for the other types it applies to. */
  maxChoices: z.number().int(),
  /**
   * Its words in each other language the olympiad offers (decision 090): the fields above are in the olympiad's
   * default language. The whole paper comes in every language, so the learner switches at any moment, offline too.
   */
  translations: z.partialRecord(PaperLanguage, LearnerQuestionText),
});
export type LearnerQuestion = z.infer<typeof LearnerQuestion>;

export const LearnerModule = z.object({
  id: z.number().int(),
  index: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  intro: z.string(),
  /** The section's title and intro in each other language the olympiad offers (decision 090). */
  translations: z.partialRecord(PaperLanguage, z.object({ title: z.string(), intro: z.string() })),
  questions: z.array(LearnerQuestion),
});
export type LearnerModule = z.infer<typeof LearnerModule>;

/**
 * Who verified a language's version of a text and when (decision 094); both null until someone does, and again after
 * anyone edits that language's words. The default language's version of a question keeps its own `verifiedBy`.
 */
export const TranslationVerification = z.object({
  verifiedBy: z.number().int().nullable(),
  verifiedAt: z.string().nullable(),
});
export type TranslationVerification = z.infer<typeof TranslationVerification>;

/** A question's words in another language as stored: what the learner reads, and who verified it. */
export const StoredQuestionTranslation = LearnerQuestionText.extend(TranslationVerification.shape);
export type StoredQuestionTranslation = z.infer<typeof StoredQuestionTranslation>;
export type QuestionTranslations = Partial<Record<PaperLanguage, StoredQuestionTranslation>>;

/** A section's title and intro in another language as stored. */
export const StoredModuleTranslation = z
  .object({ title: z.string(), intro: z.string() })
  .extend(TranslationVerification.shape);
export type StoredModuleTranslation = z.infer<typeof StoredModuleTranslation>;
export type ModuleTranslations = Partial<Record<PaperLanguage, StoredModuleTranslation>>;

/** An olympiad's instructions and declaration in another language as stored. */
export const StoredOlympiadTranslation = z
  .object({ instructions: z.string(), declaration: z.string() })
  .extend(TranslationVerification.shape);
export type StoredOlympiadTranslation = z.infer<typeof StoredOlympiadTranslation>;
export type OlympiadTranslations = Partial<Record<PaperLanguage, StoredOlympiadTranslation>>;

/* ---- a paper's words in other languages: the bookkeeping the server's features share (decision 094) ---- */

const paperLanguageNames: Record<PaperLanguage, string> = { en: 'English', af: 'Afrikaans' };
/** A paper language's English name, for the staff's messages. */
export const languageName = (l: PaperLanguage) => paperLanguageNames[l];

/** The languages an olympiad offers besides its default: the ones a translation may be written in. */
export function otherLanguagesOf(o: { languages: readonly string[]; defaultLanguage: string }): PaperLanguage[] {
  return o.languages.filter((l): l is PaperLanguage => (l === 'en' || l === 'af') && l !== o.defaultLanguage);
}

const unverified: TranslationVerification = { verifiedBy: null, verifiedAt: null };

/** The words of a stored translation without who verified it, to compare with what an editor sends. */
function wordsOf<T extends TranslationVerification>(t: T | undefined): Omit<T, keyof TranslationVerification> | null {
  if (!t) return null;
  const { verifiedBy: _by, verifiedAt: _at, ...words } = t;
  return words;
}

/** A value as JSON with every object's keys sorted: jsonb gives keys back in its own order, not the order written. */
const canonical = (value: unknown): unknown =>
  Array.isArray(value)
    ? value.map(canonical)
    : value && typeof value === 'object'
      ? Object.fromEntries(
          Object.keys(value)
            .sort()
            .map((k) => [k, canonical((value as Record<string, unknown>)[k])]),
        )
      : value;
const same = (a: unknown, b: unknown) => JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));

/** Merges what an editor sent into what is stored, keeping each language's verification while its words stay. */
export function mergedTranslations<T extends TranslationVerification>(
  stored: Partial<Record<PaperLanguage, T>>,
  next: Partial<Record<PaperLanguage, Omit<T, keyof TranslationVerification>>>,
): Partial<Record<PaperLanguage, T>> {
  const out: Partial<Record<PaperLanguage, T>> = { ...stored };
  for (const [lang, words] of Object.entries(next) as Array<[PaperLanguage, Omit<T, keyof TranslationVerification>]>) {
    const before = stored[lang];
    const keep = before && same(wordsOf(before), words);
    out[lang] = {
      ...words,
      ...(keep ? { verifiedBy: before.verifiedBy, verifiedAt: before.verifiedAt } : unverified),
    } as T;
  }
  return out;
}

/** The languages whose words an edit wrote anew: the ones it added or changed (and so left unverified). */
export function changedLanguages<T extends TranslationVerification>(
  before: Partial<Record<PaperLanguage, T>>,
  after: Partial<Record<PaperLanguage, T>>,
): PaperLanguage[] {
  return (Object.keys(after) as PaperLanguage[]).filter((l) => !same(wordsOf(before[l]), wordsOf(after[l])));
}

/** One language's version marked verified by `userId` now, or cleared. */
export function withVerification<T extends TranslationVerification>(
  stored: Partial<Record<PaperLanguage, T>>,
  lang: PaperLanguage,
  userId: number | null,
): Partial<Record<PaperLanguage, T>> {
  const t = stored[lang];
  if (!t) return stored;
  return {
    ...stored,
    [lang]: { ...t, verifiedBy: userId, verifiedAt: userId == null ? null : new Date().toISOString() },
  };
}

/** The editor's view of stored translations: the words, whether verified, and the verifier's username. */
export function presentTranslations<T extends TranslationVerification, W>(
  stored: Partial<Record<PaperLanguage, T>> | null | undefined,
  names: Record<string, string>,
  words: (t: T) => W,
): Partial<Record<PaperLanguage, W & { verified: boolean; verifiedBy: string | null; verifiedAt: string | null }>> {
  return Object.fromEntries(
    Object.entries(stored ?? {}).map(([lang, t]) => [
      lang,
      {
        ...words(t as T),
        verified: (t as T).verifiedAt != null,
        verifiedBy: (t as T).verifiedBy == null ? null : (names[String((t as T).verifiedBy)] ?? null),
        verifiedAt: (t as T).verifiedAt,
      },
    ]),
  );
}
