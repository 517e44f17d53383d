import { z } from 'zod';
import { checkQuestion, type QuestionRecord, questionFields, type QuestionUpdate } from '#contract/authoring';
import { htmlText } from '#contract/content';
import type { AnswerKey, PaperLanguage, QuestionType } from '#contract/questions';
import { entriesOf, mappingOf, type TranslationValues, type Values } from './form-values.js';
import { interactionKey, interactionValues, numberedIds, optionsSent, targetsSent } from './interaction-values.js';

export {
  type EditorOption,
  type EditorTarget,
  entriesOf,
  freeId,
  mappingOf,
  maxOptions,
  newOptionId,
  optionLetters,
  type QuestionForm,
  type TranslationValues,
  type Values,
} from './form-values.js';

/** Each type's name, in the editor, the questions list and the verify screen. */
export const typeLabels: Record<QuestionType, string> = {
  single: 'Single choice',
  multiple: 'Multiple choice',
  true_false: 'True / false',
  numeric: 'Number',
  short_text: 'Short text',
  hotspot: 'Choose areas on a picture',
  select_point: 'Point on a picture',
  graphic_gap_match: 'Label a picture',
  gap_match: 'Fill the gaps with words',
  order: 'Put in order',
  match: 'Match pairs',
  inline_choice: 'Choose the word for a gap',
};

/** The contract's question fields with its cross-field checks: what the server takes. */
export const QuestionSchema = z.object(questionFields).superRefine(checkQuestion);

/** A stored translation as the editor's inputs hold it; empty where there is none yet. */
function translationValues(q: QuestionRecord | null, language: PaperLanguage): TranslationValues {
  const t = q?.translations[language];
  return {
    prompt: t?.prompt ?? '',
    imageAlt: t?.imageAlt ?? '',
    options: { ...t?.options },
    targets: { ...t?.targets },
    gapText: t?.gapText ?? '',
  };
}

/** A short answer's spellings in other languages, one a line; every stored language kept, each offered one there. */
function spellingValues(key: AnswerKey | null, others: readonly PaperLanguage[]): Values['acceptedByLanguage'] {
  const stored = key?.type === 'short_text' ? (key.acceptedByLanguage ?? {}) : {};
  const languages = [...new Set([...(Object.keys(stored) as PaperLanguage[]), ...others])];
  return Object.fromEntries(
    languages.map((l) => [
      l,
      Object.fromEntries(Object.entries(stored[l] ?? {}).map(([answer, spellings]) => [answer, spellings.join('\n')])),
    ]),
  );
}

/** The question's values in the editor; `others`: the languages it is translated into besides the default. */
export function toValues(q: QuestionRecord | null, others: readonly PaperLanguage[] = []): Values {
  const key = q?.answerKey ?? null;
  return {
    type: q?.type ?? 'single',
    prompt: q?.prompt ?? '',
    imageUrl: q?.imageUrl ?? null,
    imageAlt: q?.imageAlt ?? '',
    imageWidth: q?.imageWidth ?? null,
    imageHeight: q?.imageHeight ?? null,
    // A hotspot's options are its areas, drawn one by one; every other type starts with two to fill in.
    options: q?.options.length
      ? q.options.map((o) => ({ ...o }))
      : q?.type === 'hotspot' || q?.type === 'select_point'
        ? []
        : [
            { id: 'a', text: '', imageUrl: null },
            { id: 'b', text: '', imageUrl: null },
          ],
    // A match starts with two right-hand items to fill in, as every list does.
    targets: q?.targets.length
      ? q.targets.map((t) => ({ ...t }))
      : q?.type === 'match'
        ? numberedIds('r', 2).map((id) => ({ id, text: '', imageUrl: null }))
        : [],
    gapText: q?.gapText ?? '',
    maxChoices: q?.maxChoices ?? 1,
    shuffle: q?.shuffle ?? true,
    correctSingle: key?.type === 'single' ? key.correct : null,
    correctMultiple: key?.type === 'multiple' ? key.correct : [],
    correctTrueFalse: key?.type === 'true_false' ? (key.correct ? 'true' : 'false') : '',
    numericValue: key?.type === 'numeric' ? key.value : '',
    tolerance: key?.type === 'numeric' ? key.tolerance : 0,
    accepted: key?.type === 'short_text' ? key.accepted.join('\n') : '',
    ...interactionValues(key),
    ...creditValues(key),
    marks: q?.marks ?? 1,
    difficulty: q?.difficulty ?? null,
    translations: Object.fromEntries(others.map((l) => [l, translationValues(q, l)])),
    acceptedByLanguage: spellingValues(key, others),
  };
}

const lines = (text: string) =>
  text
    .split('\n')
    .map((s) => s.trim())
    .filter(Boolean);

/** Each other language's spellings of the accepted answers the key has; a language without any is left out. */
function spellingsOf(v: Values, accepted: readonly string[]) {
  const byLanguage = Object.entries(v.acceptedByLanguage).flatMap(([l, byAnswer]) => {
    const spelt = accepted.flatMap((a) => {
      const spellings = lines(byAnswer?.[a] ?? '');
      return spellings.length ? [[a, spellings] as const] : [];
    });
    return spelt.length ? [[l, Object.fromEntries(spelt)] as const] : [];
  });
  return byLanguage.length ? { acceptedByLanguage: Object.fromEntries(byLanguage) } : {};
}

/** Whether a translation has any words yet: one with none is not sent, so no empty version is stored. */
const hasWords = (t: TranslationValues) =>
  htmlText(t.prompt).trim() !== '' ||
  t.prompt.includes('<img') ||
  t.imageAlt.trim() !== '' ||
  t.gapText.trim() !== '' ||
  Object.values(t.options).some((x) => x.trim()) ||
  Object.values(t.targets).some((x) => x.trim());

/** Only the ids the question has, each with words. */
const byIds = (ids: ReadonlyArray<{ id: string }>, words: Record<string, string>) =>
  Object.fromEntries(ids.flatMap((x) => (words[x.id]?.trim() ? [[x.id, words[x.id]!]] : [])));

/** The translations as the server takes them: the languages with words, by the question's option and target ids. */
function translationsSent(v: Values) {
  const sent = Object.entries(v.translations).flatMap(([l, t]) =>
    t && hasWords(t)
      ? [
          [
            l,
            {
              prompt: t.prompt,
              imageAlt: v.imageUrl ? t.imageAlt : '',
              options: byIds(v.options, t.options),
              targets: v.type === 'gap_match' ? {} : byIds(v.targets, t.targets),
              gapText: v.type === 'gap_match' || v.type === 'inline_choice' ? t.gapText : '',
            },
          ] as const,
        ]
      : [],
  );
  return sent.length ? { translations: Object.fromEntries(sent) } : {};
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
                    entriesOf(
                      v.options.map((o) => o.id),
                      v.optionPoints,
                      null,
                    ),
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
      const accepted = lines(v.accepted);
      if (!accepted.length) return null;
      if (!v.partialCredit) return { type: 'short_text', accepted, ...spellingsOf(v, accepted) };
      return {
        type: 'short_text',
        accepted,
        mapping: mappingOf(v, entriesOf(accepted, v.answerPoints, v.marks)),
        ...spellingsOf(v, accepted),
      };
    }
    default:
      return interactionKey(v);
  }
}

/** The partial-credit inputs of a stored key. */
function creditValues(key: AnswerKey | null) {
  const mapping = key && 'mapping' in key ? key.mapping : undefined;
  const partial = key?.type === 'numeric' ? key.partial : undefined;
  const byResponse = Object.fromEntries((mapping?.entries ?? []).map((e) => [e.response, e.points]));
  const pairs = key?.type === 'graphic_gap_match' || key?.type === 'gap_match' || key?.type === 'match';
  return {
    partialCredit: mapping != null || partial != null,
    optionPoints: key?.type === 'multiple' || key?.type === 'hotspot' ? byResponse : {},
    answerPoints: key?.type === 'short_text' ? byResponse : {},
    areaPoints: key?.type === 'select_point' ? byResponse : {},
    pairPoints: pairs ? byResponse : {},
    defaultPoints: mapping?.defaultValue ?? 0,
    lowerBound: mapping?.lowerBound ?? 0,
    upperBound: mapping?.upperBound ?? '',
    widerTolerance: partial?.tolerance ?? '',
    widerPoints: partial?.points ?? '',
  } satisfies Partial<Values>;
}

/** The form's values as the server takes them. */
export function toFields(v: Values): Omit<QuestionUpdate, 'confirmKeyChange'> {
  return {
    type: v.type,
    prompt: v.prompt,
    imageUrl: v.imageUrl,
    imageAlt: v.imageAlt,
    options: optionsSent(v),
    imageWidth: v.imageUrl ? v.imageWidth : null,
    imageHeight: v.imageUrl ? v.imageHeight : null,
    targets: targetsSent(v),
    gapText: v.type === 'gap_match' || v.type === 'inline_choice' ? v.gapText : '',
    maxChoices: v.type === 'hotspot' ? v.maxChoices : 1,
    // The items of an order question are always shown in each learner's own order (decision 084).
    shuffle: v.type === 'order' ? true : v.shuffle,
    answerKey: keyOf(v),
    marks: v.marks,
    difficulty: (v.difficulty as QuestionUpdate['difficulty']) ?? null,
    ...translationsSent(v),
  };
}

/** The input that shows an error of the whole key, by type. */
const keyField: Record<QuestionType, string> = {
  single: 'correctSingle',
  multiple: 'correctMultiple',
  true_false: 'correctTrueFalse',
  numeric: 'numericValue',
  short_text: 'accepted',
  hotspot: 'correctHotspot',
  select_point: 'keyAreas',
  graphic_gap_match: 'pairs',
  gap_match: 'pairs',
  order: 'options',
  match: 'pairs',
  inline_choice: 'correctInline',
};

/**
 * An error of the answer key shows on the key's input of the question's type; an area's error on its row (the row's
 * name input for an option or a place); the picture's size on the picture; every other on its own field.
 */
export function issueField(path: string, values: Values): string {
  const credit = creditFieldOf(path);
  if (credit) return credit;
  const keyArea = /^answerKey\.areas\.(\d+)/.exec(path);
  if (keyArea) return `keyAreas.${keyArea[1]}`;
  const onArea = /^(options|targets)\.(\d+)\.area(\.|$)/.exec(path);
  if (onArea) return `${onArea[1]}.${onArea[2]}.text`;
  if (path === 'imageWidth' || path === 'imageHeight') return 'imageUrl';
  if (path === 'answerKey' || path.startsWith('answerKey.')) return keyField[values.type];
  return path;
}

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
