import { List, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import { distinctPairs, gapToken, inArea, keyAreaName, optionName, pairName } from '#contract/interactions';
import { AnswerKey, AnswerValue, type Pair, type QuestionType } from '#contract/questions';

type Named = readonly { id: string; text: string }[];

/** What of a question an answer is said by: its options, its targets and, for a text with gaps, the text. */
export interface SaidQuestion {
  type: string;
  options: Named;
  targets: Named;
  gapText: string;
}

const NONE = '—';

/** "(412, 233)": a point in the picture's whole pixels, as the editor measures areas. */
const pointText = (p: { x: number; y: number }) => `(${Math.round(p.x)}, ${Math.round(p.y)})`;

/**
 * A text with its gaps filled in: each gap shows what is in it, in bold and in brackets so that it reads apart from
 * the text around it also without the bold, or a blank.
 */
function FilledText({ text, fill }: { text: string; fill: (gapId: string) => string[] }) {
  // split() with the token's one group gives text, gap id, text, gap id, …
  const pieces = text.split(new RegExp(gapToken.source));
  return (
    <Text size="sm" component="span">
      {pieces.map((piece, i) => {
        if (i % 2 === 0) return <Fragment key={i}>{piece}</Fragment>;
        const words = fill(piece);
        return (
          <Text key={i} span fw={700} size="sm">
            {words.length ? `[${words.join(', ')}]` : '[_____]'}
          </Text>
        );
      })}
    </Text>
  );
}

/** Pairs as "Gauteng → place 2", one a line, or the words in their gaps (gap match with its text). */
function PairsWords({ pairs, q, type }: { pairs: Pair[]; q: SaidQuestion; type: QuestionType }) {
  const distinct = distinctPairs(pairs);
  if (distinct.length === 0) return NONE;
  if (type === 'gap_match' && q.gapText)
    return (
      <FilledText
        text={q.gapText}
        fill={(gap) => distinct.filter((p) => p.target === gap).map((p) => optionName(q.options, p.source))}
      />
    );
  return (
    <List size="sm" spacing={2}>
      {distinct.map((p) => (
        <List.Item key={`${p.source} ${p.target}`}>{pairName(p, q.options, q.targets, type)}</List.Item>
      ))}
    </List>
  );
}

/** Items in their order, as a numbered list. */
function OrderWords({ ids, q }: { ids: string[]; q: SaidQuestion }) {
  if (ids.length === 0) return NONE;
  return (
    <List type="ordered" size="sm" spacing={2}>
      {ids.map((id) => (
        <List.Item key={id}>{optionName(q.options, id)}</List.Item>
      ))}
    </List>
  );
}

/** One choice for the gap of an inline choice: the sentence with it in its gap, else the choice alone. */
function InlineWords({ id, q }: { id: string; q: SaidQuestion }) {
  const name = optionName(q.options, id);
  return q.gapText ? <FilledText text={q.gapText} fill={() => [name]} /> : name;
}

/** An answer saved before it had a type of its own to read by: its words if it has any, else as stored. */
function looseAnswer(value: unknown, options: Named): string {
  if (typeof value !== 'object' || value === null) return String(value);
  const v = value as Record<string, unknown>;
  const text = (id: unknown) => options.find((o) => o.id === id)?.text ?? String(id);
  if ('optionId' in v) return v.optionId == null ? NONE : text(v.optionId);
  if ('optionIds' in v && Array.isArray(v.optionIds))
    return v.optionIds.length ? v.optionIds.map(text).join('; ') : NONE;
  if ('text' in v) return String(v.text) || NONE;
  if ('value' in v) return v.value === null ? NONE : String(v.value);
  return JSON.stringify(value);
}

/**
 * A learner's answer in words, as the admin reads it beside the key: the options' text (never their ids, as a
 * learner's letters may have been shuffled), pairs as "Gauteng → place 2", an order as a numbered list, a point by
 * where it lies against the key's areas, and the words a learner chose in the gaps of the text.
 */
export function AnswerWords({
  value,
  answerKey,
  q,
}: {
  value: unknown;
  answerKey: unknown;
  q: SaidQuestion;
}): ReactNode {
  if (value === null || value === undefined) return NONE;
  const parsed = AnswerValue.safeParse(value);
  if (!parsed.success) return looseAnswer(value, q.options);
  const v = parsed.data;
  switch (v.type) {
    case 'single':
      return v.optionId == null ? NONE : optionName(q.options, v.optionId);
    case 'multiple':
    case 'hotspot':
      return v.optionIds.length ? v.optionIds.map((id) => optionName(q.options, id)).join('; ') : NONE;
    case 'true_false':
      return v.value == null ? NONE : v.value ? 'True' : 'False';
    case 'numeric':
      return v.value == null ? NONE : String(v.value);
    case 'short_text':
      return v.text.trim() || NONE;
    case 'select_point':
      return v.point ? pointWords(v.point, answerKey) : NONE;
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match':
      return <PairsWords pairs={v.pairs} q={q} type={v.type} />;
    case 'order':
      return <OrderWords ids={v.optionIds} q={q} />;
    case 'inline_choice':
      return v.optionId == null ? NONE : <InlineWords id={v.optionId} q={q} />;
  }
}

/** "Point at (412, 233) — inside the key area", or which of the key's areas it is in, or that it is in none. */
function pointWords(point: { x: number; y: number }, answerKey: unknown): string {
  const at = `Point at ${pointText(point)}`;
  const key = AnswerKey.safeParse(answerKey);
  if (!key.success || key.data.type !== 'select_point') return at;
  const areas = key.data.areas;
  const hit = areas.filter((a) => inArea(a.area, point));
  if (areas.length === 1) return `${at} — ${hit.length ? 'inside' : 'outside'} the key area`;
  return `${at} — ${hit.length ? `inside ${hit.map((a) => keyAreaName(a.id)).join(' and ')}` : 'outside the key areas'}`;
}

/** The key in the same words as the answers beside it. */
export function KeyWords({ answerKey, q }: { answerKey: unknown; q: SaidQuestion }): ReactNode {
  if (!answerKey) return NONE;
  const parsed = AnswerKey.safeParse(answerKey);
  if (!parsed.success) return JSON.stringify(answerKey);
  const k = parsed.data;
  switch (k.type) {
    case 'single':
      return optionName(q.options, k.correct);
    case 'multiple':
    case 'hotspot':
      return k.correct.map((id) => optionName(q.options, id)).join('; ');
    case 'true_false':
      return k.correct ? 'True' : 'False';
    case 'numeric':
      return `${k.value}${k.tolerance ? ` ± ${k.tolerance}` : ''}`;
    case 'short_text':
      return k.accepted.join(' / ');
    case 'select_point':
      return k.areas.length === 1
        ? `A point in the key area (${keyAreaName(k.areas[0]!.id)})`
        : `A point in ${k.areas.map((a) => keyAreaName(a.id)).join(' or ')}`;
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match':
      return <PairsWords pairs={k.correct} q={q} type={k.type} />;
    case 'order':
      return <OrderWords ids={k.correct} q={q} />;
    case 'inline_choice':
      return <InlineWords id={k.correct} q={q} />;
  }
}
