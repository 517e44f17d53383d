import type { Area, Pair, Point, QuestionType } from './questions.js';

/**
 * What the seven interactions of decision 084 share beyond their shapes: whether a point lies in an area, the gaps
 * of a text, and how an area, a pair or a gap is named to a person. Pure functions, read by the scoring, the
 * authoring rules, the server's checks of an answer and every view that says an answer in words.
 */

/** Whether the point lies on the segment from a to b (within a hair, for float noise). */
function onSegment(p: Point, [ax, ay]: readonly [number, number], [bx, by]: readonly [number, number]): boolean {
  const cross = (bx - ax) * (p.y - ay) - (by - ay) * (p.x - ax);
  const length = Math.hypot(bx - ax, by - ay);
  if (Math.abs(cross) > 1e-9 * Math.max(1, length)) return false;
  return (
    p.x >= Math.min(ax, bx) - 1e-9 &&
    p.x <= Math.max(ax, bx) + 1e-9 &&
    p.y >= Math.min(ay, by) - 1e-9 &&
    p.y <= Math.max(ay, by) + 1e-9
  );
}

/**
 * Whether a point (in the picture's pixels) lies in an area. The boundary counts as inside: a learner who clicks
 * exactly on the edge of the key's area is not told that it missed. A polygon by the even-odd rule (QTI's `poly`),
 * so a polygon that crosses itself leaves the parts covered twice outside.
 */
export function inArea(area: Area, p: Point): boolean {
  switch (area.shape) {
    case 'circle':
      return (p.x - area.x) ** 2 + (p.y - area.y) ** 2 <= area.r ** 2 + 1e-9;
    case 'rect':
      return p.x >= area.x && p.x <= area.x + area.w && p.y >= area.y && p.y <= area.y + area.h;
    case 'poly': {
      const pts = area.points;
      let inside = false;
      for (let i = 0, j = pts.length - 1; i < pts.length; j = i++) {
        const a = pts[i]!;
        const b = pts[j]!;
        if (onSegment(p, a, b)) return true;
        if (a[1] > p.y !== b[1] > p.y && p.x < ((b[0] - a[0]) * (p.y - a[1])) / (b[1] - a[1]) + a[0]) inside = !inside;
      }
      return inside;
    }
  }
}

/** The smallest rectangle around an area: whether it lies within the picture is asked of it. */
export function boundsOf(area: Area): { left: number; top: number; right: number; bottom: number } {
  switch (area.shape) {
    case 'circle':
      return { left: area.x - area.r, top: area.y - area.r, right: area.x + area.r, bottom: area.y + area.r };
    case 'rect':
      return { left: area.x, top: area.y, right: area.x + area.w, bottom: area.y + area.h };
    case 'poly': {
      const xs = area.points.map((p) => p[0]);
      const ys = area.points.map((p) => p[1]);
      return { left: Math.min(...xs), top: Math.min(...ys), right: Math.max(...xs), bottom: Math.max(...ys) };
    }
  }
}

/** Whether the whole area lies on a picture of this size (its edge may touch the picture's edge). */
export const areaWithin = (area: Area, width: number, height: number) => {
  const b = boundsOf(area);
  return b.left >= 0 && b.top >= 0 && b.right <= width && b.bottom <= height;
};

/**
 * A gap in a text (gap match, inline choice): `{{g1}}`, spaces inside the braces allowed as a person may type them.
 * An id is what an option's or target's id may be: letters, digits, `_` and `-`.
 */
export const gapToken = /\{\{\s*([A-Za-z0-9_-]{1,20})\s*\}\}/g;

/** Every gap written in a text, in order, each as often as it is written (so a gap written twice shows). */
export const gapsIn = (text: string): string[] => [...text.matchAll(gapToken)].map((m) => m[1]!);

/** Braces that look like a gap but are not one (`{{}}`, `{{a b}}`): said to the author rather than shown to learners. */
export const looseBraces = (text: string): boolean => /\{\{|\}\}/.test(text.replace(gapToken, ''));

/** A text with each gap filled in, e.g. with "_____" or the word a learner put there. */
export const fillGaps = (text: string, fill: (id: string) => string) =>
  text.replace(gapToken, (_, id: string) => fill(id));

interface Named {
  id: string;
  text: string;
}

/** An option's name: its text, or "Option B" (an option with a picture only, or an id the question lacks). */
export const optionName = (options: readonly Named[], id: string) =>
  options.find((o) => o.id === id)?.text.trim() || `Option ${id.toUpperCase()}`;

/** What a target is called when it has no text of its own, by the type it belongs to. */
const targetNoun = (type: QuestionType) =>
  type === 'gap_match' ? 'Gap' : type === 'graphic_gap_match' ? 'Place' : 'Item';

/**
 * A target's name: a place's or an item's text; else by its place among the targets ("Gap 2", "Place 1", "Item 3"),
 * as a gap has no text of its own; an id the question lacks by the id itself.
 */
export function targetName(targets: readonly Named[], id: string, type: QuestionType): string {
  const i = targets.findIndex((t) => t.id === id);
  const text = targets[i]?.text.trim();
  if (text) return text;
  return `${targetNoun(type)} ${i >= 0 ? i + 1 : id}`;
}

/** A pair in words: "Limpopo → A". */
export const pairName = (pair: Pair, options: readonly Named[], targets: readonly Named[], type: QuestionType) =>
  `${optionName(options, pair.source)} → ${targetName(targets, pair.target, type)}`;

/** A select-point key area in words: "Area A". */
export const keyAreaName = (id: string) => `Area ${id.toUpperCase()}`;

/** The distinct pairs of an answer or key, as their responses "source target". */
export const distinctPairs = (pairs: readonly Pair[]): Pair[] => {
  const seen = new Set<string>();
  return pairs.filter((p) => {
    const r = `${p.source} ${p.target}`;
    if (seen.has(r)) return false;
    seen.add(r);
    return true;
  });
};
