import { z } from 'zod';

/**
 * The question model, shared by the exam day and authoring.
 * Answer keys live only in `AnswerKey`; what a learner receives is `LearnerQuestion`, which has none.
 */
export const questionTypes = ['single', 'multiple', 'true_false', 'numeric', 'short_text'] as const;
export const QuestionType = z.enum(questionTypes);
export type QuestionType = z.infer<typeof QuestionType>;

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
});
export type QuestionOption = z.infer<typeof QuestionOption>;

/** Points a response value can earn or lose: marks of the question, in hundredths at the finest (decision 082). */
export const Points = z.number().finite().min(-100).max(100);

/**
 * Partial credit as QTI's `mapping` has it (`mapResponse`): points per response value, `defaultValue` for a value the
 * mapping does not name, and the sum (or the single value's points) kept within `lowerBound` … `upperBound`. A
 * response value is an option's id (multiple choice) or an accepted answer (short text); the types to come map
 * theirs the same way (an ordered list, a pair "source target"). An empty answer scores 0 whatever the bounds, as
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
  }),
]);
export type AnswerKey = z.infer<typeof AnswerKey>;

/** A learner's answer, by type. */
export const AnswerValue = z.discriminatedUnion('type', [
  z.object({ type: z.literal('single'), optionId: z.string().max(20).nullable() }),
  z.object({ type: z.literal('multiple'), optionIds: z.array(z.string().max(20)).max(50) }),
  z.object({ type: z.literal('true_false'), value: z.boolean().nullable() }),
  z.object({ type: z.literal('numeric'), value: z.number().finite().nullable() }),
  z.object({ type: z.literal('short_text'), text: z.string().max(500) }),
]);
export type AnswerValue = z.infer<typeof AnswerValue>;

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
});
export type LearnerQuestion = z.infer<typeof LearnerQuestion>;

export const LearnerModule = z.object({
  id: z.number().int(),
  index: z.number().int(),
  title: z.string(),
  /** Sanitised HTML. */
  intro: z.string(),
  questions: z.array(LearnerQuestion),
});
export type LearnerModule = z.infer<typeof LearnerModule>;
