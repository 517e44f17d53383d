import type {
  AnswerKey,
  QuestionOption,
  QuestionTarget,
  QuestionTranslations,
  QuestionType,
} from '#contract/questions';

/**
 * The question as QTI reads and writes it (decisions 017, 027, 081 and 084): what an import builds and an export
 * is given, shared by the readers (qti-item.ts and the interaction families) and the writers (qti-write*.ts).
 */
export interface QtiQuestion {
  type: QuestionType;
  prompt: string;
  imageUrl: string | null;
  imageAlt: string;
  options: QuestionOption[];
  /** The options may be put in each learner's own order (QTI's `shuffle`). */
  shuffle: boolean;
  answerKey: AnswerKey | null;
  marks: number;
  /** The picture's size in the units its areas are measured in (QTI's object width and height). */
  imageWidth?: number | null;
  imageHeight?: number | null;
  targets?: QuestionTarget[];
  gapText?: string;
  maxChoices?: number;
  /**
   * Its words in the olympiad's other languages (decision 094): an export writes each as an item of its own, an
   * import reads them back from the items that are its versions in those languages (decision 099).
   */
  translations?: QuestionTranslations;
}

/** The class of the block that carries the question's own picture (`imageUrl`), read back on import. */
export const QUESTION_IMAGE_CLASS = 'olympus-question-image';
/** The class of the block that holds an inline choice's text with its gap, so the whole text is read back. */
export const GAP_TEXT_CLASS = 'olympus-gap-text';

/** Option ids as the editor gives them: a, b, c … (the item's identifiers map onto them in order). */
export const optionIds = [...'abcdefghijklmnopqrst'];
/** Target ids as the editor gives them: places p1 …, gaps g1 …, a match's right-hand items r1 …. */
export const targetIdsOf = (type: 'graphic_gap_match' | 'gap_match' | 'inline_choice' | 'match', n: number) => {
  const prefix = type === 'graphic_gap_match' ? 'p' : type === 'match' ? 'r' : 'g';
  return Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
};
