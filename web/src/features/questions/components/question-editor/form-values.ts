import type { Area, Pair, PaperLanguage, QuestionType, ResponseMapping } from '#contract/questions';
import type { SchemaForm } from '../../../../lib/forms/index.js';
import type { QuestionFields } from '../../api/save-question.js';

/** The question editor's form values and the small helpers every part of the editor shares. */

/** An option as the editor holds it: a choice, a hotspot's area, a label, a word, an item to order or to match. */
export interface EditorOption {
  id: string;
  text: string;
  imageUrl: string | null;
  fixed?: boolean;
  area?: Area;
  matchMax?: number;
}

/** A place on the picture, a gap of the text or an item of a match's right-hand column. */
export interface EditorTarget {
  id: string;
  text: string;
  imageUrl: string | null;
  area?: Area;
  matchMax?: number;
}

/** A question's words in another language as the editor holds them (decision 094): by option and target id. */
export interface TranslationValues {
  prompt: string;
  imageAlt: string;
  options: Record<string, string>;
  targets: Record<string, string>;
  gapText: string;
}

/** The question editor's form: a question's fields as the inputs hold them (the key split by type). */
export interface Values extends Record<string, unknown> {
  type: QuestionType;
  prompt: string;
  imageUrl: string | null;
  imageAlt: string;
  /** The picture's own size in pixels, read when it loads: the unit of its areas. */
  imageWidth: number | null;
  imageHeight: number | null;
  options: EditorOption[];
  targets: EditorTarget[];
  /** Gap match and inline choice: plain text, each gap written `{{id}}`. */
  gapText: string;
  /** Hotspot: how many areas a learner may choose (0 any). */
  maxChoices: number;
  /** The options may be put in each learner's own order when the olympiad shuffles. */
  shuffle: boolean;
  correctSingle: string | null;
  correctMultiple: string[];
  correctTrueFalse: '' | 'true' | 'false';
  numericValue: number | '';
  tolerance: number | '';
  accepted: string;
  /** Hotspot: the options (areas) that are right. */
  correctHotspot: string[];
  /** Select point: the areas a right point falls in. */
  keyAreas: Array<{ id: string; area: Area }>;
  /** Graphic gap match, gap match and match: the right pairs, option → target. */
  pairs: Pair[];
  /** Inline choice: the right option. */
  correctInline: string | null;
  /** Partial credit (decision 082): points per option or accepted answer, or a number's wider tolerance. */
  partialCredit: boolean;
  /** Points by option id (multiple choice, hotspot); blank gives the option the default. */
  optionPoints: Record<string, number | ''>;
  /** Points by accepted answer (as written on its line); blank is the question's marks. */
  answerPoints: Record<string, number | ''>;
  /** Select point: points by key area id; blank is the question's marks. */
  areaPoints: Record<string, number | ''>;
  /** The pairing types: points by pair "source target"; blank gives the pair the default. */
  pairPoints: Record<string, number | ''>;
  defaultPoints: number | '';
  lowerBound: number | '';
  upperBound: number | '';
  widerTolerance: number | '';
  widerPoints: number | '';
  marks: number;
  difficulty: string | null;
  /** Its words in each other language the olympiad offers, by language (decision 094). */
  translations: Partial<Record<PaperLanguage, TranslationValues>>;
  /** Short text: how each other language spells each accepted answer, one spelling a line, by accepted answer. */
  acceptedByLanguage: Partial<Record<PaperLanguage, Record<string, string>>>;
}

export type QuestionForm = SchemaForm<Values, QuestionFields>;

export const optionLetters = 'abcdefghijklmnopqrst';
/** As many options as the contract takes. */
export const maxOptions = optionLetters.length;

/** The first id of `prefix` + letters or numbers that nothing in `used` has yet. */
export function freeId(used: Iterable<{ id: string }>, ids: readonly string[]): string {
  const taken = new Set([...used].map((x) => x.id));
  return ids.find((id) => !taken.has(id)) ?? `x${taken.size + 1}`;
}

export const newOptionId = (options: Values['options']) => freeId(options, [...optionLetters]);

/** A mapping's entry for each option, area or pair given points; a blank earns `blank` (none: left out). */
export function entriesOf(
  responses: readonly string[],
  points: Record<string, number | ''>,
  blank: number | null,
): ResponseMapping['entries'] {
  return responses.flatMap((response) => {
    const p = points[response];
    if (p === '' || p === undefined) return blank == null ? [] : [{ response, points: blank }];
    return [{ response, points: Number(p) }];
  });
}

/** A mapping from the form's default and bounds (a blank default is 0, a blank highest score none). */
export function mappingOf(v: Values, entries: ResponseMapping['entries']): ResponseMapping {
  return {
    entries,
    defaultValue: Number(v.defaultPoints || 0),
    lowerBound: Number(v.lowerBound || 0),
    upperBound: v.upperBound === '' ? null : Number(v.upperBound),
  };
}
