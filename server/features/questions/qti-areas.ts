import { areaWithin, boundsOf, inArea } from '#contract/interactions';
import { Area, type Point } from '#contract/questions';

/**
 * Areas of a picture as QTI writes them (`shape` and `coords`, in the units of the object's width and height) and as
 * Olympus keeps them (decision 084: in the picture's own units, as written). Both directions, so an export and its
 * re-import agree to the thousandth.
 */

/** A coordinate to a thousandth: enough for any picture, and no float noise from a rectangle's right edge. */
const fine = (n: number) => Math.round(n * 1000) / 1000;
const num = (n: number) => String(fine(n));

/** QTI's `shape` and `coords` of an area. */
export function coordsOf(area: Area): { shape: string; coords: string } {
  if (area.shape === 'circle') return { shape: 'circle', coords: [area.x, area.y, area.r].map(num).join(',') };
  if (area.shape === 'rect')
    return { shape: 'rect', coords: [area.x, area.y, area.x + area.w, area.y + area.h].map(num).join(',') };
  return { shape: 'poly', coords: area.points.flat().map(num).join(',') };
}

/** How many corners an ellipse becomes: close enough to the curve for a pointer, well within a polygon's 60. */
const ELLIPSE_CORNERS = 24;

/**
 * An area from QTI's `shape` and `coords`, or why it cannot be one: `default` (the whole picture) and coordinates
 * in percent have no counterpart; an ellipse becomes a polygon (`approximated`), as Olympus draws no ellipses.
 */
export function areaOf(
  shape: string | null,
  coords: string | null,
  name: string,
): { area: Area; approximated?: boolean } | { error: string } {
  const kind = (shape ?? '').trim().toLowerCase();
  const raw = (coords ?? '').split(/[\s,]+/).filter(Boolean);
  if (kind === 'default') return { error: `The area “${name}” is the whole picture, which is not imported` };
  if (raw.some((c) => c.endsWith('%')))
    return { error: `The area “${name}” is given in percent; only coordinates in the picture’s units are imported` };
  const n = raw.map(Number);
  if (n.some((v) => !Number.isFinite(v))) return { error: `The area “${name}” has coordinates that are not numbers` };
  const wrong = (what: string) => ({ error: `The ${kind || 'area'} “${name}” needs ${what}` });
  let area: unknown;
  let approximated = false;
  if (kind === 'circle') {
    if (n.length !== 3) return wrong('three coordinates: centre and radius');
    area = { shape: 'circle', x: n[0], y: n[1], r: n[2] };
  } else if (kind === 'rect') {
    if (n.length !== 4) return wrong('four coordinates: left, top, right, bottom');
    const [l, t, r, b] = n as [number, number, number, number];
    area = { shape: 'rect', x: Math.min(l, r), y: Math.min(t, b), w: fine(Math.abs(r - l)), h: fine(Math.abs(b - t)) };
  } else if (kind === 'poly') {
    if (n.length % 2 !== 0) return wrong('pairs of coordinates');
    const points: Array<[number, number]> = [];
    for (let i = 0; i < n.length; i += 2) points.push([n[i]!, n[i + 1]!]);
    // QTI, like HTML's image maps, may close a polygon by repeating its first corner.
    const [first, last] = [points[0], points[points.length - 1]];
    if (points.length > 3 && first && last && first[0] === last[0] && first[1] === last[1]) points.pop();
    area = { shape: 'poly', points };
  } else if (kind === 'ellipse') {
    if (n.length !== 4) return wrong('four coordinates: centre and two radii');
    const [x, y, rx, ry] = n as [number, number, number, number];
    area = {
      shape: 'poly',
      points: Array.from({ length: ELLIPSE_CORNERS }, (_, i) => {
        const a = (2 * Math.PI * i) / ELLIPSE_CORNERS;
        return [fine(x + rx * Math.cos(a)), fine(y + ry * Math.sin(a))];
      }),
    };
    approximated = true;
  } else
    return {
      error: `The area “${name}” has the shape “${shape ?? ''}”; circles, rectangles and polygons are imported`,
    };
  const parsed = Area.safeParse(area);
  if (!parsed.success)
    return {
      error: `The area “${name}” lies outside the picture or has no size (a polygon has 3 to 60 corners)`,
    };
  return { area: parsed.data, ...(approximated ? { approximated } : {}) };
}

/**
 * A point inside the area, for a select-point item's correct response (QTI asks for a point, not an area): a
 * circle's or rectangle's centre, a polygon's centroid when it lies inside, else the centre of a triangle of three
 * neighbouring corners that does, else its first corner.
 */
export function pointInside(area: Area): Point {
  if (area.shape === 'circle') return { x: area.x, y: area.y };
  if (area.shape === 'rect') return { x: fine(area.x + area.w / 2), y: fine(area.y + area.h / 2) };
  const pts = area.points;
  const centroid = {
    x: fine(pts.reduce((s, p) => s + p[0], 0) / pts.length),
    y: fine(pts.reduce((s, p) => s + p[1], 0) / pts.length),
  };
  if (inArea(area, centroid)) return centroid;
  for (let i = 0; i < pts.length; i++) {
    const [a, b, c] = [pts[i]!, pts[(i + 1) % pts.length]!, pts[(i + 2) % pts.length]!];
    const guess = { x: fine((a[0] + b[0] + c[0]) / 3), y: fine((a[1] + b[1] + c[1]) / 3) };
    if (inArea(area, guess)) return guess;
  }
  return { x: pts[0]![0], y: pts[0]![1] };
}

/**
 * An area measured in another size of the same picture: a picture shown in the item at another size than its
 * pixels has its areas in the item's units. A circle keeps one radius, the mean of the two scales (they are equal
 * unless the item stretches the picture).
 */
export function scaleArea(area: Area, sx: number, sy: number): Area {
  if (area.shape === 'circle')
    return { shape: 'circle', x: fine(area.x * sx), y: fine(area.y * sy), r: fine((area.r * (sx + sy)) / 2) };
  if (area.shape === 'rect')
    return { shape: 'rect', x: fine(area.x * sx), y: fine(area.y * sy), w: fine(area.w * sx), h: fine(area.h * sy) };
  return { shape: 'poly', points: area.points.map(([x, y]) => [fine(x * sx), fine(y * sy)]) };
}

/**
 * An area that reaches past the picture's right or bottom edge, or a circle past any edge, cut back to the picture: a
 * circle made smaller about its centre, a rectangle's or a polygon's corners kept within the edges, as a QTI player
 * shows only what lies on the picture. Only when at least half of the area lies on it: one mostly outside points at
 * no clear place and is answered null, for the editor's rule to refuse it. An area within the picture is as it was.
 */
export function fitArea(area: Area, width: number, height: number): Area | null {
  if (areaWithin(area, width, height)) return area;
  // How much of it lies on the picture, counted on a grid over its bounds.
  const b = boundsOf(area);
  const n = 40;
  let inside = 0;
  let on = 0;
  for (let i = 0; i < n; i++)
    for (let j = 0; j < n; j++) {
      const p = { x: b.left + ((i + 0.5) * (b.right - b.left)) / n, y: b.top + ((j + 0.5) * (b.bottom - b.top)) / n };
      if (!inArea(area, p)) continue;
      inside++;
      if (p.x >= 0 && p.x <= width && p.y >= 0 && p.y <= height) on++;
    }
  if (!inside || on * 2 < inside) return null;
  const cut =
    area.shape === 'circle'
      ? { ...area, r: fine(Math.min(area.r, area.x, area.y, width - area.x, height - area.y)) }
      : area.shape === 'rect'
        ? {
            ...area,
            w: fine(Math.min(area.x + area.w, width) - area.x),
            h: fine(Math.min(area.y + area.h, height) - area.y),
          }
        : { shape: 'poly', points: area.points.map(([x, y]) => [Math.min(x, width), Math.min(y, height)]) };
  const parsed = Area.safeParse(cut);
  return parsed.success && areaWithin(parsed.data, width, height) ? parsed.data : null;
}
