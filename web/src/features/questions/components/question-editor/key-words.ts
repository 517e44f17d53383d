import * as named from '#contract/interactions';
import type { Pair, QuestionType } from '#contract/questions';

/**
 * A key's parts in words, as the contract names them (the points in words, a learner's submitted answers): the
 * editor's values and a stored question read alike.
 */
export interface NamedQuestion {
  type: QuestionType;
  options: ReadonlyArray<{ id: string; text: string }>;
  targets: ReadonlyArray<{ id: string; text: string }>;
  gapText: string;
}

/** An option as a key names it: its text, else "Option B". */
export const optionName = (q: NamedQuestion, id: string) => named.optionName(q.options, id);

/** A target as a key names it: a place's or item's text, else its place among them ("Gap 2", "Place 1"). */
export const targetName = (q: NamedQuestion, id: string) => named.targetName(q.targets, id, q.type);

/** A pair as the verifier and the points table read it: "label → place". */
export const pairName = (q: NamedQuestion, p: Pair) => named.pairName(p, q.options, q.targets, q.type);
