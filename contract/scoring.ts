import { distinctPairs, inArea, keyAreaName, optionName, pairName } from './interactions.js';
import { figure } from './numbers.js';
import { type AnswerKey, type AnswerValue, type Pair, pairResponse, type ResponseMapping } from './questions.js';

/**
 * Scoring: pure functions from a question's key and a learner's answer to marks, shared by the server's marking and
 * the editor's preview (decision 082). A key without a mapping is all or nothing; a mapped key scores as QTI's
 * `mapResponse`, within the mapping's bounds and never above the question's marks nor below 0.
 */

/** Scores are kept to hundredths: the one rounding of every mark a question awards. */
export const roundScore = (n: number) => Math.round(n * 100) / 100;

/** "  Cape   Town " → "capetown": case- and space-insensitive comparison for short text. */
export const normaliseText = (s: string) => s.normalize('NFC').toLowerCase().replace(/\s+/g, '');

/** A numeric answer within a tolerance, with a tiny epsilon so that 0.1 + 0.2 style float noise never costs a mark. */
const within = (given: number, value: number, tolerance: number) => Math.abs(given - value) <= tolerance + 1e-9;

/** What the scoring reads of a question. */
export interface ScoredQuestion {
  marks: number;
  answerKey: AnswerKey | null;
}

/**
 * The most a question can score: its marks, for every type. A mapped key must reach exactly them with its best
 * answer (`bestScoreOf`, checked by `checkQuestion`), so an attempt's maximum, the sum of its questions' marks, is
 * always within reach.
 */
export const maxScoreOf = (q: { marks: number }): number => q.marks;

/** Whether the key gives part of the marks to some answers (a mapping, or a number's wider tolerance). */
export function hasPartialCredit(key: AnswerKey | null): boolean {
  if (!key) return false;
  if (key.type === 'numeric') return key.partial != null;
  // Order and inline choice are all or nothing (decision 084), as are single choice and true or false.
  return 'mapping' in key && key.mapping != null;
}

/** A mapping's points for one response value, or its default. */
function pointsOf(mapping: ResponseMapping, response: string, same: (a: string, b: string) => boolean): number {
  return mapping.entries.find((e) => same(e.response, response))?.points ?? mapping.defaultValue;
}

const bounded = (mapping: ResponseMapping, n: number) =>
  Math.max(mapping.lowerBound, mapping.upperBound == null ? n : Math.min(mapping.upperBound, n));

/**
 * QTI's `mapResponse`: a single value's points, or the sum over a container's distinct values, within the bounds.
 * An empty response is not mapped (it scores 0 before this is asked).
 */
export function mapResponse(
  mapping: ResponseMapping,
  responses: readonly string[],
  same: (a: string, b: string) => boolean = (a, b) => a === b,
): number {
  const distinct = responses.filter((r, i) => responses.findIndex((x) => same(x, r)) === i);
  return bounded(
    mapping,
    distinct.reduce((sum, r) => sum + pointsOf(mapping, r, same), 0),
  );
}

const sameText = (a: string, b: string) => normaliseText(a) === normaliseText(b);

/**
 * A short answer as the key's own language writes it (decision 094): "Kaapstad" is "Cape Town" when the key spells it
 * so for Afrikaans, whatever language the learner wrote in; any other answer as it was given.
 */
export function acceptedSpelt(key: Extract<AnswerKey, { type: 'short_text' }>, text: string): string {
  const given = normaliseText(text);
  for (const byAnswer of Object.values(key.acceptedByLanguage ?? {})) {
    for (const [answer, spellings] of Object.entries(byAnswer ?? {})) {
      if (spellings.some((s) => normaliseText(s) === given)) return answer;
    }
  }
  return text;
}

/** What else of the question the best answer depends on: a pairing question's targets, a hotspot's choices. */
export interface BestScoreContext {
  /** The targets of a pairing question, with how many options each may hold (QTI's `matchMax`). */
  targets?: ReadonlyArray<{ id: string; matchMax?: number }>;
  /** How many areas a hotspot question lets a learner choose (0 any). */
  maxChoices?: number;
}

/**
 * What a key's best answer scores by its mapping, before the marks cap it; null for a key marked all or nothing.
 * Multiple choice and hotspot: every option with positive points (an option the mapping does not name earns the
 * default), a hotspot's at most `maxChoices` of them; short text: the best accepted answer, or the default if that is
 * higher; select point: the best single area, or the default for a point outside them all (a point where areas
 * overlap may score more, but never above the marks); the pairing types: the best set of pairs that each option and
 * target may be in by their `matchMax`.
 */
export function bestScoreOf(
  key: AnswerKey | null,
  options: ReadonlyArray<{ id: string; matchMax?: number }>,
  context: BestScoreContext = {},
): number | null {
  if (!key || !('mapping' in key) || !key.mapping) return null;
  const m = key.mapping;
  const best = (n: number) => roundScore(bounded(m, n));
  switch (key.type) {
    case 'multiple':
    case 'hotspot': {
      const gains = options.map((o) => Math.max(0, pointsOf(m, o.id, Object.is))).sort((a, b) => b - a);
      const limit = key.type === 'hotspot' && context.maxChoices ? context.maxChoices : gains.length;
      return best(gains.slice(0, limit).reduce((sum, g) => sum + g, 0));
    }
    case 'short_text':
      return best(Math.max(m.defaultValue, ...m.entries.map((e) => e.points)));
    case 'select_point':
      return best(Math.max(m.defaultValue, ...key.areas.map((a) => pointsOf(m, a.id, Object.is))));
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match':
      return best(bestPairing(m, options, context.targets ?? targetsNamed(key.correct, m)));
  }
}

/** The targets a key names, for a caller that does not give the question's own. */
const targetsNamed = (correct: readonly Pair[], m: ResponseMapping) =>
  [...new Set([...correct.map((p) => p.target), ...m.entries.map((e) => e.response.split(' ')[1] ?? '')])]
    .filter(Boolean)
    .map((id) => ({ id }));

/**
 * The most a set of pairs can earn when each option may be in `matchMax` pairs and each target hold `matchMax`
 * options (1 when left out, 0 any), each pair at most once: a maximum-weight b-matching, found as a min-cost flow by
 * successive shortest paths (Bellman–Ford, as the costs are negative), stopping when no path gains. Small: at most
 * 20 options by 20 targets.
 */
function bestPairing(
  m: ResponseMapping,
  options: ReadonlyArray<{ id: string; matchMax?: number }>,
  targets: ReadonlyArray<{ id: string; matchMax?: number }>,
): number {
  const n = options.length;
  const size = n + targets.length + 2;
  const source = 0;
  const sink = size - 1;
  const edges: Array<{ to: number; cap: number; cost: number }> = [];
  const out: number[][] = Array.from({ length: size }, () => []);
  const edge = (from: number, to: number, cap: number, cost: number) => {
    out[from]!.push(edges.length);
    edges.push({ to, cap, cost });
    out[to]!.push(edges.length);
    edges.push({ to: from, cap: 0, cost: -cost });
  };
  const capacity = (matchMax: number | undefined, other: number) => (matchMax === 0 ? other : (matchMax ?? 1));
  options.forEach((o, i) => edge(source, 1 + i, capacity(o.matchMax, targets.length), 0));
  targets.forEach((t, j) => edge(1 + n + j, sink, capacity(t.matchMax, n), 0));
  options.forEach((o, i) =>
    targets.forEach((t, j) => {
      const points = pointsOf(m, pairResponse({ source: o.id, target: t.id }), Object.is);
      if (points > 0) edge(1 + i, 1 + n + j, 1, -points);
    }),
  );
  let gained = 0;
  for (;;) {
    const dist = new Array<number>(size).fill(Infinity);
    const via = new Array<number>(size).fill(-1);
    dist[source] = 0;
    for (let round = 0, changed = true; changed && round < size; round++) {
      changed = false;
      for (let v = 0; v < size; v++) {
        if (dist[v] === Infinity) continue;
        for (const e of out[v]!) {
          const { to, cap, cost } = edges[e]!;
          if (cap > 0 && dist[v]! + cost < dist[to]! - 1e-12) {
            dist[to] = dist[v]! + cost;
            via[to] = e;
            changed = true;
          }
        }
      }
    }
    if (dist[sink] === Infinity || dist[sink]! >= -1e-12) return gained;
    let push = Infinity;
    for (let v = sink; v !== source; v = edges[via[v]! ^ 1]!.to) push = Math.min(push, edges[via[v]!]!.cap);
    for (let v = sink; v !== source; v = edges[via[v]! ^ 1]!.to) {
      edges[via[v]!]!.cap -= push;
      edges[via[v]! ^ 1]!.cap += push;
    }
    gained -= push * dist[sink]!;
  }
}

/** Exactly the same set of ids, whatever their order and however often one is given. */
const sameSet = (given: readonly string[], correct: readonly string[]) => {
  const a = new Set(given);
  const b = new Set(correct);
  return a.size === b.size && [...b].every((id) => a.has(id));
};

/** The marks an answer earns, all or nothing or in part; 0 for an empty, mistyped or unkeyed answer. */
export function scoreAnswer(q: ScoredQuestion, value: AnswerValue | null | undefined): number {
  const key = q.answerKey;
  const max = maxScoreOf(q);
  if (!key || !value || key.type !== value.type) return 0;
  const capped = (n: number) => roundScore(Math.min(max, Math.max(0, n)));
  switch (key.type) {
    case 'single':
      return value.type === 'single' && value.optionId != null && value.optionId === key.correct ? max : 0;
    case 'true_false':
      return value.type === 'true_false' && value.value != null && value.value === key.correct ? max : 0;
    case 'multiple':
    case 'hotspot': {
      if ((value.type !== 'multiple' && value.type !== 'hotspot') || value.optionIds.length === 0) return 0;
      if (key.mapping) return capped(mapResponse(key.mapping, value.optionIds));
      // all or nothing: exactly the correct set
      return sameSet(value.optionIds, key.correct) ? max : 0;
    }
    case 'numeric': {
      if (value.type !== 'numeric' || value.value == null || !Number.isFinite(value.value)) return 0;
      if (within(value.value, key.value, key.tolerance ?? 0)) return max;
      return key.partial && within(value.value, key.value, key.partial.tolerance) ? capped(key.partial.points) : 0;
    }
    case 'short_text': {
      if (value.type !== 'short_text' || normaliseText(value.text).length === 0) return 0;
      const text = acceptedSpelt(key, value.text);
      if (key.mapping) return capped(mapResponse(key.mapping, [text], sameText));
      const given = normaliseText(text);
      return key.accepted.some((a) => normaliseText(a) === given) ? max : 0;
    }
    case 'select_point': {
      if (value.type !== 'select_point' || !value.point) return 0;
      const point = value.point;
      const hit = key.areas.filter((a) => inArea(a.area, point)).map((a) => a.id);
      if (!key.mapping) return hit.length > 0 ? max : 0;
      // QTI's areaMapping: the points of each area the point lies in, each area once; the default in none.
      const m = key.mapping;
      return capped(
        bounded(
          m,
          hit.length ? [...new Set(hit)].reduce((sum, id) => sum + pointsOf(m, id, Object.is), 0) : m.defaultValue,
        ),
      );
    }
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match': {
      if (value.type !== key.type || value.pairs.length === 0) return 0;
      const given = distinctPairs(value.pairs).map(pairResponse);
      if (key.mapping) return capped(mapResponse(key.mapping, given));
      return sameSet(given, key.correct.map(pairResponse)) ? max : 0;
    }
    case 'order': {
      if (value.type !== 'order' || value.optionIds.length === 0) return 0;
      const given = value.optionIds;
      return given.length === key.correct.length && key.correct.every((id, i) => given[i] === id) ? max : 0;
    }
    case 'inline_choice':
      return value.type === 'inline_choice' && value.optionId != null && value.optionId === key.correct ? max : 0;
  }
}

/** How an answer's marks read: all of them, part of them, or none. */
export type Credit = 'full' | 'partial' | 'none';
export function creditOf(awarded: number | null | undefined, marks: number): Credit {
  if (awarded == null || awarded <= 0) return 'none';
  return awarded >= marks - 1e-9 ? 'full' : 'partial';
}

/** Points as people read them: "1", "0,5", "−1" (a true minus sign), through the one figure format. */
const points = (n: number) => (n < 0 ? `−${figure(-n)}` : figure(n));

/**
 * A key's partial credit in words, for the staff who check it (the editor, the verify screen, a learner's submitted
 * answers); null for a key marked all or nothing. "Points: Limpopo 1, Gauteng 1, Lesotho −1; any other option −0,5;
 * at most 2". A pair reads "Limpopo → A", a select-point area "Area A".
 */
export function creditInWords(
  key: AnswerKey | null,
  options: ReadonlyArray<{ id: string; text: string }>,
  targets: ReadonlyArray<{ id: string; text: string }> = [],
): string | null {
  if (!key) return null;
  if (key.type === 'numeric')
    return key.partial
      ? `Within ± ${figure(key.partial.tolerance)}: ${points(key.partial.points)} ${key.partial.points === 1 ? 'mark' : 'marks'}`
      : null;
  if (!('mapping' in key) || !key.mapping) return null;
  const m = key.mapping;
  const name = (response: string): string => {
    switch (key.type) {
      case 'multiple':
      case 'hotspot':
        return optionName(options, response);
      case 'select_point':
        return keyAreaName(response);
      case 'short_text':
        return `“${response}”`;
      default: {
        const [source = '', target = ''] = response.split(' ');
        return pairName({ source, target }, options, targets, key.type);
      }
    }
  };
  const other = {
    multiple: 'any other option',
    hotspot: 'any other area',
    short_text: 'any other answer',
    select_point: 'a point outside these areas',
    graphic_gap_match: 'any other pair',
    gap_match: 'any other pair',
    match: 'any other pair',
  }[key.type];
  const parts = [`Points: ${m.entries.map((e) => `${name(e.response)} ${points(e.points)}`).join(', ')}`];
  parts.push(`${other} ${points(m.defaultValue)}`);
  if (m.lowerBound > 0) parts.push(`at least ${points(m.lowerBound)}`);
  if (m.upperBound != null) parts.push(`at most ${points(m.upperBound)}`);
  return parts.join('; ');
}
