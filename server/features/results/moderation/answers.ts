import { htmlText } from '#contract/content';
import { distinctPairs, fillGaps, inArea, keyAreaName, optionName, pairName } from '#contract/interactions';
import {
  type AnswerKey,
  type AnswerValue,
  type Pair,
  pairResponse,
  type Point,
  type QuestionOption,
  type QuestionTarget,
  type QuestionType,
} from '#contract/questions';

/** What of a question an answer is said or compared by. */
export interface AnsweredQuestion {
  type: QuestionType;
  options: QuestionOption[];
  targets?: QuestionTarget[];
  /** Gap match and inline choice: the text with its gaps, which the words are said in. */
  gapText?: string;
  answerKey?: AnswerKey | null;
  imageWidth?: number | null;
  imageHeight?: number | null;
}

/** Cells across and down a picture: two points in the same cell count as the same answer. */
const GRID = 20;

/**
 * A point as an answer to compare: the cell of a 20 × 20 grid over the picture it falls in (25 px cells when the
 * picture's size is unknown). Two learners never click the very same pixel, copying or not; the same small part of
 * the picture is what a copied answer shares.
 */
function pointCell(p: Point, q: AnsweredQuestion | undefined): string {
  const w = q?.imageWidth ? q.imageWidth / GRID : 25;
  const h = q?.imageHeight ? q.imageHeight / GRID : 25;
  return `${Math.floor(p.x / w)},${Math.floor(p.y / h)}`;
}

const pairsCode = (pairs: Pair[]) => [...new Set(distinctPairs(pairs).map(pairResponse))].sort().join(',');

/**
 * Answers compared as text: the same answer is the same string whatever order the options were ticked or the pairs
 * made in, however a short text was spaced or capitalised; a point by the part of the picture it is in. '' is no
 * answer.
 */
export function canonicalAnswer(value: AnswerValue | null | undefined, question?: AnsweredQuestion): string {
  if (!value) return '';
  switch (value.type) {
    case 'single':
      return value.optionId == null ? '' : `o:${value.optionId}`;
    case 'multiple':
      return value.optionIds.length ? `m:${[...new Set(value.optionIds)].sort().join(',')}` : '';
    case 'true_false':
      return value.value == null ? '' : `b:${value.value}`;
    case 'numeric':
      return value.value == null || !Number.isFinite(value.value) ? '' : `n:${value.value}`;
    case 'short_text': {
      const text = value.text.normalize('NFC').toLowerCase().replace(/\s+/g, '');
      return text ? `t:${text}` : '';
    }
    case 'hotspot':
      return value.optionIds.length ? `h:${[...new Set(value.optionIds)].sort().join(',')}` : '';
    case 'select_point':
      return value.point ? `p:${pointCell(value.point, question)}` : '';
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match':
      return value.pairs.length ? `g:${pairsCode(value.pairs)}` : '';
    case 'order':
      return value.optionIds.length ? `r:${value.optionIds.join(',')}` : '';
    case 'inline_choice':
      return value.optionId == null ? '' : `i:${value.optionId}`;
  }
}

/** "(312, 140)": a point in the picture's whole pixels. */
const pointText = (p: Point) => `(${Math.round(p.x)}, ${Math.round(p.y)})`;

/** The text of a gap match or an inline choice with what is in each gap in brackets, "[_____]" for an empty one. */
const filledText = (text: string, fill: (gap: string) => string[]) =>
  fillGaps(text, (gap) => {
    const words = fill(gap);
    return words.length ? `[${words.join(', ')}]` : '[_____]';
  });

/**
 * The pairs in words, each "Label → Place", in the order the learner or the key has them; a gap match's as its text
 * with the words in their gaps.
 */
function pairsText(pairs: Pair[], q: AnsweredQuestion): string {
  const distinct = distinctPairs(pairs);
  if (q.type === 'gap_match' && q.gapText && distinct.length)
    return filledText(q.gapText, (gap) =>
      distinct.filter((p) => p.target === gap).map((p) => optionName(q.options, p.source)),
    );
  return distinct.map((p) => pairName(p, q.options, q.targets ?? [], q.type)).join('; ');
}

/** An order numbered: "1. Gauteng, 2. Limpopo". */
const orderText = (ids: string[], q: AnsweredQuestion) =>
  ids.map((id, i) => `${i + 1}. ${optionName(q.options, id)}`).join(', ');

/** An inline choice in its sentence when the question has one, else the choice alone. */
const inlineText = (id: string, q: AnsweredQuestion) =>
  q.gapText ? filledText(q.gapText, () => [optionName(q.options, id)]) : optionName(q.options, id);

/**
 * An answer as the learner saw it: the option's text, the number or the words; pairs as "Label → Place", a point as
 * "(x, y)" with the key's area it fell in, an order as "1. A, 2. C, 3. B", the words of a text in their gaps.
 */
export function answerText(value: AnswerValue | null | undefined, q: AnsweredQuestion): string {
  if (!value) return '';
  switch (value.type) {
    case 'single':
      return value.optionId == null ? '' : optionName(q.options, value.optionId);
    case 'inline_choice':
      return value.optionId == null ? '' : inlineText(value.optionId, q);
    case 'multiple':
    case 'hotspot':
      return value.optionIds.map((id) => optionName(q.options, id)).join('; ');
    case 'true_false':
      return value.value == null ? '' : value.value ? 'True' : 'False';
    case 'numeric':
      return value.value == null ? '' : String(value.value);
    case 'short_text':
      return value.text.trim();
    case 'select_point': {
      const point = value.point;
      if (!point) return '';
      const key = q.answerKey?.type === 'select_point' ? q.answerKey : null;
      if (!key) return pointText(point);
      const hit = key.areas.filter((a) => inArea(a.area, point)).map((a) => keyAreaName(a.id));
      return `${pointText(point)}, ${hit.length ? `in ${hit.join(' and ')}` : 'outside the key’s areas'}`;
    }
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match':
      return pairsText(value.pairs, q);
    case 'order':
      return orderText(value.optionIds, q);
  }
}

/** The right answer, as the admin reads it. */
export function keyText(key: AnswerKey | null, q: AnsweredQuestion): string {
  if (!key) return '';
  switch (key.type) {
    case 'single':
      return optionName(q.options, key.correct);
    case 'inline_choice':
      return inlineText(key.correct, q);
    case 'multiple':
    case 'hotspot':
      return key.correct.map((id) => optionName(q.options, id)).join('; ');
    case 'true_false':
      return key.correct ? 'True' : 'False';
    case 'numeric':
      return key.tolerance ? `${key.value} (± ${key.tolerance})` : String(key.value);
    case 'short_text':
      return key.accepted.join(' / ');
    case 'select_point':
      return `A point in ${key.areas.map((a) => keyAreaName(a.id)).join(' or ')}`;
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match':
      return pairsText(key.correct, q);
    case 'order':
      return orderText(key.correct, q);
  }
}

/** A prompt's HTML as one line of plain text (contract/content.ts's htmlText), shortened. */
export function plainPrompt(html: string, max = 180): string {
  const text = htmlText(html);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
