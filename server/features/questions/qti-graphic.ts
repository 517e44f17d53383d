import type { Element } from '@xmldom/xmldom';
import type { AnswerKey, Area, KeyArea } from '#contract/questions';
import { areaOf, fitArea, scaleArea } from './qti-areas.js';
import { optionIds, targetIdsOf } from './qti-question.js';
import { limits, noteUnnamedPictures, optionOf, pairsKey } from './qti-pairs.js';
import {
  type ItemContext,
  type ReadItem,
  type Rest,
  type UrlOf,
  bestMarks,
  choiceOf,
  idsOf,
  mappingOf,
  refuse,
  scoredByMapping,
  textOf,
} from './qti-reading.js';
import { attr, childrenNamed, descendants, elementsOf, keyOf, squash } from './qti-xml.js';

/**
 * The interactions on a picture (decision 084): a hotspot (areas to choose), a select point (a point to click, the
 * key its areas) and a graphic gap match (labels put on places). The picture is the interaction's own `object` or
 * `img`, stored as the question's picture; its width and height are the units of every area, kept as written (the
 * file's own size when the item gives none).
 */

/** What a learner who cannot see the picture hears when the item gives no description. */
const UNDESCRIBED = 'The picture of the question (not described)';

/** The picture as the question has it once stored, and an area of the item (named) measured in the picture's pixels. */
interface Placed {
  fields: Partial<Rest>;
  place(area: Area, name: string): Area;
}

/**
 * The interaction's picture and what the question takes of it once the file is stored: its address, description
 * and size. The size is the stored picture's, which the server measures the areas in; an item that shows the
 * picture at another width and height has its areas in those units, and they are scaled to the pixels (said so).
 */
function pictureOf(ctx: ItemContext): (urlOf: UrlOf) => Placed {
  const el =
    elementsOf(ctx.interaction).find((e) => ['img', 'object', 'picture'].includes(keyOf(e))) ??
    refuse('The interaction has no picture');
  const img = keyOf(el) === 'picture' ? (descendants(el, (e) => keyOf(e) === 'img')[0] ?? el) : el;
  const src = (keyOf(img) === 'object' ? img.getAttribute('data') : img.getAttribute('src'))?.trim();
  if (!src) refuse('The interaction’s picture names no file');
  if (/^[a-z][a-z0-9+.-]*:/i.test(src!))
    refuse(`The picture “${src!.slice(0, 100)}” is not a file in the package; areas are drawn on a stored picture`);
  const size = (name: 'width' | 'height') => {
    const raw = (img.getAttribute(name) ?? '').trim();
    if (!raw) return null;
    const n = Number(raw.replace(/px$/i, ''));
    if (!Number.isFinite(n) || n < 1 || n > 20_000)
      refuse(`The picture’s ${name} “${raw.slice(0, 20)}” is not a size in pixels`);
    return n;
  };
  const [width, height] = [size('width'), size('height')];
  const path = ctx.imageSrc(src!, (p) => p);
  if (width && height) ctx.shown.set(path, { width, height });
  const alt = squash(img.getAttribute('alt') ?? '') || squash(textOf(img)) || squash(img.getAttribute('title') ?? '');
  if (!alt) ctx.notes.push('The picture has no description for learners who cannot see it: describe it in the editor');
  return (urlOf) => {
    const file = ctx.sizes.get(path);
    // The item's units: its width and height, one of them with the other in proportion, or the pixels themselves.
    const w = width ?? (file && height ? (height * file.width) / file.height : file?.width);
    const h = height ?? (file && width ? (width * file.height) / file.width : file?.height);
    const [sx, sy] = file && w && h ? [file.width / w, file.height / h] : [1, 1];
    const scaled = Math.abs(sx - 1) > 1e-9 || Math.abs(sy - 1) > 1e-9;
    const note = (text: string) => !ctx.notes.includes(text) && ctx.notes.push(text);
    if (scaled)
      note(
        `The item shows the picture at ${round(w)} × ${round(h)} and it is ${file?.width} × ${file?.height} pixels as stored: its areas were scaled to the pixels`,
      );
    return {
      fields: {
        imageUrl: ctx.imageSrc(src!, urlOf),
        imageAlt: alt || UNDESCRIBED,
        imageWidth: file?.width ?? (w ? Math.round(w) : null),
        imageHeight: file?.height ?? (h ? Math.round(h) : null),
      },
      place: (area, name) => {
        const placed = scaled ? scaleArea(area, sx, sy) : area;
        // A player shows only what lies on the picture: an area mostly on it is cut back to its edge.
        const fitted = file ? fitArea(placed, file.width, file.height) : placed;
        if (fitted && fitted !== placed)
          note(`The area “${name}” reached past the edge of the picture and was cut back to it`);
        return fitted ?? placed;
      },
    };
  };
}
const round = (n: number | undefined) => (n == null ? '?' : String(Math.round(n * 100) / 100));

/** An area from a choice's or a map entry's shape and coords, or the item refused with its reason. */
function areaFrom(ctx: ItemContext, el: { shape: string | null; coords: string | null }, name: string): Area {
  const read = areaOf(el.shape, el.coords, name);
  if ('error' in read) return refuse(read.error);
  if (read.approximated) ctx.notes.push(`The ellipse “${name}” was kept as a polygon of 24 corners`);
  return read.area;
}
const shapeOf = (el: Element) => ({ shape: attr(el, 'shape'), coords: attr(el, 'coords') });
/** An area's or a place's name: QTI's hotspotLabel, else the aria-label QTI 3.0's examples give it. */
const labelOf = (el: Element) => squash(attr(el, 'hotspotLabel') ?? el.getAttribute('aria-label') ?? '');

/**
 * Areas and places are named for learners who use a screen reader or the keyboard (QTI's hotspotLabel, which most
 * tools leave out): those without a name are called by their place in the list until the editor names them.
 */
function nameUnnamed(ctx: ItemContext, list: Array<{ text: string }>, nameOf: (i: number) => string, what: string) {
  const unnamed = list.map((x, i) => [x, i] as const).filter(([x]) => !x.text);
  for (const [x, i] of unnamed) x.text = nameOf(i);
  if (unnamed.length)
    ctx.notes.push(
      `${what} without a name were called ${unnamed
        .slice(0, 3)
        .map(([x]) => `“${x.text}”`)
        .join(', ')}${unnamed.length > 3 ? ' …' : ''}: name them in the editor for learners who use a screen reader`,
    );
}

/** How many choices the interaction lets a learner make (QTI's maxChoices, 1 when left out), 0 for any. */
function maxChoicesOf(ctx: ItemContext): number {
  const raw = attr(ctx.interaction, 'maxChoices');
  const n = raw == null || raw.trim() === '' ? 1 : Number(raw);
  if (!Number.isInteger(n) || n < 0) refuse(`maxChoices “${raw}” is not a whole number`);
  return n;
}

/** A hotspot: its choices are the options, each with its area and its label; the key as multiple choice has it. */
export function readHotspot(ctx: ItemContext, marks: number): ReadItem {
  const { decl, notes } = ctx;
  if (decl.baseType !== 'identifier') refuse(`The response has base type “${decl.baseType}”, not identifier`);
  if (decl.cardinality !== 'single' && decl.cardinality !== 'multiple')
    refuse(`Hotspot responses with cardinality “${decl.cardinality}” are not imported`);
  const picture = pictureOf(ctx);
  const spots = childrenNamed(ctx.interaction, 'hotspotChoice').map((c) => ({
    identifier: attr(c, 'identifier') ?? '',
    text: labelOf(c),
    area: areaFrom(ctx, shapeOf(c), attr(c, 'identifier') ?? ''),
  }));
  if (!spots.length) refuse('A hotspot item needs areas to choose');
  nameUnnamed(ctx, spots, (i) => `Area ${optionIds[i]!.toUpperCase()}`, 'Areas');
  const letterOf = idsOf(spots, optionIds, 'hotspot');
  const maxChoices = decl.cardinality === 'single' ? 1 : Math.min(maxChoicesOf(ctx), spots.length);
  let correct = decl.correct;
  if (correct.length === 0 && decl.mapping.some((m) => m.value > 0)) {
    correct = decl.mapping.filter((m) => m.value > 0).map((m) => m.key);
    notes.push('The key was taken from the areas that earn marks');
  }
  for (const v of correct) if (!letterOf.has(v)) refuse(`The correct response names “${v}”, which is not an area`);
  if (!Number.isFinite(marks)) marks = 1;
  const options = spots.map((s) => ({ id: letterOf.get(s.identifier)! }));
  let key: AnswerKey | null = correct.length
    ? { type: 'hotspot', correct: correct.map((v) => letterOf.get(v)!) }
    : null;
  if (key && scoredByMapping(ctx.root, decl)) {
    for (const e of decl.mapping)
      if (!letterOf.has(e.key)) refuse(`The mapping names “${e.key}”, which is not an area`);
    key = {
      type: 'hotspot',
      correct: correct.map((v) => letterOf.get(v)!),
      mapping: mappingOf(
        decl,
        decl.mapping.map((e) => ({ response: letterOf.get(e.key)!, points: e.value })),
        (id) => spots[optionIds.indexOf(id)]?.identifier ?? id,
      ),
    };
    const best = bestMarks(key, options, { maxChoices });
    if (!Number.isFinite(ctx.maxValue)) marks = best;
  }
  return ctx.item(key, marks, (urlOf) => {
    const { fields, place } = picture(urlOf);
    return {
      type: 'hotspot',
      maxChoices,
      ...fields,
      options: spots.map((s, i) => ({
        id: optionIds[i]!,
        text: s.text,
        imageUrl: null,
        area: place(s.area, s.identifier),
      })),
    };
  });
}

/**
 * A select point: one point on the picture. Its key is areas (any point inside one is right): the area mapping's
 * areas, each with its points when the item is scored by them. A correct response that is a point alone says where
 * the answer is but not how near is near enough, so such an item comes as a draft whose key area is to be drawn.
 */
export function readSelectPoint(ctx: ItemContext, marks: number): ReadItem {
  const { decl, notes } = ctx;
  if (decl.baseType !== 'point') refuse(`The response has base type “${decl.baseType}”, not point`);
  const wanted = maxChoicesOf(ctx);
  if (decl.cardinality !== 'single' || wanted !== 1)
    refuse(
      `The item asks for ${wanted === 0 ? 'any number of' : wanted} points; a select-point question takes one point`,
    );
  const picture = pictureOf(ctx);
  if (decl.areaMapping.length > 20) refuse(`The item has ${decl.areaMapping.length} areas; at most 20 are imported`);
  const areas = decl.areaMapping.map((e, i) => ({
    id: optionIds[i]!,
    area: areaFrom(ctx, e, `area ${i + 1}`),
    points: e.value,
  }));
  const best = areas.length ? Math.max(...areas.map((a) => a.points)) : 0;
  if (!Number.isFinite(marks)) marks = best > 0 ? best : 1;
  const lower = decl.lowerBound ?? 0;
  // Every area worth the marks, nothing elsewhere: all or nothing, as our own export writes a key without points.
  const allOrNothing =
    areas.every((a) => a.points === marks) &&
    decl.defaultValue <= 0 &&
    lower === 0 &&
    (decl.upperBound == null || decl.upperBound >= marks);
  let key: AnswerKey | null = null;
  if (!areas.some((a) => a.points > 0)) {
    if (decl.correct.length)
      notes.push(
        `The correct point (${decl.correct[0]!.split(/\s+/).join(', ')}) has no area around it, so how near is near enough is not said: imported as a draft, draw its key area in the editor`,
      );
    else if (areas.length) notes.push('No area of the item earns marks: imported as a draft that needs its key');
  } else if (!scoredByMapping(ctx.root, decl) || allOrNothing) {
    // match_correct compares the point itself, so the areas that earn marks are the key, all or nothing.
    const keyAreas: KeyArea[] = areas.filter((a) => a.points > 0).map((a) => ({ id: a.id, area: a.area }));
    key = { type: 'select_point', areas: keyAreas.map((a, i) => ({ ...a, id: optionIds[i]! })) };
  } else {
    key = {
      type: 'select_point',
      areas: areas.map((a) => ({ id: a.id, area: a.area })),
      mapping: mappingOf(
        decl,
        areas.map((a) => ({ response: a.id, points: a.points })),
      ),
    };
    const top = bestMarks(key, []);
    if (!Number.isFinite(ctx.maxValue)) marks = top;
  }
  return ctx.item(key, marks, (urlOf) => {
    const { fields, place } = picture(urlOf);
    return {
      type: 'select_point',
      options: [],
      ...fields,
      answerKey:
        key?.type === 'select_point'
          ? {
              ...key,
              areas: key.areas.map((a) => ({ ...a, area: place(a.area, String(optionIds.indexOf(a.id) + 1)) })),
            }
          : key,
    };
  });
}

/**
 * A graphic gap match: its labels (gapImg pictures or gapText words) are the options, its associable hotspots the
 * places (targets p1, p2, … with their areas); the key the right pairs "label place".
 */
export function readGraphicGapMatch(ctx: ItemContext, marks: number): ReadItem {
  const picture = pictureOf(ctx);
  const labels = elementsOf(ctx.interaction)
    .filter((e) => keyOf(e) === 'gapimg' || keyOf(e) === 'gaptext')
    .map(choiceOf);
  if (!labels.length) refuse('A graphic gap match item needs labels to place');
  noteUnnamedPictures(ctx, labels, 'label');
  const places = childrenNamed(ctx.interaction, 'associableHotspot').map((h) => {
    const c = choiceOf(h);
    return { ...c, text: labelOf(h), area: areaFrom(ctx, shapeOf(h), c.identifier) };
  });
  if (!places.length) refuse('A graphic gap match item needs places on its picture');
  nameUnnamed(ctx, places, (i) => `Place ${i + 1}`, 'Places');
  const sources = idsOf(labels, optionIds, 'label');
  const targets = idsOf(places, targetIdsOf('graphic_gap_match', 20), 'place');
  for (const c of labels) if (c.src) ctx.imageSrc(c.src, () => '');
  const keyed = pairsKey(
    ctx,
    'graphic_gap_match',
    sources,
    targets,
    marks,
    limits(labels, sources),
    limits(places, targets),
  );
  return ctx.item(keyed.key, keyed.marks, (urlOf) => {
    const { fields, place } = picture(urlOf);
    return {
      type: 'graphic_gap_match',
      shuffle: attr(ctx.interaction, 'shuffle') === 'true',
      ...fields,
      options: labels.map((c, i) => optionOf(ctx, c, optionIds[i]!, urlOf)),
      targets: places.map((p) => ({
        id: targets.get(p.identifier)!,
        text: p.text,
        imageUrl: null,
        area: place(p.area, p.identifier),
        ...(p.matchMax != null ? { matchMax: p.matchMax } : {}),
      })),
    };
  });
}
