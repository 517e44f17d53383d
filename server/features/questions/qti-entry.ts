import type { Element } from '@xmldom/xmldom';
import type { AnswerKey } from '#contract/questions';
import { normaliseText } from '#contract/scoring';
import { type ItemContext, type ReadItem, bestMarks, mappingOf, pts, refuse, scoredByMapping } from './qti-reading.js';
import { ELEMENT, attr, childrenNamed, descendants, elementsOf, keyOf } from './qti-xml.js';

/**
 * A text-entry interaction (decisions 027, 081 and 082): a number (float or integer, with its tolerance and a wider
 * one worth part marks) or a short text (its accepted answers, with a case-insensitive mapping).
 */

export function readTextEntry(ctx: ItemContext, marks: number): ReadItem {
  const { decl, root, responseId, notes } = ctx;
  const item = ctx.item;
  if (decl.baseType === 'float' || decl.baseType === 'integer') {
    if (decl.cardinality !== 'single') refuse(`Number entry with cardinality “${decl.cardinality}” is not imported`);
    const raw = decl.correct[0];
    const value = raw === undefined ? NaN : Number(raw);
    if (raw !== undefined && !Number.isFinite(value)) refuse(`The correct response “${raw}” is not a number`);
    if (!Number.isFinite(marks)) marks = 1;
    const { tolerance, partial } = numberMarking(root, responseId, marks, notes);
    return item(
      raw === undefined ? null : { type: 'numeric', value, tolerance, ...(partial ? { partial } : {}) },
      marks,
      () => ({
        type: 'numeric',
        options: [],
      }),
    );
  }

  if (decl.baseType !== 'string') refuse(`Text entry with base type “${decl.baseType}” is not imported`);
  if (decl.cardinality !== 'single') refuse(`Text entry with cardinality “${decl.cardinality}” is not imported`);
  if (decl.mapping.some((m) => m.caseSensitive && m.value > 0))
    notes.push('Answers are compared without regard to case');
  // Answers are compared without case and spaces: mapped answers that are the same here keep the highest points.
  const answers: Array<{ response: string; points: number }> = [];
  for (const m of decl.mapping) {
    const response = m.key.trim();
    if (!response) continue;
    const same = answers.find((a) => normaliseText(a.response) === normaliseText(response));
    if (!same) answers.push({ response, points: m.value });
    else {
      const [kept, dropped] =
        m.value > same.points ? [{ response, points: m.value }, same] : [same, { response, points: m.value }];
      notes.push(
        `“${dropped.response}” (${pts(dropped.points)}) is the same answer as “${kept.response}” (${pts(kept.points)}) without regard to case: its points were left out`,
      );
      Object.assign(same, kept);
    }
  }
  const best = answers.length ? Math.max(...answers.map((a) => a.points)) : 0;
  const earning = answers.filter((a) => a.points > 0);
  const lower = decl.lowerBound ?? 0;
  // A mapping that gives the same marks to every answer it names, and nothing to others, is all or nothing.
  const allOrNothing =
    earning.every((a) => a.points === best) &&
    decl.defaultValue <= 0 &&
    lower === 0 &&
    (decl.upperBound == null || decl.upperBound >= best);
  if (scoredByMapping(root, decl) && !allOrNothing && earning.length) {
    const unmapped = decl.correct.filter((c) => !answers.some((a) => normaliseText(a.response) === normaliseText(c)));
    if (unmapped.length)
      notes.push(
        `The correct response ${unmapped.map((c) => `“${c}”`).join(', ')} earns only the default by the mapping: left out of the accepted answers`,
      );
    if (decl.defaultValue > 0 && answers.some((a) => a.points <= 0))
      notes.push(
        `Answers worth no marks were left out, so they earn the default: ${answers
          .filter((a) => a.points <= 0)
          .map((a) => `“${a.response}”`)
          .join(', ')}`,
      );
    // The correct response first, as it was written.
    const ordered = [...earning].sort(
      (a, b) =>
        Number(!decl.correct.some((c) => normaliseText(c) === normaliseText(a.response))) -
        Number(!decl.correct.some((c) => normaliseText(c) === normaliseText(b.response))),
    );
    const key: AnswerKey = {
      type: 'short_text',
      accepted: ordered.map((a) => a.response),
      mapping: mappingOf(decl, ordered),
    };
    const top = bestMarks(key, []);
    if (!Number.isFinite(marks)) marks = top;
    return item(key, marks, () => ({ type: 'short_text', options: [] }));
  }
  // Full marks: the correct response and every mapped answer worth as much as the best one.
  const full = answers.filter((m) => m.points > 0 && m.points >= best).map((m) => m.response);
  const accepted = [...new Set([...decl.correct, ...full].map((v) => v.trim()).filter(Boolean))];
  if (!Number.isFinite(marks)) marks = best > 0 ? best : 1;
  return item(accepted.length ? { type: 'short_text', accepted } : null, marks, () => ({
    type: 'short_text',
    options: [],
  }));
}

/**
 * How a number is marked: the absolute tolerance of the response processing's `equal` that compares the response
 * with its correct value (QTI's `tolerance` may give a lower and an upper one: the smaller is kept, so nothing is
 * marked right that the item marks wrong); none, a template or `exact` is 0. A relative tolerance has no
 * counterpart here and refuses the item. A second such `equal`, in a branch that sets SCORE to fewer points than

 * the marks, is the wider tolerance (decision 082).
 */
function numberMarking(
  root: Element,
  responseId: string,
  marks: number,
  notes: string[],
): { tolerance: number; partial?: { tolerance: number; points: number } } {
  const processing = childrenNamed(root, 'responseProcessing')[0];
  if (!processing) return { tolerance: 0 };
  const equals = descendants(processing, (e) => keyOf(e) === 'equal').filter((e) =>
    elementsOf(e).some((v) => keyOf(v) === 'variable' && attr(v, 'identifier') === responseId),
  );
  if (!equals.length) return { tolerance: 0 };
  const branches = equals.map((e) => ({ tolerance: toleranceOf(e), score: scoreSetBy(e, marks) }));
  if (branches.length === 1) return { tolerance: branches[0]!.tolerance };
  const full = branches.find((b) => b.score != null && b.score >= marks) ?? branches[0]!;
  const wider = branches.find((b) => b !== full && b.score != null && b.score > 0 && b.score < marks);
  if (!wider) return { tolerance: full.tolerance };
  if (wider.score! < -100 || wider.score! > 100 || wider.tolerance <= full.tolerance) {
    notes.push('The part marks for a wider tolerance were left out');
    return { tolerance: full.tolerance };
  }
  return { tolerance: full.tolerance, partial: { tolerance: wider.tolerance, points: wider.score! } };
}

/** The SCORE the branch of an `equal` sets: MAXSCORE is the marks, a base value its number; null when unknown. */
function scoreSetBy(equal: Element, marks: number): number | null {
  let branch = equal.parentNode as Element | null;
  while (branch && keyOf(branch) !== 'responseif' && keyOf(branch) !== 'responseelseif')
    branch = branch.parentNode as Element | null;
  if (!branch || branch.nodeType !== ELEMENT) return null;
  const set = childrenNamed(branch, 'setOutcomeValue').find((e) => attr(e, 'identifier') === 'SCORE');
  const value = set && elementsOf(set)[0];
  if (!value) return null;
  if (keyOf(value) === 'variable') return attr(value, 'identifier') === 'MAXSCORE' ? marks : null;
  if (keyOf(value) === 'basevalue') {
    const n = Number((value.textContent ?? '').trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function toleranceOf(equal: Element): number {
  const mode = attr(equal, 'toleranceMode') ?? 'exact';
  if (mode === 'exact') return 0;
  if (mode !== 'absolute') refuse(`A ${mode} tolerance is not imported; only an absolute one is`);
  const values = (attr(equal, 'tolerance') ?? '').trim().split(/\s+/).map(Number);
  if (!values.length || values.some((v) => !Number.isFinite(v) || v < 0))
    refuse(`The tolerance “${attr(equal, 'tolerance') ?? ''}” is not a number`);
  return Math.min(...values);
}
