import type { QuestionOption, ResponseMapping } from '#contract/questions';
import { escapeHtml } from '../../platform/html.js';
import type { QtiQuestion } from './qti-question.js';

/**
 * The pieces every QTI 3.0 item of an export is written from (decisions 027, 081, 082 and 084): identifiers,
 * attribute values, the response processing templates, a response declaration, a mapping, a choice with its picture.
 */

const TEMPLATES = 'https://purl.imsglobal.org/spec/qti/v3p0/rptemplates';
export const MATCH_CORRECT = `<qti-response-processing template="${TEMPLATES}/match_correct.xml"/>`;
export const MAP_RESPONSE = `<qti-response-processing template="${TEMPLATES}/map_response.xml"/>`;
export const MAP_RESPONSE_POINT = `<qti-response-processing template="${TEMPLATES}/map_response_point.xml"/>`;

/** A QTI identifier starts with a letter or an underscore; our ids mostly do already. */
export const choiceId = (id: string) => (/^[A-Za-z_]/.test(id) ? id : `c_${id}`);
export const attrValue = (s: string) => escapeHtml(s);
/** Turns a picture's address into the one written in the item (a file beside it in the package). */
export type Href = (url: string) => string;

/** What one interaction adds to its item: the response declaration, the body's part, the response processing. */
export interface Written {
  declaration: string;
  body: string;
  processing: string;
}

/**
 * A key's mapping as QTI has it (decision 082). The lower bound is always written: QTI's default is none (a sum may
 * fall below 0), ours is 0.
 */
export function mappingXml(
  m: ResponseMapping,
  entries: Array<{ key: string; points: number }>,
  caseInsensitive: boolean,
): string {
  return `<qti-mapping default-value="${m.defaultValue}"${bounds(m.lowerBound, m.upperBound)}>${entries
    .map(
      (e) =>
        `<qti-map-entry map-key="${escapeHtml(e.key)}" mapped-value="${e.points}"${caseInsensitive ? ' case-sensitive="false"' : ''}/>`,
    )
    .join('')}</qti-mapping>`;
}
export const bounds = (lower: number, upper: number | null) =>
  ` lower-bound="${lower}"${upper == null ? '' : ` upper-bound="${upper}"`}`;

/** A response declaration named RESPONSE with its correct values and, when given, its mapping. */
export const declarationXml = (cardinality: string, baseType: string, correct: string[], mapping = '') =>
  `<qti-response-declaration identifier="RESPONSE" cardinality="${cardinality}" base-type="${baseType}"><qti-correct-response>${correct
    .map((c) => `<qti-value>${escapeHtml(c)}</qti-value>`)
    .join('')}</qti-correct-response>${mapping}</qti-response-declaration>`;

/** A choice's own picture, then its text: simple choices, associable choices. */
export function choiceContent(o: Pick<QuestionOption, 'text' | 'imageUrl'>, i: number, href: Href): string {
  const picture = o.imageUrl
    ? `<img src="${attrValue(href(o.imageUrl))}" alt="${attrValue(o.text || `Option ${i + 1}`)}"/>`
    : '';
  return `${picture}${escapeHtml(o.text)}`;
}
export const fixedAttr = (o: { fixed?: boolean }) => (o.fixed ? ' fixed="true"' : '');
/** QTI asks every associable choice for its matchMax; Olympus's default is 1, 0 is any number. */
export const matchMaxAttr = (o: { matchMax?: number }) => ` match-max="${o.matchMax ?? 1}"`;

/**
 * The picture an interaction is drawn on, with the width and height its areas are measured in (decision 084).
 * Only for a picture type, which always has one.
 */
export function pictureXml(q: QtiQuestion, href: Href): string {
  if (!q.imageUrl) throw new Error('QTI export needs the picture of a picture question');
  const size = q.imageWidth && q.imageHeight ? ` width="${q.imageWidth}" height="${q.imageHeight}"` : '';
  return `<img src="${attrValue(href(q.imageUrl))}" alt="${attrValue(q.imageAlt)}"${size}/>`;
}
