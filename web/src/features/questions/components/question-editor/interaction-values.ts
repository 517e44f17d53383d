import type { QuestionUpdate } from '#contract/authoring';
import { fillGaps, gapsIn } from '#contract/interactions';
import { type AnswerKey, isPairType, type Pair, pairResponse, type QuestionType } from '#contract/questions';
import { entriesOf, type EditorOption, type EditorTarget, mappingOf, type Values } from './form-values.js';

/**
 * The form values of the seven interactions of decision 084 (hotspot, select point, graphic gap match, gap match,
 * order, match, inline choice) and how they become the question the server takes.
 */

/** The gaps of a text, each once, in the order they first appear (`gapsIn` lists one written twice twice). */
export const gapIdsOf = (text: string) => [...new Set(gapsIn(text))];

/** The text as a learner reads it, each gap a blank: for names and the verify screen. */
export const withBlanks = (text: string, fill: (id: string) => string = () => '_____') => fillGaps(text, fill);

/** Ids of new targets, by kind: places on the picture p1…, gaps g1…, a match's right-hand items r1…. */
export const targetPrefix = (type: QuestionType) =>
  type === 'graphic_gap_match' ? 'p' : type === 'gap_match' || type === 'inline_choice' ? 'g' : 'r';
export const numberedIds = (prefix: string, n = 20) => Array.from({ length: n }, (_, i) => `${prefix}${i + 1}`);
/** Select point's key areas are a, b, … */
export const keyAreaIds = [...'abcdefghijklmnopqrst'];

/** The key's inputs of a stored key of one of the seven types. */
export function interactionValues(key: AnswerKey | null) {
  return {
    correctHotspot: key?.type === 'hotspot' ? key.correct : [],
    keyAreas: key?.type === 'select_point' ? key.areas.map((a) => ({ ...a })) : [],
    pairs: key?.type === 'graphic_gap_match' || key?.type === 'gap_match' || key?.type === 'match' ? key.correct : [],
    correctInline: key?.type === 'inline_choice' ? key.correct : null,
  } satisfies Partial<Values>;
}

/** The options a type sends: each with only what the type uses. */
export function optionsSent(v: Values): QuestionUpdate['options'] {
  const fixed = (o: EditorOption) => (v.shuffle && o.fixed ? { fixed: true } : {});
  const matchMax = (o: { matchMax?: number }) =>
    o.matchMax != null && o.matchMax !== 1 ? { matchMax: o.matchMax } : {};
  const plain = (o: EditorOption) => ({ id: o.id, text: o.text, imageUrl: o.imageUrl });
  switch (v.type) {
    case 'single':
    case 'multiple':
      return v.options.map((o) => ({ ...plain(o), ...(o.fixed ? { fixed: true } : {}) }));
    case 'hotspot':
      return v.options.map((o) => ({ id: o.id, text: o.text, imageUrl: null, ...(o.area ? { area: o.area } : {}) }));
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match':
      return v.options.map((o) => ({ ...plain(o), ...fixed(o), ...matchMax(o) }));
    case 'order':
      return v.options.map(plain);
    case 'inline_choice':
      return v.options.map((o) => ({ ...plain(o), ...fixed(o) }));
    default:
      return [];
  }
}

/** The targets a type sends: places with their areas, the text's gaps in order, or a match's right-hand items. */
export function targetsSent(v: Values): QuestionUpdate['targets'] {
  const matchMax = (t: EditorTarget) => (t.matchMax != null && t.matchMax !== 1 ? { matchMax: t.matchMax } : {});
  switch (v.type) {
    case 'graphic_gap_match':
      return v.targets.map((t) => ({
        id: t.id,
        text: t.text,
        imageUrl: null,
        ...(t.area ? { area: t.area } : {}),
        ...matchMax(t),
      }));
    case 'gap_match':
      return gapIdsOf(v.gapText).map((id) => {
        const t = v.targets.find((x) => x.id === id);
        return { id, text: '', imageUrl: null, ...(t ? matchMax(t) : {}) };
      });
    case 'match':
      return v.targets.map((t) => ({ id: t.id, text: t.text, imageUrl: t.imageUrl, ...matchMax(t) }));
    default:
      return [];
  }
}

/** The targets the key may name: as sent, so that a gap taken out of the text leaves the key too. */
const targetIds = (v: Values) => new Set(targetsSent(v).map((t) => t.id));

/** The right pairs that still name an option and a target of the question. */
export function pairsOf(v: Values): Pair[] {
  const sources = new Set(v.options.map((o) => o.id));
  const targets = targetIds(v);
  return v.pairs.filter((p) => sources.has(p.source) && targets.has(p.target));
}

/** The key of one of the seven types, or null while it is not given. */
export function interactionKey(v: Values): AnswerKey | null {
  const mapping = (responses: string[], points: Record<string, number | ''>, blank: number | null) =>
    v.partialCredit ? { mapping: mappingOf(v, entriesOf(responses, points, blank)) } : {};
  switch (v.type) {
    case 'hotspot': {
      const correct = v.correctHotspot.filter((id) => v.options.some((o) => o.id === id));
      return correct.length
        ? {
            type: 'hotspot',
            correct,
            ...mapping(
              v.options.map((o) => o.id),
              v.optionPoints,
              null,
            ),
          }
        : null;
    }
    case 'select_point':
      return v.keyAreas.length
        ? {
            type: 'select_point',
            areas: v.keyAreas,
            ...mapping(
              v.keyAreas.map((a) => a.id),
              v.areaPoints,
              v.marks,
            ),
          }
        : null;
    case 'graphic_gap_match':
    case 'gap_match':
    case 'match': {
      const correct = pairsOf(v);
      return correct.length
        ? { type: v.type, correct, ...mapping(correct.map(pairResponse), v.pairPoints, null) }
        : null;
    }
    case 'order':
      return v.options.length >= 2 ? { type: 'order', correct: v.options.map((o) => o.id) } : null;
    case 'inline_choice':
      return v.correctInline && v.options.some((o) => o.id === v.correctInline)
        ? { type: 'inline_choice', correct: v.correctInline }
        : null;
    default:
      return null;
  }
}

const blankOptions = (): EditorOption[] => [
  { id: 'a', text: '', imageUrl: null },
  { id: 'b', text: '', imageUrl: null },
];

/**
 * What changes with the type: a hotspot starts without the two blank options (its areas are drawn), a type that
 * lists words or items starts with two, and targets of another kind (places, gaps, a right-hand column) are not
 * carried over. A match starts with two right-hand items.
 */
export function valuesForType(v: Values, type: QuestionType): Partial<Values> {
  const next: Partial<Values> = { type };
  const untouched = v.options.every((o) => !o.text.trim() && !o.imageUrl && !o.area);
  if (type === 'hotspot' && untouched) next.options = [];
  else if (type !== 'hotspot' && type !== 'select_point' && v.options.length < 2)
    next.options = [...v.options, ...blankOptions().slice(v.options.length)];
  const prefix = targetPrefix(type);
  const kept = isPairType(type) && v.targets.every((t) => t.id.startsWith(prefix)) ? v.targets : [];
  next.targets =
    type === 'match' && kept.length === 0
      ? numberedIds('r', 2).map((id) => ({ id, text: '', imageUrl: null }))
      : type === 'gap_match'
        ? gapIdsOf(v.gapText).map((id) => kept.find((t) => t.id === id) ?? { id, text: '', imageUrl: null })
        : kept;
  return next;
}
