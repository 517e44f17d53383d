import { boundsOf } from '#contract/interactions';
import type { Area } from '#contract/questions';

/**
 * Areas on a question's picture, in the picture's own pixels (decision 084): what the drawing, the numeric form and
 * the key's picture share. Kept whole pixels, as an admin reads and types them.
 */

export type Shape = Area['shape'];

export const shapeNames: Record<Shape, string> = { circle: 'Circle', rect: 'Rectangle', poly: 'Polygon' };

const px = (n: number) => Math.round(n);
const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** Where an area's name is written on the picture: its centre (a polygon's box centre). */
export function centreOf(a: Area): { x: number; y: number } {
  if (a.shape === 'circle') return { x: a.x, y: a.y };
  const b = boundsOf(a);
  return { x: (b.left + b.right) / 2, y: (b.top + b.bottom) / 2 };
}

/** The area moved by (dx, dy), kept on the picture as a whole. */
export function moveArea(a: Area, dx: number, dy: number, width: number, height: number): Area {
  const b = boundsOf(a);
  const x = clamp(dx, -b.left, width - b.right);
  const y = clamp(dy, -b.top, height - b.bottom);
  if (a.shape === 'circle') return { ...a, x: px(a.x + x), y: px(a.y + y) };
  if (a.shape === 'rect') return { ...a, x: px(a.x + x), y: px(a.y + y) };
  return { ...a, points: a.points.map(([px0, py0]) => [px(px0 + x), px(py0 + y)] as [number, number]) };
}

/** A circle from its centre to a point of its edge; null while it is too small to be meant. */
export function circleFrom(cx: number, cy: number, ex: number, ey: number): Area | null {
  const r = px(Math.hypot(ex - cx, ey - cy));
  return r >= 2 ? { shape: 'circle', x: px(cx), y: px(cy), r } : null;
}

/** A rectangle between two corners, either way round; null while it is too small to be meant. */
export function rectFrom(x0: number, y0: number, x1: number, y1: number): Area | null {
  const x = px(Math.min(x0, x1));
  const y = px(Math.min(y0, y1));
  const w = px(Math.abs(x1 - x0));
  const h = px(Math.abs(y1 - y0));
  return w >= 2 && h >= 2 ? { shape: 'rect', x, y, w, h } : null;
}

/** A new area of a shape in the middle of the picture, a fifth of its smaller side across: the keyboard's start. */
export function defaultArea(shape: Shape, width: number, height: number): Area {
  const size = Math.max(4, px(Math.min(width, height) / 5));
  const cx = px(width / 2);
  const cy = px(height / 2);
  if (shape === 'circle') return { shape, x: cx, y: cy, r: px(size / 2) };
  if (shape === 'rect') return { shape, x: px(cx - size / 2), y: px(cy - size / 2), w: size, h: size };
  const h = px(size / 2);
  return {
    shape,
    points: [
      [cx, cy - h],
      [cx + h, cy + h],
      [cx - h, cy + h],
    ],
  };
}

/** An area turned into another shape over the same box, so that changing the shape in the form keeps its place. */
export function reshape(a: Area, shape: Shape): Area {
  if (a.shape === shape) return a;
  const b = boundsOf(a);
  const w = Math.max(2, px(b.right - b.left));
  const h = Math.max(2, px(b.bottom - b.top));
  if (shape === 'circle')
    return { shape, x: px(b.left + w / 2), y: px(b.top + h / 2), r: Math.max(1, px(Math.min(w, h) / 2)) };
  if (shape === 'rect') return { shape, x: px(b.left), y: px(b.top), w, h };
  return {
    shape,
    points: [
      [px(b.left), px(b.top)],
      [px(b.left + w), px(b.top)],
      [px(b.left + w), px(b.top + h)],
      [px(b.left), px(b.top + h)],
    ],
  };
}

/** A polygon's points as written in its form field: "x,y x,y x,y" (QTI's `coords` in pairs). */
export const pointsText = (points: ReadonlyArray<readonly [number, number]>) =>
  points.map(([x, y]) => `${x},${y}`).join(' ');

/** The points of "x,y x,y …"; null unless every pair is two numbers and there are at least three. */
export function parsePoints(text: string): Array<[number, number]> | null {
  const pairs = text.trim().split(/\s+/).filter(Boolean);
  const points = pairs.map((p) => p.split(',').map((n) => Number(n.trim())));
  if (points.length < 3 || points.some((p) => p.length !== 2 || p.some((n) => !Number.isFinite(n) || n < 0)))
    return null;
  return points.map(([x, y]) => [px(x!), px(y!)]);
}

/** An area in words, for the list beside the picture and the verify screen: "circle at 120, 80, radius 30". */
export function areaInWords(a: Area): string {
  if (a.shape === 'circle') return `circle at ${a.x}, ${a.y}, radius ${a.r}`;
  if (a.shape === 'rect') return `rectangle at ${a.x}, ${a.y}, ${a.w} × ${a.h}`;
  return `polygon of ${a.points.length} points`;
}

/** An area on a picture of another size: the same place, in the new picture's pixels (a replaced picture). */
export function scaleArea(a: Area, sx: number, sy: number): Area {
  if (a.shape === 'circle')
    return { ...a, x: px(a.x * sx), y: px(a.y * sy), r: Math.max(1, px(a.r * Math.sqrt(sx * sy))) };
  if (a.shape === 'rect')
    return { ...a, x: px(a.x * sx), y: px(a.y * sy), w: Math.max(1, px(a.w * sx)), h: Math.max(1, px(a.h * sy)) };
  return { ...a, points: a.points.map(([x, y]) => [px(x * sx), px(y * sy)] as [number, number]) };
}
