import type { Pair, QuestionType } from '#contract/questions';
import { gapIdsOf } from './interaction-values.js';

/** What naming a key's parts reads of a question: the editor's values and a stored question alike. */
export interface NamedQuestion {
  type: QuestionType;
  options: ReadonlyArray<{ id: string; text: string }>;
  targets: ReadonlyArray<{ id: string; text: string }>;
  gapText: string;
}

const letter = (i: number) => String.fromCharCode(65 + i);

/** An option as a key names it: its text, else its letter ("Label B"). */
export function optionName(q: NamedQuestion, id: string): string {
  const i = q.options.findIndex((o) => o.id === id);
  if (i < 0) return id;
  const noun =
    q.type === 'hotspot'
      ? 'Area'
      : q.type === 'graphic_gap_match'
        ? 'Label'
        : q.type === 'gap_match'
          ? 'Word'
          : q.type === 'match'
            ? 'Item'
            : 'Option';
  return q.options[i]!.text.trim() || `${noun} ${letter(i)}`;
}

/** A target as a key names it: a gap by its place in the text, a place or right-hand item by its text or number. */
export function targetName(q: NamedQuestion, id: string): string {
  if (q.type === 'gap_match') {
    const i = gapIdsOf(q.gapText).indexOf(id);
    return i < 0 ? id : `Gap ${i + 1}`;
  }
  const i = q.targets.findIndex((t) => t.id === id);
  if (i < 0) return id;
  const text = q.targets[i]!.text.trim();
  if (q.type === 'graphic_gap_match') return text ? `Place ${i + 1} (${text})` : `Place ${i + 1}`;
  return text || `Item ${i + 1}`;
}

/** A pair as the verifier and the points table read it: "label → place". */
export const pairName = (q: NamedQuestion, p: Pair) => `${optionName(q, p.source)} → ${targetName(q, p.target)}`;
