import type { AnswerKey, Pair, QuestionTarget } from '#contract/questions';
import { pairResponse } from '#contract/questions';
import { gapTextOf } from './qti-gap-text.js';
import { optionIds, targetIdsOf } from './qti-question.js';
import {
  type Choice,
  type ItemContext,
  type ReadItem,
  bestMarks,
  choiceOf,
  idsOf,
  mappingOf,
  refuse,
  scoredByMapping,
} from './qti-reading.js';
import { attr, childrenNamed, descendants, elementsOf, keyOf } from './qti-xml.js';

/**
 * The interactions whose answer is a set of pairs, QTI's directedPair "source target" (decision 084): a match (two
 * sets of choices), a gap match (words put into the gaps of a text) and, with qti-graphic.ts, a graphic gap match.
 * The right pairs are the key; a mapping names a pair as "source target" and gives it points (decision 082).
 */

type PairType = 'graphic_gap_match' | 'gap_match' | 'match';

/** What the two ends of a pair are called when a refusal names them. */
const ends: Record<PairType, [string, string]> = {
  graphic_gap_match: ['label', 'place'],
  gap_match: ['word', 'gap'],
  match: ['left-hand item', 'right-hand item'],
};

/**
 * The key of a pairing item, its pairs renamed to Olympus's ids: the correct response, else the pairs the mapping
 * gives marks; with the mapping when the item is scored by it. Also the marks, as the choice items take them.
 */
export function pairsKey(
  ctx: ItemContext,
  type: PairType,
  sources: Map<string, string>,
  targets: Map<string, string>,
  marks: number,
  /** The options and targets with the ids and matchMax they will have: the best answer is counted with them. */
  options: Array<{ id: string; matchMax?: number }>,
  targetList: Array<{ id: string; matchMax?: number }>,
): { key: AnswerKey | null; marks: number } {
  const { decl, notes } = ctx;
  if (decl.baseType !== 'directedPair')
    refuse(`The response has base type “${decl.baseType}”; pairs are QTI’s directedPair`);
  if (decl.cardinality !== 'multiple' && decl.cardinality !== 'single')
    refuse(`Pair responses with cardinality “${decl.cardinality}” are not imported`);
  const [source, target] = ends[type];
  const pairOf = (value: string, where: string): Pair => {
    const [s, t, ...more] = value.split(/\s+/);
    if (!s || !t || more.length) refuse(`The ${where} “${value}” is not a pair of two identifiers`);
    if (sources.has(s!) && targets.has(t!)) return { source: sources.get(s!)!, target: targets.get(t!)! };
    if (sources.has(t!) && targets.has(s!))
      refuse(`The ${where} “${value}” names the ${target} first; a pair names the ${source}, then the ${target}`);
    return refuse(`The ${where} “${value}” is not a pair of a ${source} and a ${target} of this item`);
  };
  let raw = decl.correct;
  if (raw.length === 0 && decl.mapping.some((m) => m.value > 0)) {
    raw = decl.mapping.filter((m) => m.value > 0).map((m) => m.key);
    notes.push('The key was taken from the pairs that earn marks');
  }
  const correct: Pair[] = [];
  for (const v of raw) {
    const pair = pairOf(v, 'correct response');
    if (!correct.some((p) => pairResponse(p) === pairResponse(pair))) correct.push(pair);
  }
  if (decl.cardinality === 'single' && correct.length > 1)
    refuse(`The correct response names ${correct.length} pairs for a single pair`);
  if (!Number.isFinite(marks)) marks = 1;
  if (!correct.length) return { key: null, marks };
  let key: AnswerKey = { type, correct };
  if (scoredByMapping(ctx.root, decl)) {
    const entries = decl.mapping.map((e) => ({ response: pairResponse(pairOf(e.key, 'mapping')), points: e.value }));
    key = { type, correct, mapping: mappingOf(decl, entries) };
    const best = bestMarks(key, options, { targets: targetList });
    if (!Number.isFinite(ctx.maxValue)) marks = best;
  }
  return { key, marks };
}

/** Choices as the scoring counts them: their ids here and how many pairs each may be in. */
export const limits = (list: Array<{ identifier: string; matchMax?: number }>, ids: Map<string, string>) =>
  list.map((c) => ({ id: ids.get(c.identifier)!, ...(c.matchMax != null ? { matchMax: c.matchMax } : {}) }));

/** A choice as an option: its text, its picture (collected, then stored), fixed and matchMax when they differ. */
export function optionOf(ctx: ItemContext, c: Choice, id: string, urlOf: (path: string) => string) {
  return {
    id,
    text: c.text,
    imageUrl: c.src ? ctx.imageSrc(c.src, urlOf) : null,
    ...(c.fixed ? { fixed: true } : {}),
    ...(c.matchMax != null ? { matchMax: c.matchMax } : {}),
  };
}

/**
 * Pictures to place that have no name (a gapImg with neither an objectLabel nor an alternative text, as IMS's airport
 * codes): learners who use a screen reader hear nothing of them, so the note asks for names, calling them by the
 * identifiers the item gives them.
 */
export function noteUnnamedPictures(ctx: ItemContext, choices: Choice[], what: string) {
  const unnamed = choices.filter((c) => c.src && !c.text).map((c) => `“${c.identifier}”`);
  if (!unnamed.length) return;
  const one = unnamed.length === 1;
  const named = `${unnamed.slice(0, 3).join(', ')}${unnamed.length > 3 ? ' …' : ''}`;
  ctx.notes.push(
    `${one ? `A ${what} is a picture` : `${unnamed.length} ${what}s are pictures`} without a name (the item calls ${one ? 'it' : 'them'} ${named}): name ${one ? 'it' : 'them'} in the editor for learners who use a screen reader`,
  );
}

/** A match: the first set of choices are the options (a, b, …), the second the targets (r1, r2, …). */
export function readMatch(ctx: ItemContext, marks: number): ReadItem {
  const sets = childrenNamed(ctx.interaction, 'simpleMatchSet');
  if (sets.length !== 2) refuse(`A match item has two sets of choices, not ${sets.length}`);
  const [left, right] = sets.map((s) => childrenNamed(s, 'simpleAssociableChoice').map(choiceOf)) as [
    Choice[],
    Choice[],
  ];
  if (!left.length || !right.length) refuse('A match item needs choices on both sides');
  const sources = idsOf(left, optionIds, 'left-hand item');
  const targets = idsOf(right, targetIdsOf('match', 20), 'right-hand item');
  for (const c of [...left, ...right]) if (c.src) ctx.imageSrc(c.src, () => '');
  const keyed = pairsKey(ctx, 'match', sources, targets, marks, limits(left, sources), limits(right, targets));
  return ctx.item(keyed.key, keyed.marks, (urlOf) => ({
    type: 'match',
    shuffle: attr(ctx.interaction, 'shuffle') === 'true',
    options: left.map((c, i) => optionOf(ctx, c, optionIds[i]!, urlOf)),
    targets: right.map((c): QuestionTarget => optionOf(ctx, c, targets.get(c.identifier)!, urlOf)),
  }));
}

/** The parts of a gap match that are not its text: the words to place (and a prompt, already moved out). */
const wordKinds = new Set(['gaptext', 'gapimg', 'prompt']);

/**
 * A gap match: its words (gapText, or gapImg pictures) are the options, its gaps the targets (g1, g2, … in the order
 * they stand), and the block content around the gaps the question's text with each gap written `{{g1}}`.
 */
export function readGapMatch(ctx: ItemContext, marks: number): ReadItem {
  const words = elementsOf(ctx.interaction)
    .filter((e) => keyOf(e) === 'gaptext' || keyOf(e) === 'gapimg')
    .map(choiceOf);
  if (!words.length) refuse('A gap match item needs words to put into its gaps');
  noteUnnamedPictures(ctx, words, 'word');
  const gaps = descendants(ctx.interaction, (e) => keyOf(e) === 'gap').map((g) => ({
    identifier: attr(g, 'identifier') ?? '',
  }));
  if (!gaps.length) refuse('A gap match item needs gaps in its text');
  const sources = idsOf(words, optionIds, 'word');
  const targets = idsOf(gaps, targetIdsOf('gap_match', 20), 'gap');
  for (const c of words) if (c.src) ctx.imageSrc(c.src, () => '');
  const gapText = gapTextOf(
    ctx.interaction,
    (el) => (keyOf(el) === 'gap' ? targets.get(attr(el, 'identifier') ?? '')! : null),
    ctx.notes,
    (el) => wordKinds.has(keyOf(el)),
  );
  const keyed = pairsKey(ctx, 'gap_match', sources, targets, marks, limits(words, sources), limits(gaps, targets));
  return ctx.item(keyed.key, keyed.marks, (urlOf) => ({
    type: 'gap_match',
    shuffle: attr(ctx.interaction, 'shuffle') === 'true',
    gapText,
    options: words.map((c, i) => optionOf(ctx, c, optionIds[i]!, urlOf)),
    targets: gaps.map((g) => ({ id: targets.get(g.identifier)!, text: '', imageUrl: null })),
  }));
}
