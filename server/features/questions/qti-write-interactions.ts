import type { AnswerKey, Pair, QuestionOption, ResponseMapping } from '#contract/questions';
import { escapeHtml } from '../../platform/html.js';
import { coordsOf, pointInside } from './qti-areas.js';
import { gapsIn } from '#contract/interactions';
import { gapTextXml } from './qti-gap-text.js';
import { GAP_TEXT_CLASS, type QtiQuestion } from './qti-question.js';
import {
  type Href,
  MAP_RESPONSE,
  MAP_RESPONSE_POINT,
  MATCH_CORRECT,
  type Written,
  attrValue,
  bounds,
  choiceContent,
  choiceId,
  declarationXml,
  fixedAttr,
  mappingXml,
  matchMaxAttr,
  pictureXml,
} from './qti-write-parts.js';

/**
 * The seven interactions of decision 084 as QTI 3.0: each with its correct response, its mapping (or area mapping)
 * when the key has one and the template that scores it (match_correct, map_response, map_response_point); a
 * picture type's picture inside its interaction, with the width and height its areas are measured in.
 */

type Key<T extends AnswerKey['type']> = Extract<AnswerKey, { type: T }>;

/** An area as QTI's shape and coords attributes. */
const areaAttrs = (area: Parameters<typeof coordsOf>[0]) => {
  const { shape, coords } = coordsOf(area);
  return ` shape="${shape}" coords="${coords}"`;
};
const label = (name: string, text: string) => (text ? ` ${name}="${attrValue(text)}"` : '');

function hotspot(q: QtiQuestion, key: Key<'hotspot'>, href: Href): Written {
  const maxChoices = q.maxChoices ?? 1;
  const single = maxChoices === 1 && key.correct.length === 1;
  const mapping = key.mapping
    ? mappingXml(
        key.mapping,
        key.mapping.entries.map((e) => ({ key: choiceId(e.response), points: e.points })),
        false,
      )
    : '';
  return {
    declaration: declarationXml(single ? 'single' : 'multiple', 'identifier', key.correct.map(choiceId), mapping),
    body: `<qti-hotspot-interaction response-identifier="RESPONSE" max-choices="${maxChoices}">${pictureXml(q, href)}${q.options
      .map(
        (o) =>
          `<qti-hotspot-choice identifier="${choiceId(o.id)}"${o.area ? areaAttrs(o.area) : ''}${label('hotspot-label', o.text)}/>`,
      )
      .join('')}</qti-hotspot-interaction>`,
    processing: key.mapping ? MAP_RESPONSE : MATCH_CORRECT,
  };
}

/**
 * A select point: its key areas as QTI's area mapping, scored by map_response_point. Without points each area is
 * worth the marks and the score is capped at them (all or nothing, as the key is); the correct response is a point
 * inside the best area, as QTI asks for a point.
 */
function selectPoint(q: QtiQuestion, key: Key<'select_point'>, href: Href): Written {
  const m: ResponseMapping | undefined = key.mapping;
  const pointsOf = (id: string) => (m ? (m.entries.find((e) => e.response === id)?.points ?? m.defaultValue) : q.marks);
  const best = [...key.areas].sort((a, b) => pointsOf(b.id) - pointsOf(a.id))[0]!;
  const point = pointInside(best.area);
  const areaMapping = `<qti-area-mapping default-value="${m?.defaultValue ?? 0}"${bounds(m?.lowerBound ?? 0, m ? m.upperBound : q.marks)}>${key.areas
    .map((a) => `<qti-area-map-entry${areaAttrs(a.area)} mapped-value="${pointsOf(a.id)}"/>`)
    .join('')}</qti-area-mapping>`;
  return {
    declaration: declarationXml('single', 'point', [`${point.x} ${point.y}`], areaMapping),
    body: `<qti-select-point-interaction response-identifier="RESPONSE" max-choices="1">${pictureXml(q, href)}</qti-select-point-interaction>`,
    processing: MAP_RESPONSE_POINT,
  };
}

/** The right pairs as directedPair values "source target", and the mapping of pairs when the key has one. */
function pairs(key: { correct: Pair[]; mapping?: ResponseMapping }): Pick<Written, 'declaration' | 'processing'> {
  const value = (p: Pair) => `${choiceId(p.source)} ${choiceId(p.target)}`;
  const asPair = (response: string): Pair => {
    const [source = '', target = ''] = response.split(' ');
    return { source, target };
  };
  const mapping = key.mapping
    ? mappingXml(
        key.mapping,
        key.mapping.entries.map((e) => ({ key: value(asPair(e.response)), points: e.points })),
        false,
      )
    : '';
  return {
    declaration: declarationXml('multiple', 'directedPair', key.correct.map(value), mapping),
    processing: key.mapping ? MAP_RESPONSE : MATCH_CORRECT,
  };
}

/** A word or label to place: a picture as QTI's gap-img (its label kept as object-label), else a gap-text. */
function gapChoice(o: QuestionOption, i: number, href: Href): string {
  const id = `identifier="${choiceId(o.id)}"${matchMaxAttr(o)}${fixedAttr(o)}`;
  return o.imageUrl
    ? `<qti-gap-img ${id} object-label="${attrValue(o.text)}"><img src="${attrValue(href(o.imageUrl))}" alt="${attrValue(o.text || `Label ${i + 1}`)}"/></qti-gap-img>`
    : `<qti-gap-text ${id}>${escapeHtml(o.text)}</qti-gap-text>`;
}

function graphicGapMatch(q: QtiQuestion, key: Key<'graphic_gap_match'>, href: Href): Written {
  return {
    ...pairs(key),
    // max-associations 0: as many pairs as the learner makes (QTI's default is one in all).
    body: `<qti-graphic-gap-match-interaction response-identifier="RESPONSE" shuffle="${q.shuffle}" max-associations="0">${pictureXml(q, href)}${q.options
      .map((o, i) => gapChoice(o, i, href))
      .join('')}${(q.targets ?? [])
      .map(
        (t) =>
          `<qti-associable-hotspot identifier="${choiceId(t.id)}"${t.area ? areaAttrs(t.area) : ''}${matchMaxAttr(t)}${label('hotspot-label', t.text)}/>`,
      )
      .join('')}</qti-graphic-gap-match-interaction>`,
  };
}

function gapMatch(q: QtiQuestion, key: Key<'gap_match'>, href: Href): Written {
  return {
    ...pairs(key),
    body: `<qti-gap-match-interaction response-identifier="RESPONSE" shuffle="${q.shuffle}">${q.options
      .map((o, i) => gapChoice(o, i, href))
      .join(
        '',
      )}${gapTextXml(q.gapText ?? '', (id) => `<qti-gap identifier="${choiceId(id)}"/>`)}</qti-gap-match-interaction>`,
  };
}

function match(q: QtiQuestion, key: Key<'match'>, href: Href): Written {
  const set = (items: Array<Pick<QuestionOption, 'id' | 'text' | 'imageUrl' | 'fixed' | 'matchMax'>>) =>
    `<qti-simple-match-set>${items
      .map(
        (o, i) =>
          `<qti-simple-associable-choice identifier="${choiceId(o.id)}"${matchMaxAttr(o)}${fixedAttr(o)}>${choiceContent(o, i, href)}</qti-simple-associable-choice>`,
      )
      .join('')}</qti-simple-match-set>`;
  return {
    ...pairs(key),
    body: `<qti-match-interaction response-identifier="RESPONSE" shuffle="${q.shuffle}" max-associations="0">${set(q.options)}${set(q.targets ?? [])}</qti-match-interaction>`,
  };
}

/** An order: the items as stored (the right order) and always shuffled, as each learner has them in their own. */
function order(q: QtiQuestion, key: Key<'order'>, href: Href): Written {
  return {
    declaration: declarationXml('ordered', 'identifier', key.correct.map(choiceId)),
    body: `<qti-order-interaction response-identifier="RESPONSE" shuffle="true">${q.options
      .map(
        (o, i) => `<qti-simple-choice identifier="${choiceId(o.id)}">${choiceContent(o, i, href)}</qti-simple-choice>`,
      )
      .join('')}</qti-order-interaction>`,
    processing: MATCH_CORRECT,
  };
}

/** An inline choice in its text: the text's block (read back whole on import) with the interaction at its gap. */
function inlineChoice(q: QtiQuestion, key: Key<'inline_choice'>): Written {
  const text = q.gapText ?? '';
  const [gap] = gapsIn(text);
  const interaction = `<qti-inline-choice-interaction response-identifier="RESPONSE" shuffle="${q.shuffle}">${q.options
    .map(
      (o) =>
        `<qti-inline-choice identifier="${choiceId(o.id)}"${fixedAttr(o)}>${escapeHtml(o.text)}</qti-inline-choice>`,
    )
    .join('')}</qti-inline-choice-interaction>`;
  return {
    declaration: declarationXml('single', 'identifier', [choiceId(key.correct)]),
    body: `<div class="${GAP_TEXT_CLASS}">${gapTextXml(text, (id) => (id === gap ? interaction : '_____'))}</div>`,
    processing: MATCH_CORRECT,
  };
}

/** The interaction of one of the seven types, or null for the first five (qti-write.ts writes those). */
export function interactionXml(q: QtiQuestion, key: AnswerKey, href: Href): Written | null {
  switch (key.type) {
    case 'hotspot':
      return hotspot(q, key, href);
    case 'select_point':
      return selectPoint(q, key, href);
    case 'graphic_gap_match':
      return graphicGapMatch(q, key, href);
    case 'gap_match':
      return gapMatch(q, key, href);
    case 'match':
      return match(q, key, href);
    case 'order':
      return order(q, key, href);
    case 'inline_choice':
      return inlineChoice(q, key);
    default:
      return null;
  }
}
