import { z } from 'zod';
import { checkQuestion, type QuestionRecord, questionFields, type QuestionUpdate } from '#contract/authoring';
import type { AnswerKey, QuestionType, ResponseMapping } from '#contract/questions';
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
  /** Partial credit (decision 082): points per option or accepted answer, or a number's wider tolerance. */
  partialCredit: boolean;
  /** Points by option id; blank gives the option the default. */
  optionPoints: Record<string, number | ''>;
  /** Points by accepted answer (as written on its line); blank is the question's marks. */
  answerPoints: Record<string, number | ''>;
  defaultPoints: number | '';
  lowerBound: number | '';
  upperBound: number | '';
  widerTolerance: number | '';
  widerPoints: number | '';
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
    ...creditValues(key),
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
        ? {
            type: 'multiple',
            correct: v.correctMultiple.filter((id) => v.options.some((o) => o.id === id)),
            ...(v.partialCredit
              ? {
                  mapping: mappingOf(
                    v,
                    v.options.flatMap((o) => {
                      const p = v.optionPoints[o.id];
                      return p === '' || p === undefined ? [] : [{ response: o.id, points: Number(p) }];
                    }),
                  ),
                }
              : {}),
          }
        : null;
    case 'true_false':
      return v.correctTrueFalse ? { type: 'true_false', correct: v.correctTrueFalse === 'true' } : null;
    case 'numeric':
      return v.numericValue === ''
        ? null
        : {
            type: 'numeric',
            value: Number(v.numericValue),
            tolerance: Number(v.tolerance || 0),
            ...(v.partialCredit && v.widerTolerance !== ''
              ? { partial: { tolerance: Number(v.widerTolerance), points: Number(v.widerPoints || 0) } }
              : {}),
          };
    case 'short_text': {
      const accepted = v.accepted
        .split('\n')
        .map((s) => s.trim())
        .filter(Boolean);
      if (!accepted.length) return null;
      if (!v.partialCredit) return { type: 'short_text', accepted };
      const entries = accepted.map((a) => {
        const p = v.answerPoints[a];
        return { response: a, points: p === '' || p === undefined ? v.marks : Number(p) };
      });
      return { type: 'short_text', accepted, mapping: mappingOf(v, entries) };
    }
  }
}

/** A mapping from the form's default and bounds (a blank default is 0, a blank highest score none). */
function mappingOf(v: Values, entries: ResponseMapping['entries']): ResponseMapping {
  return {
    entries,
    defaultValue: Number(v.defaultPoints || 0),
    lowerBound: Number(v.lowerBound || 0),
    upperBound: v.upperBound === '' ? null : Number(v.upperBound),
  };
}

/** The partial-credit inputs of a stored key. */
function creditValues(key: AnswerKey | null) {
  const mapping = key?.type === 'multiple' || key?.type === 'short_text' ? key.mapping : undefined;
  const partial = key?.type === 'numeric' ? key.partial : undefined;
  const byResponse = Object.fromEntries((mapping?.entries ?? []).map((e) => [e.response, e.points]));
  return {
    partialCredit: mapping != null || partial != null,
    optionPoints: key?.type === 'multiple' ? byResponse : {},
    answerPoints: key?.type === 'short_text' ? byResponse : {},
    defaultPoints: mapping?.defaultValue ?? 0,
    lowerBound: mapping?.lowerBound ?? 0,
    upperBound: mapping?.upperBound ?? '',
    widerTolerance: partial?.tolerance ?? '',
    widerPoints: partial?.points ?? '',
  } satisfies Partial<Values>;
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
  creditFieldOf(path) ?? (path === 'answerKey' || path.startsWith('answerKey.') ? keyField[values.type] : path);

const creditFieldOf = (path: string) =>
  creditField[path] ?? (path.startsWith('answerKey.mapping.entries.') ? 'points' : undefined);

/** Partial credit's errors show beside its own inputs. */
const creditField: Record<string, string> = {
  'answerKey.mapping': 'points',
  'answerKey.mapping.entries': 'points',
  'answerKey.mapping.defaultValue': 'defaultPoints',
  'answerKey.mapping.lowerBound': 'lowerBound',
  'answerKey.mapping.upperBound': 'upperBound',
  'answerKey.partial.tolerance': 'widerTolerance',
  'answerKey.partial.points': 'widerPoints',
};
