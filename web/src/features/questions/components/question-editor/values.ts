import { z } from 'zod';
import { checkQuestion, type QuestionRecord, questionFields, type QuestionUpdate } from '#contract/authoring';
import type { AnswerKey, QuestionType } from '#contract/questions';
import type { SchemaForm } from '../../../../lib/forms/index.js';
import type { QuestionFields } from '../../api/save-question.js';

/** The question editor's form: a question's fields as the inputs hold them (the key split by type). */
export interface Values extends Record<string, unknown> {
  type: QuestionType;
  prompt: string;
  imageUrl: string | null;
  imageAlt: string;
  options: Array<{ id: string; text: string; imageUrl: string | null; fixed?: boolean }>;
  /** The options may be put in each learner's own order when the olympiad shuffles. */
  shuffle: boolean;
  correctSingle: string | null;
  correctMultiple: string[];
  correctTrueFalse: '' | 'true' | 'false';
  numericValue: number | '';
  tolerance: number | '';
  accepted: string;
  marks: number;
  difficulty: string | null;
}

export type QuestionForm = SchemaForm<Values, QuestionFields>;

export const typeLabels: Record<QuestionType, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True / false',
  numeric: 'Number',
  short_text: 'Short text',
};

/** The contract's question fields with its cross-field checks: what the server takes. */
export const QuestionSchema = z.object(questionFields).superRefine(checkQuestion);

export const optionLetters = 'abcdefghijkl';

export function toValues(q: QuestionRecord | null): Values {
  const key = q?.answerKey ?? null;
  return {
    type: q?.type ?? 'single',
    prompt: q?.prompt ?? '',
    imageUrl: q?.imageUrl ?? null,
    imageAlt: q?.imageAlt ?? '',
    options: q?.options.length
      ? q.options.map((o) => ({ ...o }))
      : [
          { id: 'a', text: '', imageUrl: null },
          { id: 'b', text: '', imageUrl: null },
        ],
    shuffle: q?.shuffle ?? true,
    correctSingle: key?.type === 'single' ? key.correct : null,
    correctMultiple: key?.type === 'multiple' ? key.correct : [],
    correctTrueFalse: key?.type === 'true_false' ? (key.correct ? 'true' : 'false') : '',
    numericValue: key?.type === 'numeric' ? key.value : '',
    tolerance: key?.type === 'numeric' ? key.tolerance : 0,
    accepted: key?.type === 'short_text' ? key.accepted.join('\n') : '',
    marks: q?.marks ?? 1,
    difficulty: q?.difficulty ?? null,
  };
}

function keyOf(v: Values): AnswerKey | null {
  switch (v.type) {
    case 'single':
      return v.correctSingle ? { type: 'single', correct: v.correctSingle } : null;
    case 'multiple':
      return v.correctMultiple.length
        ? { type: 'multiple', correct: v.correctMultiple.filter((id) => v.options.some((o) => o.id === id)) }
        : null;
    case 'true_false':
      return v.correctTrueFalse ? { type: 'true_false', correct: v.correctTrueFalse === 'true' } : null;
    case 'numeric':
      return v.numericValue === ''
        ? null
        : { type: 'numeric', value: Number(v.numericValue), tolerance: Number(v.tolerance || 0) };
    case 'short_text': {
      const accepted = v.accepted
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean);
      return accepted.length ? { type: 'short_text', accepted } : null;
    }
  }
}

/** The form's values as the server takes them. */
export function toFields(v: Values): Omit<QuestionUpdate, 'confirmKeyChange'> {
  const choice = v.type === 'single' || v.type === 'multiple';
  return {
    type: v.type,
    prompt: v.prompt,
    imageUrl: v.imageUrl,
    imageAlt: v.imageAlt,
    options: choice ? v.options.map(({ fixed, ...o }) => (fixed ? { ...o, fixed } : o)) : [],
    shuffle: v.shuffle,
    answerKey: keyOf(v),
    marks: v.marks,
    difficulty: (v.difficulty as QuestionUpdate['difficulty']) ?? null,
  };
}

const keyField: Record<QuestionType, string> = {
  single: 'correctSingle',
  multiple: 'correctMultiple',
  true_false: 'correctTrueFalse',
  numeric: 'numericValue',
  short_text: 'accepted',
};

/** An error of the answer key shows on the key's input of the question's type; every other on its own field. */
export const issueField = (path: string, values: Values) =>
  path === 'answerKey' || path.startsWith('answerKey.') ? keyField[values.type] : path;
