import type { Element, Node } from '@xmldom/xmldom';
import type { AnswerKey, ResponseMapping } from '#contract/questions';
import { bestScoreOf } from '#contract/scoring';
import type { QtiQuestion } from './qti-question.js';
import {
  CDATA,
  ELEMENT,
  TEXT,
  attr,
  childrenNamed,
  descendants,
  elementsOf,
  keyOf,
  notPrompt,
  squash,
  valuesOf,
} from './qti-xml.js';

/**
 * What every interaction's reader shares (decisions 027, 081, 082 and 084): the item read so far, its response
 * declaration with its mapping or area mapping, the response processing template, the refusal of what a key cannot
 * be, and the choices of an interaction. qti-item.ts reads the item around the interaction; qti-choice.ts,
 * qti-entry.ts, qti-graphic.ts and qti-pairs.ts read the interactions.
 */

/** Why an item, or a whole upload, cannot be imported. */
export class Refused extends Error {}
export const refuse = (message: string): never => {
  throw new Refused(message);
};

export type UrlOf = (path: string) => string;
export interface Size {
  width: number;
  height: number;
}

/** An item understood: its question (built once its images have addresses), the images it needs, notes. */
export interface ReadItem {
  file: string;
  identifier: string;
  /** The language its `xml:lang` names, as written; null when it names none (decision 099). */
  language: string | null;
  /** Package paths of the images the prompt, the interaction and the choices show. */
  images: string[];
  /** Things kept in a simpler form (part marks a single choice cannot give, case-sensitive answers…). */
  notes: string[];
  /** No correct response: imported as a draft without a key. */
  keyless: boolean;
  /** The sizes of the package's pictures, filled in by the import as it reads each file. */
  sizes: Map<string, Size>;
  /** The width and height the item shows a picture at, where it gives both: an SVG picture is drawn at that size. */
  shown: Map<string, Size>;
  build(urlOf: UrlOf): QtiQuestion;
}

/** What an interaction's reader adds to the question: its type and options, and whatever else the type has. */
export type Rest = Pick<QtiQuestion, 'type' | 'options'> & Partial<QtiQuestion>;

/** The item around the interaction, as an interaction's reader needs it. */
export interface ItemContext {
  root: Element;
  interaction: Element;
  decl: Declaration;
  responseId: string;
  /** The item's MAXSCORE; NaN when it has none. */
  maxValue: number;
  notes: string[];
  /** A picture's address: a web address as it is, a package file collected and then stored (through `urlOf`). */
  imageSrc(src: string, urlOf: UrlOf): string;
  /** The sizes of the package's pictures, once the import has read them. */
  sizes: Map<string, Size>;
  /** The width and height the item shows a picture at (an interaction's picture), where it gives both. */
  shown: Map<string, Size>;
  /** The block holding an inline choice, taken out of the prompt: its text is the question's text with a gap. */
  gapBlock: Element | null;
  /** The item read: the question it builds once its images have addresses; without a key it is a draft. */
  item(answerKey: AnswerKey | null, marks: number, rest: (urlOf: UrlOf) => Rest): ReadItem;
}

export interface Declaration {
  cardinality: string;
  baseType: string;
  correct: string[];
  mapping: Array<{ key: string; value: number; caseSensitive: boolean }>;
  /** A select-point item's areas and their points (QTI's `areaMapping`). */
  areaMapping: Array<{ shape: string | null; coords: string | null; value: number }>;
  /** Whether the item has a mapping or an area mapping at all (its entries may be none: all earn the default). */
  mapped: boolean;
  defaultValue: number;
  lowerBound: number | null;
  upperBound: number | null;
}
export function declarationOf(el: Element): Declaration {
  const mapping = childrenNamed(el, 'mapping')[0] ?? childrenNamed(el, 'areaMapping')[0];
  const number = (name: string) => {
    const raw = mapping ? attr(mapping, name) : null;
    return raw == null || raw.trim() === '' ? null : Number(raw);
  };
  const upper = number('upperBound');
  const areas = mapping && keyOf(mapping) === 'areamapping';
  return {
    mapped: mapping != null,
    defaultValue: number('defaultValue') ?? 0,
    lowerBound: number('lowerBound'),
    cardinality: attr(el, 'cardinality') ?? 'single',
    baseType: attr(el, 'baseType') ?? '',
    correct: valuesOf(childrenNamed(el, 'correctResponse')[0]).filter(Boolean),
    mapping:
      mapping && !areas
        ? childrenNamed(mapping, 'mapEntry').map((e) => ({
            key: squash(attr(e, 'mapKey') ?? ''),
            value: Number(attr(e, 'mappedValue') ?? 0),
            caseSensitive: attr(e, 'caseSensitive') === 'true',
          }))
        : [],
    areaMapping: areas
      ? childrenNamed(mapping, 'areaMapEntry').map((e) => ({
          shape: attr(e, 'shape'),
          coords: attr(e, 'coords'),
          value: Number(attr(e, 'mappedValue') ?? 0),
        }))
      : [],
    upperBound: upper != null && Number.isFinite(upper) ? upper : null,
  };
}

/** Points as the notes say them: "0.5", "−1". */
export const pts = (n: number) => (n < 0 ? `−${-n}` : String(n));

/**
 * The item's mapping as an Olympus mapping (decision 082), its responses named for a refusal by `nameOf`; refuses
 * what a key cannot be: points outside −100 … 100, a lower bound below 0 (a question never takes away marks earned
 * on another), an upper bound above 100.
 */
export function mappingOf(
  decl: Declaration,
  entries: Array<{ response: string; points: number }>,
  nameOf: (response: string) => string = (r) => r,
): ResponseMapping {
  for (const e of entries)
    if (!Number.isFinite(e.points) || e.points < -100 || e.points > 100)
      refuse(`“${nameOf(e.response)}” is worth ${pts(e.points)} points; points lie between −100 and 100`);
  if (!Number.isFinite(decl.defaultValue) || decl.defaultValue < -100 || decl.defaultValue > 100)
    refuse(`The mapping’s default value ${pts(decl.defaultValue)} is not between −100 and 100`);
  const lower = decl.lowerBound ?? 0;
  if (!Number.isFinite(lower) || lower < 0)
    refuse(`The mapping’s lower bound ${pts(lower)} is below 0; a question never takes away marks earned on another`);
  if (decl.upperBound != null && decl.upperBound > 100)
    refuse(`The mapping’s upper bound ${decl.upperBound} is above 100`);
  return { entries, defaultValue: decl.defaultValue, lowerBound: lower, upperBound: decl.upperBound };
}

/** Marks are whole numbers: a mapping whose best answer scores part of a mark cannot be a key. */
export function bestMarks(
  key: AnswerKey,
  options: Array<{ id: string; matchMax?: number }>,
  context: Parameters<typeof bestScoreOf>[2] = {},
): number {
  const best = bestScoreOf(key, options, context) ?? 0;
  if (best > 0 && !Number.isInteger(best))
    refuse(`The best answer scores ${best} by its points; marks are whole numbers`);
  return best;
}

/** The response processing template an item names, by its file name (QTI 2.1, 2.2 and 3.0 addresses alike). */
export function templateOf(root: Element): 'match_correct' | 'map_response' | 'map_response_point' | null {
  const processing = childrenNamed(root, 'responseProcessing')[0];
  const template = (processing && attr(processing, 'template')) ?? '';
  const name = /(match_correct|map_response_point|map_response)(\.xml)?\s*$/i.exec(template)?.[1]?.toLowerCase();
  return (name as 'match_correct' | 'map_response' | 'map_response_point' | undefined) ?? null;
}

/**
 * What an item's own response processing (no template) gives, read from its conditions that `match` the response:
 * the SCORE set when it is the correct response, and the SCORE set for each other answer it names (an `ordered` or
 * `multiple` of base values, or one base value), as IMS's order_partial_scoring gives 2 for the right order and 1
 * for another. A SCORE that is not a number (MAXSCORE, a sum) is not read.
 */
export function ownScoring(
  root: Element,
  responseId: string,
): { correct: number | null; others: Array<{ values: string[]; points: number }> } {
  const processing = childrenNamed(root, 'responseProcessing')[0];
  const out = { correct: null as number | null, others: [] as Array<{ values: string[]; points: number }> };
  if (!processing || templateOf(root)) return out;
  for (const match of descendants(processing, (e) => keyOf(e) === 'match')) {
    const [a, b, ...more] = elementsOf(match);
    if (!a || !b || more.length) continue;
    const [mine, other] = keyOf(a) === 'variable' && attr(a, 'identifier') === responseId ? [a, b] : [b, a];
    if (keyOf(mine) !== 'variable' || attr(mine, 'identifier') !== responseId) continue;
    let branch = match.parentNode as Element | null;
    while (branch && branch.nodeType === ELEMENT && !['responseif', 'responseelseif'].includes(keyOf(branch)))
      branch = branch.parentNode as Element | null;
    if (!branch || branch.nodeType !== ELEMENT) continue;
    const set = childrenNamed(branch, 'setOutcomeValue').find((e) => attr(e, 'identifier') === 'SCORE');
    const value = set && elementsOf(set)[0];
    const points = value && keyOf(value) === 'basevalue' ? Number((value.textContent ?? '').trim()) : NaN;
    if (!Number.isFinite(points)) continue;
    if (keyOf(other) === 'correct' && attr(other, 'identifier') === responseId) out.correct ??= points;
    else if (keyOf(other) === 'basevalue') out.others.push({ values: [squash(other.textContent ?? '')], points });
    else if (keyOf(other) === 'ordered' || keyOf(other) === 'multiple')
      out.others.push({ values: elementsOf(other).map((v) => squash(v.textContent ?? '')), points });
  }
  return out;
}

/** Whether the item is scored by its mapping: not when it names the match_correct template, which ignores it. */
export const scoredByMapping = (root: Element, decl: Declaration) =>
  decl.mapped && templateOf(root) !== 'match_correct';

export const wholeMarks = (n: number) => Math.min(100, Math.max(n > 0 ? 1 : 0, Math.round(n)));

/** The plain text of an element, feedback and templating left out. */
export function textOf(node: Node): string {
  let text = '';
  for (let c = node.firstChild; c; c = c.nextSibling) {
    if (c.nodeType === TEXT || c.nodeType === CDATA) text += c.nodeValue ?? '';
    else if (c.nodeType === ELEMENT && !notPrompt.has(keyOf(c as Element))) text += ` ${textOf(c)} `;
  }
  return text;
}

/** A choice as an interaction holds it: a simple, associable or inline choice, a gap's word or picture. */
export interface Choice {
  identifier: string;
  text: string;
  /** The address of its picture: an `img`'s src or an `object`'s data. */
  src: string | null;
  fixed: boolean;
  /** QTI's matchMax, kept only when it is not 1 (Olympus's default); more than 50 is any number (0). */
  matchMax?: number;
}
export function choiceOf(el: Element): Choice {
  const img = descendants(el, (e) => keyOf(e) === 'img' || keyOf(e) === 'object')[0];
  const src = img ? (keyOf(img) === 'img' ? img.getAttribute('src') : img.getAttribute('data')) : null;
  // A gap's picture is named by its label (QTI's objectLabel), else by its alternative text or an object's own
  // text; any other choice by its text (a choice's picture's alternative text is not the choice's text).
  const label = attr(el, 'objectLabel');
  const alt = keyOf(el) === 'gapimg' && img && keyOf(img) === 'img' ? squash(img.getAttribute('alt') ?? '') : '';
  const text = label != null ? squash(label) : squash(textOf(el)) || alt;
  const raw = attr(el, 'matchMax');
  const max = raw == null || raw.trim() === '' ? 1 : Number(raw);
  const matchMax = !Number.isInteger(max) || max < 0 ? 1 : max > 50 ? 0 : max;
  return {
    identifier: attr(el, 'identifier') ?? '',
    text,
    src: src?.trim() || null,
    fixed: attr(el, 'fixed') === 'true',
    ...(matchMax !== 1 ? { matchMax } : {}),
  };
}

/** Identifiers of an interaction's choices, each once, mapped onto Olympus's ids in order. */
export function idsOf(choices: Array<{ identifier: string }>, ours: readonly string[], what: string) {
  const seen = new Set<string>();
  for (const c of choices) {
    if (!c.identifier) refuse(`A ${what} has no identifier`);
    if (seen.has(c.identifier)) refuse(`Two ${what}s share the identifier “${c.identifier}”`);
    seen.add(c.identifier);
  }
  if (choices.length > ours.length)
    refuse(`The item has ${choices.length} ${what}s; at most ${ours.length} are imported`);
  return new Map(choices.map((c, i) => [c.identifier, ours[i]!]));
}
