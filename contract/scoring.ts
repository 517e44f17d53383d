import { figure } from './numbers.js';
import type { AnswerKey, AnswerValue, ResponseMapping } from './questions.js';

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
  if (key.type === 'multiple' || key.type === 'short_text') return key.mapping != null;
  if (key.type === 'numeric') return key.partial != null;
  return false;
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
 * What a key's best answer scores by its mapping, before the marks cap it; null for a key marked all or nothing.
 * Multiple choice: every option with positive points (an option the mapping does not name earns the default);
 * short text: the best accepted answer, or the default if that is higher.
 */
export function bestScoreOf(key: AnswerKey | null, options: ReadonlyArray<{ id: string }>): number | null {
  if (!key) return null;
  if (key.type === 'multiple' && key.mapping) {
    const m = key.mapping;
    return roundScore(
      bounded(
        m,
        options.reduce((sum, o) => sum + Math.max(0, pointsOf(m, o.id, Object.is)), 0),
      ),
    );
  }
  if (key.type === 'short_text' && key.mapping) {
    const m = key.mapping;
    return roundScore(bounded(m, Math.max(m.defaultValue, ...m.entries.map((e) => e.points))));
  }
  return null;
}

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
    case 'multiple': {
      if (value.type !== 'multiple' || value.optionIds.length === 0) return 0;
      if (key.mapping) return capped(mapResponse(key.mapping, value.optionIds));
      const given = new Set(value.optionIds);
      const correct = new Set(key.correct);
      // all or nothing: exactly the correct set
      return given.size === correct.size && [...correct].every((id) => given.has(id)) ? max : 0;
    }
    case 'numeric': {
      if (value.type !== 'numeric' || value.value == null || !Number.isFinite(value.value)) return 0;
      if (within(value.value, key.value, key.tolerance ?? 0)) return max;
      return key.partial && within(value.value, key.value, key.partial.tolerance) ? capped(key.partial.points) : 0;
    }
    case 'short_text': {
      if (value.type !== 'short_text' || normaliseText(value.text).length === 0) return 0;
      if (key.mapping) return capped(mapResponse(key.mapping, [value.text], sameText));
      const given = normaliseText(value.text);
      return key.accepted.some((a) => normaliseText(a) === given) ? max : 0;
    }
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
 * at most 2".
 */
export function creditInWords(
  key: AnswerKey | null,
  options: ReadonlyArray<{ id: string; text: string }>,
): string | null {
  if (!key) return null;
  if (key.type === 'numeric')
    return key.partial
      ? `Within ± ${figure(key.partial.tolerance)}: ${points(key.partial.points)} ${key.partial.points === 1 ? 'mark' : 'marks'}`
      : null;
  if ((key.type !== 'multiple' && key.type !== 'short_text') || !key.mapping) return null;
  const m = key.mapping;
  const name = (response: string) =>
    key.type === 'multiple'
      ? options.find((o) => o.id === response)?.text || `Option ${response.toUpperCase()}`
      : `“${response}”`;
  const parts = [`Points: ${m.entries.map((e) => `${name(e.response)} ${points(e.points)}`).join(', ')}`];
  parts.push(`any other ${key.type === 'multiple' ? 'option' : 'answer'} ${points(m.defaultValue)}`);
  if (m.lowerBound > 0) parts.push(`at least ${points(m.lowerBound)}`);
  if (m.upperBound != null) parts.push(`at most ${points(m.upperBound)}`);
  return parts.join('; ');
}
