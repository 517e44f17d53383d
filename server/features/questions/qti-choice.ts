import type { AnswerKey } from '#contract/questions';
import { optionIds, targetIdsOf } from './qti-question.js';
import {
  type ItemContext,
  type ReadItem,
  bestMarks,
  choiceOf,
  idsOf,
  mappingOf,
  ownScoring,
  pts,
  refuse,
  scoredByMapping,
} from './qti-reading.js';
import { gapTextOf } from './qti-gap-text.js';
import { attr, childrenNamed } from './qti-xml.js';

/**
 * The interactions that choose from a list (decisions 027, 081, 082 and 084): a choice interaction (single or
 * multiple choice, true/false), an order interaction (the list put in order) and an inline choice (one word chosen
 * for the gap of a sentence).
 */

/** Single and multiple choice keep the first reader's limit of 12 choices (a, b, … l). */
const choiceLetters = optionIds.slice(0, 12);

/** QTI's default is the order as written; a fixed choice keeps its place when the others move. */
const shuffleOf = (ctx: ItemContext) => attr(ctx.interaction, 'shuffle') === 'true';

export function readChoice(ctx: ItemContext, marks: number): ReadItem {
  const { decl, root, notes, imageSrc } = ctx;
  if (decl.baseType !== 'identifier') refuse(`The response has base type “${decl.baseType}”, not identifier`);
  if (decl.cardinality !== 'single' && decl.cardinality !== 'multiple')
    refuse(`Choice responses with cardinality “${decl.cardinality}” are not imported`);
  const choices = childrenNamed(ctx.interaction, 'simpleChoice').map(choiceOf);
  const shuffle = shuffleOf(ctx);
  if (choices.length < 2) refuse('A choice item needs at least two choices');
  if (choices.length > 12) refuse(`The item has ${choices.length} choices; at most 12 are imported`);
  let correct = decl.correct;
  if (correct.length === 0 && decl.mapping.some((m) => m.value > 0)) {
    // Scored by a mapping alone: the choices that earn marks are the key (marked all or nothing).
    const best = Math.max(...decl.mapping.map((m) => m.value));
    correct = decl.mapping
      .filter((m) => m.value > 0 && (decl.cardinality === 'multiple' || m.value === best))
      .map((m) => m.key);
    notes.push('The key was taken from the choices that earn marks');
  }
  const ids = choices.map((c) => c.identifier);
  for (const v of correct) if (!ids.includes(v)) refuse(`The correct response names “${v}”, which is not a choice`);
  if (decl.cardinality === 'single' && correct.length > 1)
    refuse(`The correct response names ${correct.length} choices for a single answer`);
  if (!Number.isFinite(marks)) marks = 1;
  const hasKey = correct.length > 0;
  if (
    decl.cardinality === 'single' &&
    ids.length === 2 &&
    ids.includes('true') &&
    ids.includes('false') &&
    choices.every((c) => !c.src)
  ) {
    return ctx.item(hasKey ? { type: 'true_false', correct: correct[0] === 'true' } : null, marks, () => ({
      type: 'true_false',
      options: [],
    }));
  }
  // Our option ids are short letters; the item's identifiers map onto a, b, c … in order.
  const letterOf = idsOf(choices, choiceLetters, 'choice');
  for (const c of choices) if (c.src) imageSrc(c.src, () => ''); // collects the choices' images
  const multiple = decl.cardinality === 'multiple';
  const keyIds = correct.map((v) => letterOf.get(v)!);
  let key: AnswerKey | null = !hasKey
    ? null
    : multiple
      ? { type: 'multiple', correct: keyIds }
      : { type: 'single', correct: keyIds[0]! };
  if (key && scoredByMapping(root, decl)) {
    if (key.type === 'multiple') {
      for (const e of decl.mapping)
        if (!letterOf.has(e.key)) refuse(`The mapping names “${e.key}”, which is not a choice`);
      key = {
        ...key,
        mapping: mappingOf(
          decl,
          decl.mapping.map((e) => ({ response: letterOf.get(e.key)!, points: e.value })),
          (letter) => ids[choiceLetters.indexOf(letter)] ?? letter,
        ),
      };
      // The marks are the item's MAXSCORE; without one, what its best answer scores (checkQuestion compares them).
      const best = bestMarks(
        key,
        ids.map((id) => ({ id: letterOf.get(id)! })),
      );
      if (!Number.isFinite(ctx.maxValue)) marks = best;
    } else leaveOutPartMarks(ctx, correct, 'single choice');
  }
  return ctx.item(key, marks, (urlOf) => ({
    type: multiple ? 'multiple' : 'single',
    shuffle,
    options: choices.map((c, i) => ({
      id: choiceLetters[i]!,
      text: c.text,
      imageUrl: c.src ? imageSrc(c.src, urlOf) : null,
      ...(c.fixed ? { fixed: true } : {}),
    })),
  }));
}

/** A single answer is all or nothing here (decisions 082, 084): part marks for other choices cannot be kept. */
function leaveOutPartMarks(ctx: ItemContext, correct: string[], what: string) {
  const others = ctx.decl.mapping.filter((e) => e.value > 0 && !correct.includes(e.key));
  if (others.length)
    ctx.notes.push(
      `Part marks for other choices were left out (${what} is all or nothing): ${others
        .map((e) => `“${e.key}” ${pts(e.value)}`)
        .join(', ')}`,
    );
}

/**
 * An order interaction: its choices are the items, stored in the right order (the editor's key is the order of its
 * items, decision 084) and shown to each learner in their own order. All or nothing, as match_correct has it.
 */
export function readOrder(ctx: ItemContext, marks: number): ReadItem {
  const { decl, notes, imageSrc } = ctx;
  if (decl.baseType !== 'identifier' || decl.cardinality !== 'ordered')
    refuse(`An order item’s response is an ordered list of identifiers, not “${decl.cardinality} ${decl.baseType}”`);
  const choices = childrenNamed(ctx.interaction, 'simpleChoice').map(choiceOf);
  if (choices.length < 2) refuse('An order item needs at least two items to put in order');
  idsOf(choices, optionIds, 'item');
  const correct = decl.correct;
  const byId = new Map(choices.map((c) => [c.identifier, c]));
  for (const v of correct) if (!byId.has(v)) refuse(`The correct order names “${v}”, which is not an item`);
  if (correct.length && (new Set(correct).size !== choices.length || correct.length !== choices.length))
    refuse(`The correct order names ${correct.length} of the ${choices.length} items; every item is put in order here`);
  if (choices.some((c) => c.fixed))
    notes.push('The items are shown in each learner’s own order: an item kept in place was left out of that');
  if (decl.mapped && scoredByMapping(ctx.root, decl))
    notes.push('An order is marked all or nothing: its mapping was left out');
  // The item's own scoring may give points for an order other than the right one (IMS's order_partial_scoring).
  const others = ownScoring(ctx.root, ctx.responseId).others.filter((o) => o.points > 0);
  if (others.length)
    notes.push(
      `Part marks for other orders were left out (an order is all or nothing): ${others
        .map((o) => `“${o.values.map((v) => byId.get(v)?.text ?? v).join(', ')}” ${pts(o.points)}`)
        .join(', ')}`,
    );
  // In the right order when the item has one, so that the editor's key (the items' order) is the item's.
  const ordered = correct.length ? correct.map((v) => byId.get(v)!) : choices;
  for (const c of ordered) if (c.src) imageSrc(c.src, () => '');
  const key: AnswerKey | null = correct.length
    ? { type: 'order', correct: ordered.map((_, i) => optionIds[i]!) }
    : null;
  return ctx.item(key, Number.isFinite(marks) ? marks : 1, (urlOf) => ({
    type: 'order',
    shuffle: true,
    options: ordered.map((c, i) => ({
      id: optionIds[i]!,
      text: c.text,
      imageUrl: c.src ? imageSrc(c.src, urlOf) : null,
    })),
  }));
}

/**
 * An inline choice: its choices are the options, the block around it (taken out of the prompt) the text with its one
 * gap, `{{g1}}` as the editor writes a gap. All or nothing, as a single choice is.
 */
export function readInlineChoice(ctx: ItemContext, marks: number): ReadItem {
  const { decl } = ctx;
  if (decl.baseType !== 'identifier' || decl.cardinality !== 'single')
    refuse(`An inline choice’s response is one identifier, not “${decl.cardinality} ${decl.baseType}”`);
  const choices = childrenNamed(ctx.interaction, 'inlineChoice').map(choiceOf);
  if (choices.length < 2) refuse('An inline choice needs at least two choices');
  const letterOf = idsOf(choices, optionIds, 'choice');
  let correct = decl.correct;
  if (correct.length === 0 && decl.mapping.some((m) => m.value > 0)) {
    const best = Math.max(...decl.mapping.map((m) => m.value));
    correct = [decl.mapping.find((m) => m.value === best)!.key];
    ctx.notes.push('The key was taken from the choice that earns the most marks');
  }
  if (correct.length > 1) refuse(`The correct response names ${correct.length} choices for a single answer`);
  for (const v of correct) if (!letterOf.has(v)) refuse(`The correct response names “${v}”, which is not a choice`);
  if (correct.length && scoredByMapping(ctx.root, decl)) leaveOutPartMarks(ctx, correct, 'an inline choice');
  const [gap] = targetIdsOf('inline_choice', 1);
  const gapText = gapTextOf(ctx.gapBlock ?? ctx.interaction, (el) => (el === ctx.interaction ? gap! : null), ctx.notes);
  return ctx.item(
    correct.length ? { type: 'inline_choice', correct: letterOf.get(correct[0]!)! } : null,
    Number.isFinite(marks) ? marks : 1,
    () => ({
      type: 'inline_choice',
      shuffle: shuffleOf(ctx),
      gapText,
      options: choices.map((c, i) => ({
        id: optionIds[i]!,
        text: c.text,
        imageUrl: null,
        ...(c.fixed ? { fixed: true } : {}),
      })),
    }),
  );
}
